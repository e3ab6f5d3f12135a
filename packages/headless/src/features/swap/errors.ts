import { BaseError } from '../../kernel/errors/base.js'
import type { SwapQuote } from './types.js'

export type SwapNetworkNotSupportedErrorType = SwapNetworkNotSupportedError & { name: 'SwapNetworkNotSupportedError' }
/** Swaps were asked for on a network the convert API does not serve. */
export class SwapNetworkNotSupportedError extends BaseError {
  override name = 'SwapNetworkNotSupportedError' as const
  constructor({ caipNetworkId }: { caipNetworkId?: string } = {}) {
    super('Network not supported for Swaps', {
      details: caipNetworkId ? `${caipNetworkId} is not a swap network.` : undefined,
      metaMessages: ['Switch to a network that supports swaps.'],
    })
  }
}

export type SwapBlockchainApiDisabledErrorType = SwapBlockchainApiDisabledError & {
  name: 'SwapBlockchainApiDisabledError'
}
/**
 * Swaps were asked for on an instance created with `blockchainApi: false`. Every swap route
 * (tokens, quotes, allowance, gas price, approve and swap builds) is the blockchain API's, so
 * nothing was sent: a host that turned the API off never has its users' addresses and amounts
 * reach it. Not worth a retry (it has no `status`).
 *
 * @example
 * const error = await swap(portico, parameters).catch((e: SwapErrorType) => e)
 * if (error.name === 'SwapBlockchainApiDisabledError') hideSwapButton()
 */
export class SwapBlockchainApiDisabledError extends BaseError {
  override name = 'SwapBlockchainApiDisabledError' as const
  constructor() {
    super('Swaps need the blockchain API', {
      details: 'This app turned the blockchain API off (`blockchainApi: false`); swaps go through it.',
      metaMessages: ['Create the instance with `blockchainApi: true` (the default) to offer swaps.'],
    })
  }
}

export type SwapApiErrorType = SwapApiError & { name: 'SwapApiError' }
/**
 * A convert (swap) API call failed or answered something that is not its documented shape.
 * `status` is the HTTP status when the service answered (429 and 5xx are worth a retry).
 */
export class SwapApiError extends BaseError {
  override name = 'SwapApiError' as const
  readonly status: number | undefined
  /** How long the service asked to wait before another try (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined
  constructor(
    shortMessage: string,
    {
      cause,
      status,
      retryAfterMs,
    }: { cause?: unknown; status?: number | undefined; retryAfterMs?: number | undefined } = {},
  ) {
    super(shortMessage, { cause, details: status === undefined ? undefined : `The service answered HTTP ${status}.` })
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

export type InvalidSwapAmountErrorType = InvalidSwapAmountError & { name: 'InvalidSwapAmountError' }
/** A swap amount that is not a positive whole number of token units. */
export class InvalidSwapAmountError extends BaseError {
  override name = 'InvalidSwapAmountError' as const
  constructor() {
    super('Swap amount must be greater than 0', {
      metaMessages: ['Pass the amount in the token’s smallest units as a bigint (e.g. parseUnits("1.5", decimals)).'],
    })
  }
}

export type SwapRevertedErrorType = SwapRevertedError & { name: 'SwapRevertedError' }
/**
 * A swap or approval transaction was mined but reverted (the price moved past the slippage
 * tolerance, the deadline passed…). Only gas was spent: the tokens stayed where they were.
 */
export class SwapRevertedError extends BaseError {
  override name = 'SwapRevertedError' as const
  readonly hash: `0x${string}`
  /** The block the transaction was mined in (hex), when the receipt said. */
  readonly blockNumber: string | undefined
  constructor({
    hash,
    step,
    blockNumber,
  }: { hash: `0x${string}`; step: 'approve' | 'permit' | 'swap'; blockNumber?: string | undefined }) {
    super(step === 'swap' ? 'Swap failed' : 'Approval failed', {
      details: `Transaction ${hash} reverted.`,
      metaMessages:
        step === 'swap'
          ? ['The price may have moved past the slippage tolerance. Get a new quote and try again.']
          : undefined,
    })
    this.hash = hash
    this.blockNumber = blockNumber
  }
}

export type SwapNotConfirmedErrorType = SwapNotConfirmedError & { name: 'SwapNotConfirmedError' }
/** A swap or approval was sent but no receipt arrived in time; it may still land. */
export class SwapNotConfirmedError extends BaseError {
  override name = 'SwapNotConfirmedError' as const
  readonly hash: `0x${string}`
  constructor({ hash }: { hash: `0x${string}` }) {
    super('Transaction not confirmed', {
      details: `No receipt for ${hash} yet.`,
      metaMessages: ['Check the wallet’s activity before trying again: the transaction may still be mined.'],
    })
    this.hash = hash
  }
}

export type SwapPriceChangedErrorType = SwapPriceChangedError & { name: 'SwapPriceChangedError' }
/**
 * The market moved between the review and the click: a fresh quote pays less than the minimum
 * the user reviewed, so nothing was sent. `quote` holds the new figures to show before asking
 * again; `minimumReceived` is the minimum that was reviewed.
 *
 * @example
 * try { await swap(portico, { from, to, amount, minimumReceived: reviewed.minimumReceived }) }
 * catch (e) { const error = e as SwapErrorType; if (error.name === 'SwapPriceChangedError') showReview(error.quote) }
 */
export class SwapPriceChangedError extends BaseError {
  override name = 'SwapPriceChangedError' as const
  readonly quote: SwapQuote
  readonly minimumReceived: bigint
  constructor({ quote, minimumReceived }: { quote: SwapQuote; minimumReceived: bigint }) {
    super('The price changed', {
      details: `A fresh quote pays ${quote.toAmount} base units, less than the ${minimumReceived} reviewed as the minimum received.`,
      metaMessages: ['Nothing was sent. Review the new quote and confirm again.'],
    })
    this.quote = quote
    this.minimumReceived = minimumReceived
  }
}

export type SwapMinimumNotMetErrorType = SwapMinimumNotMetError & { name: 'SwapMinimumNotMetError' }
/**
 * The swap contract refused to pay less than the minimum received (the market moved past it
 * while the swap was on its way). No tokens moved; `hash` is set when the transaction was mined
 * (and its fee spent), absent when the wallet refused it before sending.
 *
 * @example
 * const error = await swap(portico, parameters).catch((e) => e)
 * if (error.name === 'SwapMinimumNotMetError') toast('The price moved. Nothing was swapped.')
 */
export class SwapMinimumNotMetError extends BaseError {
  override name = 'SwapMinimumNotMetError' as const
  readonly hash: `0x${string}` | undefined
  constructor({ hash, cause }: { hash?: `0x${string}` | undefined; cause?: unknown } = {}) {
    super('The price moved below the minimum received', {
      cause,
      details: hash
        ? `Transaction ${hash} reverted: the swap would have paid less than the minimum received.`
        : 'The swap would pay less than the minimum received; it was not sent.',
      metaMessages: ['No tokens were swapped. Review a new quote and try again.'],
    })
    this.hash = hash
  }
}
