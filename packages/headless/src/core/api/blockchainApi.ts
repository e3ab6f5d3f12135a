import * as z from 'zod/mini'
import type { Portico } from '../config/createPortico.js'
import type { PorticoNetwork, TokenBalance } from '../types.js'
import { fetchJson } from './http.js'
import { blockchainApiUrl as blockchainUrl } from './urls.js'

/** Spec section 9: after a failed balance fetch, retries are blocked for 30 s. */
export const balanceRetryLockoutMs = 30_000

const balanceSchema = z.object({
  balances: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      chainId: z.string(),
      address: z.optional(z.string()),
      value: z.optional(z.number()),
      price: z.optional(z.number()),
      quantity: z.object({ decimals: z.string(), numeric: z.string() }),
      iconUrl: z.optional(z.string()),
    }),
  ),
})
const supportedSchema = z.object({ http: z.array(z.string()), ws: z.optional(z.array(z.string())) })

const supported = new WeakMap<Portico, Promise<ReadonlySet<string>>>()

/**
 * CAIP-2 ids the blockchain API serves (`GET /v1/supported-chains`), asked once per instance.
 * A failure means none for that call (balances then come from the chain's own RPC) and is not
 * kept: the next call asks again, so the API is used again once it recovers.
 *
 * @example
 * (await fetchSupportedChains(portico)).has('eip155:1')
 */
export function fetchSupportedChains(portico: Portico): Promise<ReadonlySet<string>> {
  let pending = supported.get(portico)
  if (!pending) {
    pending = fetchJson(portico, blockchainUrl(portico, '/v1/supported-chains'))
      .then((body) => new Set(supportedSchema.parse(body).http))
      .catch(() => {
        supported.delete(portico)
        return new Set<string>()
      })
    supported.set(portico, pending)
  }
  return pending
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
  const url = blockchainUrl(portico, `/v1/account/${encodeURIComponent(address)}/balance`)
  url.searchParams.set('currency', 'usd')
  url.searchParams.set('chainId', network.caipNetworkId)
  if (forceUpdate) url.searchParams.set('forceUpdate', forceUpdate)
  const { balances } = balanceSchema.parse(await fetchJson(portico, url))
  return balances.map((b) => ({
    ...b,
    chainId: network.caipNetworkId,
    // The API names tokens by CAIP-10 account id; the rest of Portico uses the plain address.
    address: b.address?.split(':').pop(),
  }))
}
