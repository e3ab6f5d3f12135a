import { BaseError } from '../../kernel/errors/base.js'

export type OnrampApiErrorType = OnrampApiError & { name: 'OnrampApiError' }
/**
 * An on-ramp call failed or answered something that is not its documented shape. Options and
 * quotes fall back instead of throwing (spec); the checkout-link generator throws this.
 */
export class OnrampApiError extends BaseError {
  override name = 'OnrampApiError' as const
  readonly status: number | undefined
  constructor(shortMessage: string, { cause, status }: { cause?: unknown; status?: number | undefined } = {}) {
    super(shortMessage, { cause, details: status === undefined ? undefined : `The service answered HTTP ${status}.` })
    this.status = status
  }
}

export type OnrampNotAvailableErrorType = OnrampNotAvailableError & { name: 'OnrampNotAvailableError' }
/** Buying crypto is not offered here: a restricted time zone or a network outside eip155 and solana. */
export class OnrampNotAvailableError extends BaseError {
  override name = 'OnrampNotAvailableError' as const
  constructor({ reason }: { reason: 'timeZone' | 'namespace' }) {
    super('Buying crypto is not available', {
      details:
        reason === 'timeZone'
          ? 'The on-ramp is not offered in this region.'
          : 'The on-ramp delivers to eip155 and solana networks only.',
    })
  }
}
