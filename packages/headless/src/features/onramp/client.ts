import * as z from 'zod/mini'
import { hostedFetch } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { Portico } from '../../kernel/portico.js'
import { lazy } from '../../kernel/utils/lazy.js'
import { OnrampApiError } from './errors.js'

// Clients of the blockchain API's on-ramp routes, with the spec's fallbacks: sample options when
// the options call fails, a placeholder quote when the quote call fails.

/** Namespaces the on-ramp delivers to (spec: eip155 and solana). */
export const onrampNamespaces = ['eip155', 'solana'] as const
export type OnrampNamespace = (typeof onrampNamespaces)[number]

/**
 * @internal
 * Whether the on-ramp delivers to a namespace (a host asks `isOnrampAvailable`).
 *
 * @example
 * isOnrampNamespace('solana') // true
 */
export function isOnrampNamespace(namespace: string): namespace is OnrampNamespace {
  return (onrampNamespaces as readonly string[]).includes(namespace)
}

/**
 * Time zones where buying is not offered (spec: mainland China, Hong Kong and Macau zones,
 * including their IANA aliases).
 */
export const restrictedTimeZones = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
] as const

/**
 * @internal
 * Whether the visitor's time zone is one where the on-ramp is not offered (a host asks
 * `isOnrampAvailable`).
 *
 * @example
 * if (isRestrictedTimeZone()) hideBuy()
 * isRestrictedTimeZone('Asia/Hong_Kong') // true
 */
export function isRestrictedTimeZone(timeZone: string | undefined = currentTimeZone()): boolean {
  return timeZone !== undefined && (restrictedTimeZones as readonly string[]).includes(timeZone)
}

/**
 * Whether Buy is offered: the on-ramp delivers to `namespace` (eip155, solana) and the visitor's
 * time zone (or `timeZone`) is not a restricted one; what `createOnrampUrl` checks before it asks
 * for a link. A host hides its Buy button when it is false.
 *
 * @example
 * if (!isOnrampAvailable({ namespace: getConnection(portico).namespace })) hideBuy()
 * isOnrampAvailable({ namespace: 'eip155', timeZone: 'Asia/Hong_Kong' }) // false
 */
export function isOnrampAvailable({
  namespace,
  timeZone,
}: {
  namespace: string | undefined
  timeZone?: string | undefined
}): boolean {
  return namespace !== undefined && isOnrampNamespace(namespace) && !isRestrictedTimeZone(timeZone)
}

function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** A payment method's amount range, as decimal strings in the payment currency. */
export type OnrampPaymentMethodLimit = { id: string; min: string; max: string }
export type OnrampPaymentCurrency = { id: string; payment_method_limits: OnrampPaymentMethodLimit[] }
export type OnrampNetwork = { name: string; display_name: string; chain_id: string; contract_address: string }
export type OnrampPurchaseCurrency = { id: string; name: string; symbol: string; networks: OnrampNetwork[] }
export type OnrampOptions = {
  purchaseCurrencies: OnrampPurchaseCurrency[]
  paymentCurrencies: OnrampPaymentCurrency[]
  /** `'sample'` when the call failed and the built-in sample options stand in. */
  source: 'api' | 'sample'
}

/** Spec fallback limits: card 10.00 to 7500.00, ach_bank_account 10.00 to 25000.00. */
export const onrampFallbackLimits: readonly OnrampPaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** Spec: fallback limits apply to USD and EUR. */
export const onrampFallbackPaymentCurrencies: readonly OnrampPaymentCurrency[] = ['USD', 'EUR'].map((id) => ({
  id,
  payment_method_limits: onrampFallbackLimits.map((l) => ({ ...l })),
}))

/** Spec: the default purchase currency is USDC on Ethereum and Polygon. */
export const defaultOnrampPurchaseCurrency: OnrampPurchaseCurrency = {
  id: '2b92315d-eab7-5bef-84fa-089a131333f5',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [
    {
      name: 'ethereum',
      display_name: 'Ethereum',
      chain_id: '1',
      contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    },
    {
      name: 'polygon',
      display_name: 'Polygon',
      chain_id: '137',
      contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    },
  ],
}

/**
 * The built-in sample options used when the options call fails (spec): USDC on Ethereum and
 * Polygon, paid in USD or EUR within the fallback limits.
 *
 * @example
 * const { purchaseCurrencies } = onrampSampleOptions()
 */
export function onrampSampleOptions(): OnrampOptions {
  return {
    purchaseCurrencies: [structuredClone(defaultOnrampPurchaseCurrency)],
    paymentCurrencies: structuredClone(onrampFallbackPaymentCurrencies) as OnrampPaymentCurrency[],
    source: 'sample',
  }
}

