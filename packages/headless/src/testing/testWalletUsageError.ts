import { BaseError } from '../kernel/errors/base.js'

/**
 * {@link TestWalletUsageError} narrowed by its `name`, for `XErrorType` unions.
 *
 * @example
 * if ((error as TestWalletUsageErrorType).name === 'TestWalletUsageError') throw error
 */
export type TestWalletUsageErrorType = TestWalletUsageError & { name: 'TestWalletUsageError' }

/**
 * A test wallet was misconfigured or a control was misused (no keys, an account index out of
 * range, `announce()` without a `window`). Unlike the wallets' protocol errors this is a bug in
 * the test itself, so it is a Portico error that names the fix.
 *
 * @example
 * try { wallet.setAccount(9) } catch (e) {
 *   if (e instanceof TestWalletUsageError) console.log(e.shortMessage)
 * }
 */
export class TestWalletUsageError extends BaseError {
  override name = 'TestWalletUsageError' as const
  constructor(shortMessage: string, { fix }: { fix?: string } = {}) {
    super(shortMessage, { metaMessages: fix ? [fix] : undefined, docsPath: '/testing/wallets' })
  }
}
