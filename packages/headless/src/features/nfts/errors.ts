import { BaseError } from '../../kernel/errors/base.js'

export type NftsUnavailableErrorType = NftsUnavailableError & { name: 'NftsUnavailableError' }

/**
 * The account's NFTs could not be fetched from the blockchain API (a failed call or an answer
 * that is not a page of NFTs). The cause says which.
 *
 * @example
 * if (error.name === 'NftsUnavailableError') showRetry()
 */
export class NftsUnavailableError extends BaseError {
  override name = 'NftsUnavailableError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to fetch NFTs', {
      cause,
      metaMessages: ['Check the blockchain API (`apiUrls.blockchain`) and try again.'],
    })
  }
}
