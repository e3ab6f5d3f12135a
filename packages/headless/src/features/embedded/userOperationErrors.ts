// The embedded smart account's reverted operation, apart from errors.ts: the connector raises it
// from the frame's error reply (code -32521 and its data).
import { BaseError } from '../../kernel/errors/base.js'
import { EmbeddedWalletError } from './errors.js'

export type UserOperationRevertedErrorType = UserOperationRevertedError & { name: 'UserOperationRevertedError' }
/**
 * A call sent through the embedded smart account reverted (code -32521, ERC-7769's execution
 * revert). Either the bundler found it while estimating the operation's gas (nothing was signed or
 * sent: no `userOpHash`), or the operation was included and its call reverted on chain (the
 * receipt's `success: false`; `transactionHash` is the bundle's transaction, the calls' effects are
 * undone and nothing stays pending). `reason` is the revert decoded (`Error(string)`'s text,
 * `Panic(0x11)`, an ERC-6093 token error with its arguments) when the data names one;
 * `revertData` the raw bytes.
 *
 * @example
 * ```ts
 * try { await sendTransaction(portico, { to: token, data }) } catch (e) {
 *   const error = e as UserOperationRevertedErrorType
 *   if (error.name === 'UserOperationRevertedError') console.log(error.reason ?? error.revertData)
 * }
 * ```
 */
export class UserOperationRevertedError extends BaseError {
  override name = 'UserOperationRevertedError' as const
  readonly code = -32521
  readonly reason: string | undefined
  readonly revertData: `0x${string}`
  readonly userOpHash: `0x${string}` | undefined
  readonly transactionHash: `0x${string}` | undefined
  constructor(data: {
    reason?: string | undefined
    revertData: `0x${string}`
    userOpHash?: `0x${string}` | undefined
    transactionHash?: `0x${string}` | undefined
    cause?: unknown
  }) {
    super(`The user operation reverted${data.reason ? `: ${data.reason}` : ''}`, { cause: data.cause })
    this.reason = data.reason
    this.revertData = data.revertData
    this.userOpHash = data.userOpHash
    this.transactionHash = data.transactionHash
  }
}

/**
 * @internal
 * The frame's reply to a reverted user operation (code -32521 with its `data`) as
 * {@link UserOperationRevertedError}; any other error is returned unchanged.
 *
 * @example
 * throw toUserOperationRevertedError(error)
 */
export function toUserOperationRevertedError(error: unknown): unknown {
  const data = error instanceof EmbeddedWalletError && error.code === -32521 ? error.data : undefined
  if (!data) return error
  return new UserOperationRevertedError({ ...(data as { revertData: `0x${string}` }), cause: error })
}
