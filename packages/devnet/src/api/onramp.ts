/**
 * The blockchain API's on-ramp routes: the options a buyer picks from, quotes, and the
 * generator of a checkout link on the devnet provider (`src/onramp/provider.ts`). The provider
 * pays out on the devnet chains; these routes only describe and price the purchase.
 */
import { evmChainId } from '../accounts.js'
import { HttpError, isRecord } from '../emulator/app.js'
import { evmTokens } from '../tokens.js'
import { fixturePrices, solanaCaip2 } from './chain.js'

/** Fiat currencies the devnet provider takes, with their USD value. */
const FIAT_USD: Record<string, number> = { USD: 1, EUR: 1.08 }

/** What the devnet provider charges on top of the network fee (inside the spec's 1-2% range). */
export const ONRAMP_PROVIDER_FEE = 0.015

/** Flat network fee in the payment currency. */
const NETWORK_FEE = 0.5

const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const

const usdc = evmTokens.find((t) => t.symbol === 'USDC')

/** A network a purchase currency can be delivered on. */
export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

/**
 * `GET /v1/onramp/options`: USD and EUR by card or bank, USDC on the devnet EVM chain, SOL on
 * the devnet Solana chain.
 *
 * @example
 * ```ts
 * const { purchaseCurrencies, paymentCurrencies } = onrampOptions()
 * ```
 */
export function onrampOptions(): {
  paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
  purchaseCurrencies: { id: string; name: string; symbol: string; networks: OnrampNetwork[] }[]
} {
  return {
    paymentCurrencies: Object.keys(FIAT_USD).map((id) => ({
      id,
      payment_method_limits: LIMITS.map((l) => ({ ...l })),
    })),
    purchaseCurrencies: [
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          {
            name: 'portico-devnet',
            display_name: 'Portico Devnet',
            chain_id: String(evmChainId),
            contract_address: usdc?.address ?? '',
          },
        ],
      },
      {
        id: 'SOL',
        name: 'Solana',
        symbol: 'SOL',
        networks: [
          { name: 'solana-devnet', display_name: 'Solana Devnet', chain_id: solanaCaip2, contract_address: '' },
        ],
      },
    ],
  }
}

/** A money amount in a quote. */
export interface OnrampMoney {
  amount: string
  currency: string
}

/** A quote as `POST /v1/onramp/quote` returns it. */
export interface OnrampQuote {
  networkFee: OnrampMoney
  paymentSubtotal: OnrampMoney
  paymentTotal: OnrampMoney
  purchaseAmount: OnrampMoney
  quoteId: string
}

/** Accepts an id string or an object carrying `id` (clients send either). */
function currencyId(value: unknown, name: string): string {
  const id = isRecord(value) ? value.id : value
  if (typeof id !== 'string' || id === '') throw new HttpError(400, `Missing ${name}`)
  return id.toUpperCase()
}

/**
 * Prices a purchase: `paymentTotal` is what the buyer pays (`amount`), less the network fee and
 * the provider fee is what buys crypto at the devnet price. Shared with the checkout so both
 * agree to the cent.
 *
 * @example
 * ```ts
 * const q = priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 100 })
 * ```
 */
