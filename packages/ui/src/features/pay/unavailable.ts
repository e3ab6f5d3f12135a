import { BaseError } from '@portico/headless'

// A module of its own, apart from errors.ts: usePay (reachable from the main entry) throws it, and
// a module both the main entry and the panel's lazy chunk import stays at page start whole, so the
// other pay errors would ride along on every page, using usePay or not.

export type PayUnavailableErrorType = PayUnavailableError & { name: 'PayUnavailableError' }
/**
 * The pay panel's code could not be loaded (the visitor is offline, or a deploy replaced its
 * chunk): nothing opened and nothing was sent. `cause` is the browser's error; calling `pay` again
 * fetches the code anew.
 */
export class PayUnavailableError extends BaseError {
  override name = 'PayUnavailableError' as const
  constructor({ cause }: { cause: unknown }) {
    super('The pay panel could not be loaded', { cause })
  }
}
