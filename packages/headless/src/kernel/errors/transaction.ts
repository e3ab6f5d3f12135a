import { BaseError } from './base.js'

export type TransactionFailedErrorType = TransactionFailedError & { name: 'TransactionFailedError' }
/** The transaction was included but failed on chain (EVM status reverted, or a Solana instruction error). */
export class TransactionFailedError extends BaseError {
  override name = 'TransactionFailedError' as const
  readonly hash: string
  constructor({ hash, reason }: { hash: string; reason?: string | undefined }) {
    super('The transaction failed', { details: `${hash}${reason ? `: ${reason}` : ''}` })
    this.hash = hash
  }
}

export type TransactionConfirmationTimeoutErrorType = TransactionConfirmationTimeoutError & {
  name: 'TransactionConfirmationTimeoutError'
}
/** The transaction was sent but not confirmed in time; it may still land (check `hash`). */
export class TransactionConfirmationTimeoutError extends BaseError {
  override name = 'TransactionConfirmationTimeoutError' as const
  readonly hash: string
  constructor({ hash, timeoutMs, cause }: { hash: string; timeoutMs: number; cause?: unknown }) {
    super('The transaction was not confirmed in time', {
      cause,
      details: `${hash} was not confirmed within ${Math.round(timeoutMs / 1000)} s.`,
    })
    this.hash = hash
  }
}