export function priceOnramp(request: {
  purchaseCurrency: string
  paymentCurrency: string
  amount: number
  paymentMethod?: string
}): OnrampQuote {
  const fiatUsd = FIAT_USD[request.paymentCurrency]
  if (fiatUsd === undefined) throw new HttpError(400, `Unsupported paymentCurrency ${request.paymentCurrency}`)
  const priceUsd = fixturePrices[request.purchaseCurrency]
  if (priceUsd === undefined || !['USDC', 'SOL'].includes(request.purchaseCurrency))
    throw new HttpError(400, `Unsupported purchaseCurrency ${request.purchaseCurrency}`)
  const limit = LIMITS.find((l) => l.id === (request.paymentMethod ?? 'card'))
  if (!limit) throw new HttpError(400, `Unsupported payment method ${request.paymentMethod}`)
  const { amount } = request
  if (!Number.isFinite(amount) || amount < Number(limit.min) || amount > Number(limit.max))
    throw new HttpError(
      400,
      `amount must be between ${limit.min} and ${limit.max} ${request.paymentCurrency} for ${limit.id}`,
    )
  const fee = Math.round(amount * ONRAMP_PROVIDER_FEE * 100) / 100
  const subtotal = Math.round((amount - fee - NETWORK_FEE) * 100) / 100
  const decimals = request.purchaseCurrency === 'SOL' ? 9 : 6
  const crypto = (subtotal * fiatUsd) / priceUsd
  return {
    networkFee: { amount: NETWORK_FEE.toFixed(2), currency: request.paymentCurrency },
    paymentSubtotal: { amount: subtotal.toFixed(2), currency: request.paymentCurrency },
    paymentTotal: { amount: amount.toFixed(2), currency: request.paymentCurrency },
    purchaseAmount: { amount: crypto.toFixed(decimals), currency: request.purchaseCurrency },
    quoteId: `devnet-quote-${request.purchaseCurrency}-${request.paymentCurrency}-${amount.toFixed(2)}`,
  }
}

/**
 * `POST /v1/onramp/quote` with `{ purchaseCurrency, paymentCurrency, amount, network,
 * paymentMethod? }`.
 *
 * @example
 * ```ts
 * const quote = onrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-devnet' })
 * ```
 */
export function onrampQuote(body: unknown): OnrampQuote {
  if (!isRecord(body)) throw new HttpError(400, 'Expected a JSON object')
  const amount = Number(body.amount)
  if (body.amount === undefined || body.amount === '' || !Number.isFinite(amount))
    throw new HttpError(400, 'amount must be a number')
  return priceOnramp({
    purchaseCurrency: currencyId(body.purchaseCurrency, 'purchaseCurrency'),
    paymentCurrency: currencyId(body.paymentCurrency, 'paymentCurrency'),
    amount,
    paymentMethod: typeof body.paymentMethod === 'string' ? body.paymentMethod : undefined,
  })
}

/**
 * `POST /v1/generators/onrampurl` with `{ destinationWallets: [{ address, blockchains?, assets? }],
 * defaultNetwork, partnerUserId, defaultExperience, presetCryptoAmount, presetFiatAmount }`:
 * a link to the devnet provider's checkout carrying the purchase in its query.
 *
 * @example
 * ```ts
 * const { url } = onrampUrl('http://127.0.0.1:43200', { destinationWallets: [{ address, assets: ['USDC'] }], partnerUserId: 'u1' })
 * ```
 */
export function onrampUrl(providerUrl: string, body: unknown): { url: string } {
  if (!isRecord(body)) throw new HttpError(400, 'Expected a JSON object')
  const wallets = body.destinationWallets
  if (!Array.isArray(wallets) || wallets.length === 0)
    throw new HttpError(400, 'destinationWallets must be a non-empty array')
  const network = typeof body.defaultNetwork === 'string' ? body.defaultNetwork : undefined
  const solanaNetwork = (n: unknown) => typeof n === 'string' && n.toLowerCase().startsWith('solana')
  const wallet =
    wallets.find((w) => isRecord(w) && Array.isArray(w.blockchains) && w.blockchains.some((b) => b === network)) ??
    wallets[0]
  if (!isRecord(wallet) || typeof wallet.address !== 'string' || wallet.address === '')
    throw new HttpError(400, 'destinationWallets[].address is required')
  const onSolana =
    solanaNetwork(network) || (Array.isArray(wallet.blockchains) && wallet.blockchains.some(solanaNetwork))
  const url = new URL('/checkout', providerUrl)
  url.searchParams.set('walletAddress', wallet.address)
  url.searchParams.set('destinationCurrencyCode', onSolana ? 'SOL' : 'USDC')
  if (typeof body.partnerUserId === 'string') url.searchParams.set('externalCustomerId', body.partnerUserId)
  for (const key of ['presetFiatAmount', 'presetCryptoAmount', 'defaultExperience'] as const) {
    const value = body[key]
    if (typeof value === 'number' || (typeof value === 'string' && value !== ''))
      url.searchParams.set(key, String(value))
  }
  return { url: url.toString() }
}
