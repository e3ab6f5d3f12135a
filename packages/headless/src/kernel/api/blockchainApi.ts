// The blockchain API's client: balances and supported chains, identity (names), fungible prices
// and gas price. Every response is schema-checked; failures are typed errors.
import { BaseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import type { PorticoNetwork, TokenBalance } from '../types.js'
import type { CaipNetworkId } from '../utils/caip.js'
import * as c from '../utils/check.js'
import { lazy } from '../utils/lazy.js'
import { fetchJson } from './http.js'
import { blockchainApiUrl } from './urls.js'

/** Spec: after a failed balance fetch, retries are blocked for 30 s. */
export const balanceRetryLockoutMs = 30_000

/**
 * @internal A `TokenBalance` as the blockchain API answers it and as the balance cache stores it
 * (state/balanceCache.ts). Built on each use: both are reads of untrusted input after page start.
 */
export const tokenBalanceCheck = () =>
  c.object({
    name: c.string(),
    symbol: c.string(),
    chainId: c.string(),
    address: c.optional(c.string()),
    value: c.optional(c.number()),
    price: c.optional(c.number()),
    quantity: c.object({ decimals: c.string(), numeric: c.string() }),
    iconUrl: c.optional(c.string()),
  })
const balanceSchema = lazy(() => c.object({ balances: c.array(tokenBalanceCheck()) }))
const supportedSchema = lazy(() => c.object({ http: c.array(c.string()), ws: c.optional(c.array(c.string())) }))

/**
 * CAIP-2 ids the blockchain API serves (`GET /v1/supported-chains`), asked once per instance.
 * A failure means none for that call (balances then come from the chain's own RPC) and is not
 * kept: the next call asks again, so the API is used again once it recovers.
 *
 * @example
 * (await fetchSupportedChains(portico)).has('eip155:1')
 */
export function fetchSupportedChains(portico: Portico): Promise<ReadonlySet<string>> {
  portico._internal.supportedChains ??= fetchJson(portico, blockchainApiUrl(portico, '/v1/supported-chains'))
    .then((body) => new Set(supportedSchema().parse(body).http))
    .catch(() => {
      portico._internal.supportedChains = undefined
      return new Set<string>()
    })
  return portico._internal.supportedChains
}

/**
 * Whether balances of `network` come from the blockchain API: it needs a project id, the
 * `blockchainApi` option, and the API serving that chain.
 *
 * @example
 * if (await usesBlockchainApi(portico, network)) …
 */
export async function usesBlockchainApi(portico: Portico, network: PorticoNetwork): Promise<boolean> {
  if (!portico.options.projectId || !portico.options.blockchainApi || network.unsupported) return false
  return (await fetchSupportedChains(portico)).has(network.caipNetworkId)
}

/**
 * Balances with prices and values from the blockchain API
 * (`GET /v1/account/{address}/balance?currency=usd&chainId=…`), response schema-checked.
 *
 * @example
 * const balances = await fetchAccountBalances(portico, { address, network })
 */
export async function fetchAccountBalances(
  portico: Portico,
  { address, network, forceUpdate }: { address: string; network: PorticoNetwork; forceUpdate?: string | undefined },
): Promise<TokenBalance[]> {
  const url = blockchainApiUrl(portico, `/v1/account/${encodeURIComponent(address)}/balance`)
  url.searchParams.set('currency', 'usd')
  url.searchParams.set('chainId', network.caipNetworkId)
  if (forceUpdate) url.searchParams.set('forceUpdate', forceUpdate)
  const { balances } = balanceSchema().parse(await fetchJson(portico, url))
  return balances.map((b) => ({
    ...b,
    chainId: network.caipNetworkId,
    // The API names tokens by CAIP-10 account id; the rest of Portico uses the plain address.
    address: b.address?.split(':').pop(),
  }))
}

export type BlockchainApiErrorType = BlockchainApiError & { name: 'BlockchainApiError' }
/** A blockchain API call failed or answered something that is not its documented shape. */
export class BlockchainApiError extends BaseError {
  override name = 'BlockchainApiError' as const
  constructor(shortMessage: string, { cause }: { cause?: unknown } = {}) {
    super(shortMessage, { cause })
  }
}

async function request<T>(
  portico: Portico,
  url: URL,
  schema: c.Check<T>,
  message: string,
  init?: RequestInit,
): Promise<T> {
  try {
    return schema.parse(await fetchJson(portico, url, init))
  } catch (error) {
    throw new BlockchainApiError(message, { cause: error })
  }
}

const identitySchema = lazy(() =>
  c.object({
    name: c.nullish(c.string()),
    avatar: c.nullish(c.string()),
  }),
)
export type Identity = { name: string | undefined; avatar: string | undefined }

/**
 * The name and avatar of an address (`GET /v1/identity/{address}?sender=…`). Spec: 'Error
 * resolving name' on failure.
 *
 * @example
 * const { name } = await fetchIdentity(portico, { address })
 */
export async function fetchIdentity(
  portico: Portico,
  { address, sender }: { address: string; sender?: string | undefined },
): Promise<Identity> {
  const url = blockchainApiUrl(portico, `/v1/identity/${encodeURIComponent(address)}`)
  if (sender) url.searchParams.set('sender', sender)
  const body = await request(portico, url, identitySchema(), 'Error resolving name')
  return { name: body.name ?? undefined, avatar: body.avatar ?? undefined }
}

const priceSchema = lazy(() =>
  c.object({
    fungibles: c.array(
      c.object({
        name: c.string(),
        symbol: c.string(),
        iconUrl: c.nullish(c.string()),
        price: c.number(),
      }),
    ),
  }),
)
export type FungiblePrice = { name: string; symbol: string; iconUrl: string | undefined; price: number }

/**
 * Prices of tokens by CAIP-10 address (`POST /v1/fungible/price`, body currency, addresses, projectId).
 *
 * @example
 * const [usdc] = await fetchFungiblePrices(portico, { addresses: ['eip155:1:0xA0b8…eB48'] })
 */
export async function fetchFungiblePrices(
  portico: Portico,
  { addresses, currency = 'usd' }: { addresses: readonly string[]; currency?: string | undefined },
): Promise<FungiblePrice[]> {
  const body = await request(
    portico,
    blockchainApiUrl(portico, '/v1/fungible/price'),
    priceSchema(),
    'Failed to fetch prices',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency, addresses, projectId: portico.options.projectId }),
    },
  )
  return body.fungibles.map((f) => ({ ...f, iconUrl: f.iconUrl ?? undefined }))
}

const gasSchema = lazy(() => c.object({ standard: c.string(), fast: c.string(), instant: c.string() }))
export type GasPrice = { standard: bigint; fast: bigint; instant: bigint }

/**
 * Gas prices in wei (`GET /v1/convert/gas-price?chainId=…`). Only eip155 networks have one; others,
 * and networks the API refuses, throw 'Network not supported for Gas Price'.
 *
 * @example
 * const { fast } = await fetchGasPrice(portico, { caipNetworkId: 'eip155:1' })
 */
export async function fetchGasPrice(
  portico: Portico,
  { caipNetworkId }: { caipNetworkId: CaipNetworkId },
): Promise<GasPrice> {
  if (!caipNetworkId.startsWith('eip155:')) throw new BlockchainApiError('Network not supported for Gas Price')
  const url = blockchainApiUrl(portico, '/v1/convert/gas-price')
  url.searchParams.set('chainId', caipNetworkId)
  const body = await request(portico, url, gasSchema(), 'Network not supported for Gas Price')
  try {
    return { standard: BigInt(body.standard), fast: BigInt(body.fast), instant: BigInt(body.instant) }
  } catch (error) {
    throw new BlockchainApiError('Network not supported for Gas Price', { cause: error })
  }
}