/**
 * The built-in provider list: `hosted` is the checkout the blockchain API's URL generator links to.
 *
 * @example
 * parseOnrampProviders(remoteProviders ?? [...defaultOnrampProviders]) // ['hosted']
 */
export const defaultOnrampProviders = ['hosted'] as const

/**
 * Spec: the on-ramp provider list must be an array of strings, otherwise it is emptied.
 *
 * @example
 * parseOnrampProviders(['meld', 'coinbase']) // ['meld', 'coinbase']
 * parseOnrampProviders('meld') // []
 */
export function parseOnrampProviders(value: unknown): string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value] : []
}

// The response schemas are built on their first use (`lazy`), not at import: a page that imports
// the on-ramp hooks but never opens the on-ramp keeps no zod objects for them.
const limitSchema = () => z.object({ id: z.string(), min: z.string(), max: z.string() })
const paymentSchema = lazy(() => z.object({ id: z.string(), payment_method_limits: z.array(limitSchema()) }))
const networkSchema = () =>
  z.object({
    name: z.string(),
    display_name: z.string(),
    chain_id: z.string(),
    contract_address: z.string(),
  })
const purchaseSchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    networks: z.array(networkSchema()),
  }),
)
const optionsSchema = lazy(() =>
  z.object({ purchaseCurrencies: z.array(z.unknown()), paymentCurrencies: z.array(z.unknown()) }),
)

const keep = <schema extends z.ZodMiniType>(schema: schema, entries: unknown[]): z.infer<schema>[] =>
  entries.flatMap((entry) => {
    const parsed = schema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })

