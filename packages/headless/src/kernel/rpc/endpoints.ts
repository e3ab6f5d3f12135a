// What every JSON-RPC client of an instance shares, without viem or @solana/kit: the spec's
// transport constants, the endpoint list of a network, and the per-instance client cache. The
// clients themselves (evmClient.ts, solanaClient.ts) load with the first chain read.
import { hostedRpcUrl } from '../api/rpcUrl.js'
import { RpcUnavailableError, RpcUrlNotCompatibleError } from '../errors/rpc.js'
import type { Portico } from '../portico.js'
import type { PorticoNetwork } from '../types.js'

/** Spec: HTTP RPC timeout 10 s. */
export const rpcTimeoutMs = 10_000
/** Spec: batch size 1000. */
export const rpcBatchSize = 1000
/** Spec: batch wait 0 (calls made in one tick share one request). */
export const rpcBatchWaitMs = 0
/** Spec: 3 retries. */
export const rpcRetryCount = 3
/** Spec: exponential backoff from 150 ms, unless the answer's Retry-After says otherwise. */
export const rpcRetryDelayMs = 150
/** Spec: a fallback transport polls its endpoints every 4 s… */
export const rpcRankIntervalMs = 4000
/** …ranks on the last 10 samples… */
export const rpcRankSampleCount = 10
/** …weighing stability 0.7 and latency 0.3. */
export const rpcRankWeights = { stability: 0.7, latency: 0.3 } as const

/**
 * @internal
 * `url` if it is an http(s) URL; throws 'Provided URL is not compatible with HTTP connection'
 * otherwise (a ws URL, a `javascript:` URL, text that is no URL).
 *
 * @example
 * httpRpcUrl('wss://node.example') // throws RpcUrlNotCompatibleError
 */
export function httpRpcUrl(url: string): string {
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    throw new RpcUrlNotCompatibleError({ url })
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new RpcUrlNotCompatibleError({ url })
  return url
}

/**
 * @internal
 * The JSON-RPC endpoints of `network`, best first: the host's `rpcMap` entry alone when it has one;
 * otherwise the hosted endpoint (with a project id, for the networks it serves) followed by the
 * network's own URLs, which a fallback transport moves to when it fails. Each is checked to be
 * http(s).
 *
 * @example
 * rpcEndpoints(portico, mainnet) // ['https://rpc.walletconnect.org/v1/?chainId=eip155%3A1&projectId=…', 'https://eth.merkle.io']
 */
export function rpcEndpoints(portico: Portico, network: PorticoNetwork): string[] {
  const mapped = portico.options.rpcMap[network.caipNetworkId]
  const hosted = hostedRpcUrl(portico, network)
  const urls = mapped ? [mapped] : [...(hosted ? [hosted] : []), ...network.rpcUrls.default.http]
  if (urls.length === 0) throw new RpcUnavailableError({ caipNetworkId: network.caipNetworkId })
  return [...new Set(urls.map(httpRpcUrl))]
}

/**
 * @internal
 * The instance's one client of `network`, made by `create` on first use and kept in the instance's
 * runtime (never a module-level map: two instances never share a client).
 */
export function instanceRpcClient<client>(portico: Portico, network: PorticoNetwork, create: () => client): client {
  const clients = portico._internal.rpcClients
  const key = network.caipNetworkId
  if (!clients.has(key)) clients.set(key, create())
  return clients.get(key) as client
}

/**
 * @internal
 * Whether a JSON-RPC answer to the registration 'test' ping shows a live endpoint: any answer does,
 * a JSON-RPC error included (most nodes do not know the method); only a failed connection, an
 * HTTP error status or a timeout does not.
 */
export function answeredPing(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, status, name } = current as { code?: unknown; status?: unknown; name?: unknown }
    if (typeof status === 'number' || name === 'TimeoutError' || name === 'HttpRequestError') return false
    if (typeof code === 'number' && code !== -1) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
