import type { PorticoNetwork } from '../types.js'

/** HTTP RPC timeout (the spec). */
export const rpcTimeoutMs = 10_000
/** Retries of a failed RPC call (spec: 3 retries, backoff from 150 ms). */
export const rpcRetryCount = 3
/** First retry delay; viem backs off exponentially from it and honours Retry-After. */
export const rpcRetryDelayMs = 150

/**
 * @internal
 * One RPC client per URL, created on first use. Sharing a client lets concurrent reads batch
 * into one HTTP request.
 */
export function createClientCache<client>(create: (url: string) => client) {
  const clients = new Map<string, client>()
  return (network: PorticoNetwork): client => {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new TypeError(`Network ${network.caipNetworkId} has no RPC URL`)
    let client = clients.get(url)
    if (!client) {
      client = create(url)
      clients.set(url, client)
    }
    return client
  }
}