async function post(portico: Portico, path: string, body: unknown): Promise<unknown> {
  const response = await hostedFetch(portico, blockchainApiUrl(portico, path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new OnrampApiError(`HTTP ${response.status}`, { status: response.status })
  return response.json()
}

export type FetchOnrampOptionsReturnType = OnrampOptions

/**
 * What can be bought and paid with (`GET /v1/onramp/options`). Never throws: when the call fails
 * or its body is unusable, the sample options are returned (`source: 'sample'`); malformed
 * entries are dropped.
 *
 * @example
 * const options = await fetchOnrampOptions(portico)
 */
export async function fetchOnrampOptions(portico: Portico): Promise<FetchOnrampOptionsReturnType> {
  try {
    const response = await hostedFetch(portico, blockchainApiUrl(portico, '/v1/onramp/options'))
    if (!response.ok) return onrampSampleOptions()
    const body = optionsSchema().parse(await response.json())
    const purchaseCurrencies = keep(purchaseSchema(), body.purchaseCurrencies)
    const paymentCurrencies = keep(paymentSchema(), body.paymentCurrencies)
    if (purchaseCurrencies.length === 0 || paymentCurrencies.length === 0) return onrampSampleOptions()
    return { purchaseCurrencies, paymentCurrencies, source: 'api' }
  } catch {
    return onrampSampleOptions()
  }
}

export type OnrampMoney = { amount: string; currency: string }
export type OnrampQuote = {
  networkFee: OnrampMoney
  paymentSubtotal: OnrampMoney
  paymentTotal: OnrampMoney
  purchaseAmount: OnrampMoney
  quoteId: string
  /** True when the call failed and this is the placeholder quote (amounts not real). */
  placeholder: boolean
}

const moneySchema = () => z.object({ amount: z.string(), currency: z.string() })
const quoteSchema = lazy(() =>
  z.object({
    networkFee: moneySchema(),
    paymentSubtotal: moneySchema(),
    paymentTotal: moneySchema(),
    purchaseAmount: moneySchema(),
    quoteId: z.string(),
  }),
)

export type FetchOnrampQuoteParameters = {
  /** Purchase currency id (or the currency object). */
  purchaseCurrency: string | { id: string; symbol?: string }
  paymentCurrency: string | { id: string }
  /** Fiat amount, decimal string or number. */
  amount: string | number
  /** Network name of the purchase currency (e.g. `ethereum`). */
  network?: string | undefined
  paymentMethod?: string | undefined
}

/**
 * The quote when the call fails (spec): the fiat amount echoed, nothing purchased.
 *
 * @example
 * placeholderOnrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 100 }).placeholder // true
 */
export function placeholderOnrampQuote(parameters: FetchOnrampQuoteParameters): OnrampQuote {
  const fiat =
    typeof parameters.paymentCurrency === 'string' ? parameters.paymentCurrency : parameters.paymentCurrency.id
  const crypto =
    typeof parameters.purchaseCurrency === 'string'
      ? parameters.purchaseCurrency
      : (parameters.purchaseCurrency.symbol ?? parameters.purchaseCurrency.id)
  const amount = Number(parameters.amount)
  const paid = Number.isFinite(amount) ? amount.toFixed(2) : '0.00'
  return {
    networkFee: { amount: '0.00', currency: fiat },
    paymentSubtotal: { amount: paid, currency: fiat },
    paymentTotal: { amount: paid, currency: fiat },
    purchaseAmount: { amount: '0', currency: crypto },
    quoteId: 'placeholder-quote',
    placeholder: true,
  }
}

/**
 * A price for buying with `amount` of fiat (`POST /v1/onramp/quote`, body purchaseCurrency,
 * paymentCurrency, amount, network). Never throws: a failed or malformed answer gives the
 * placeholder quote.
 *
 * @example
 * const quote = await fetchOnrampQuote(portico, { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })
 * quote.purchaseAmount.amount
 */
export async function fetchOnrampQuote(portico: Portico, parameters: FetchOnrampQuoteParameters): Promise<OnrampQuote> {
  const id = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id)
  try {
    const body = await post(portico, '/v1/onramp/quote', {
      purchaseCurrency: id(parameters.purchaseCurrency),
      paymentCurrency: id(parameters.paymentCurrency),
      amount: String(parameters.amount),
      network: parameters.network,
      ...(parameters.paymentMethod ? { paymentMethod: parameters.paymentMethod } : {}),
    })
    return { ...quoteSchema().parse(body), placeholder: false }
  } catch {
    return placeholderOnrampQuote(parameters)
  }
}

export type OnrampDestinationWallet = {
  address: string
  blockchains?: string[] | undefined
  assets?: string[] | undefined
}

export type GenerateOnrampUrlParameters = {
  destinationWallets: OnrampDestinationWallet[]
  defaultNetwork?: string | undefined
  partnerUserId?: string | undefined
  defaultExperience?: 'buy' | 'send' | undefined
  presetCryptoAmount?: number | undefined
  presetFiatAmount?: number | undefined
}
export type GenerateOnrampUrlErrorType = OnrampApiError

/**
 * @internal
 * The request underneath `createOnrampUrl`, which fills it from the connection and checks
 * the namespace and time zone first (a host calls `createOnrampUrl`). The provider checkout link
 * for a purchase (`POST /v1/generators/onrampurl`).
 *
 * @example
 * const url = await generateOnrampUrl(portico, { destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['USDC'] }], defaultNetwork: 'ethereum', partnerUserId: address })
 * window.open(url, 'onramp', 'popup')
 */
export async function generateOnrampUrl(portico: Portico, parameters: GenerateOnrampUrlParameters): Promise<string> {
  let body: unknown
  try {
    body = await post(portico, '/v1/generators/onrampurl', parameters)
  } catch (error) {
    throw new OnrampApiError('Failed to generate the on-ramp URL', {
      cause: error,
      status: error instanceof OnrampApiError ? error.status : undefined,
    })
  }
  const parsed = z.object({ url: z.string() }).safeParse(body)
  if (!parsed.success || !/^https?:\/\//.test(parsed.data.url))
    throw new OnrampApiError('Failed to generate the on-ramp URL', { cause: parsed.error })
  return parsed.data.url
}

export type BuildOnrampProviderUrlParameters = {
  /** The provider's checkout URL. */
  providerUrl: string
  /** The provider's public (publishable) key. */
  publicKey: string
  /** Where the funds go; its namespace picks the currency. */
  namespace: string
  walletAddress: string
  /** Our id for the buyer at the provider. */
  externalCustomerId: string
}

/**
 * A provider checkout URL with the spec's parameters: publicKey, destinationCurrencyCode (SOL on
 * Solana, else USDC), walletAddress and externalCustomerId.
 *
 * @example
 * buildOnrampProviderUrl({ providerUrl, publicKey: 'pk', namespace: 'solana', walletAddress, externalCustomerId: 'u1' })
 */
export function buildOnrampProviderUrl(parameters: BuildOnrampProviderUrlParameters): string {
  const url = new URL(parameters.providerUrl)
  url.searchParams.set('publicKey', parameters.publicKey)
  url.searchParams.set('destinationCurrencyCode', parameters.namespace === 'solana' ? 'SOL' : 'USDC')
  url.searchParams.set('walletAddress', parameters.walletAddress)
  url.searchParams.set('externalCustomerId', parameters.externalCustomerId)
  return url.toString()
}
