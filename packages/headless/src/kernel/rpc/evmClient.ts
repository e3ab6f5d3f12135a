// The eip155 JSON-RPC client of a network, on viem's transports: viem already implements every rule
// of the spec (batching, timeout, retry on -1, internal-type codes, timeouts and HTTP 403, 408, 413,
// 429, 500, 502, 503, 504, Retry-After or backoff, fallback ranking); this file only sets them.
// Loaded with the first chain read (balances, a fee quote, a send), never at page start.
// The client is viem's bare one (`createClient`) and each reader imports the actions it makes from
// `viem/actions`: `createPublicClient` makes every public action part of a host's build, and esbuild
// gives a chunk that imports viem every viem module the build uses, so a connect's first balance
// read fetched them all (multicall, simulation, ENS…). With the sign-in check on a bare client too,
// the README page's installed-wallet connect fetches 19.4 KiB gzip less.
import { type Client, createClient, fallback, http, type Transport } from 'viem'
import type { Portico } from '../portico.js'
import type { PorticoNetwork } from '../types.js'
import {
  answeredPing,
  instanceRpcClient,
  rpcBatchSize,
  rpcBatchWaitMs,
  rpcEndpoints,
  rpcRankIntervalMs,
  rpcRankSampleCount,
  rpcRankWeights,
  rpcRetryCount,
  rpcRetryDelayMs,
  rpcTimeoutMs,
} from './endpoints.js'

/**
 * @internal
 * viem's HTTP transport for `url` with the spec's settings: batches of up to 1000 calls made in one
 * tick, a 10 s timeout, 3 retries backing off from 150 ms (or what Retry-After asks).
 *
 * @example
 * createClient({ transport: evmHttpTransport('http://127.0.0.1:8545') })
 */
export function evmHttpTransport(url: string): Transport {
  return http(url, {
    batch: { batchSize: rpcBatchSize, wait: rpcBatchWaitMs },
    timeout: rpcTimeoutMs,
    retryCount: rpcRetryCount,
    retryDelay: rpcRetryDelayMs,
  })
}

/**
 * @internal
 * The transport over `urls`: one URL is its HTTP transport; several are viem's `fallback`, which
 * moves to the next endpoint when one fails and re-ranks them every 4 s on their last 10 samples
 * (stability 0.7, latency 0.3). With `chainId`, a ranking sample of an endpoint that answers for
 * another chain counts as a failure, so a misconfigured endpoint sinks to the end. While the page
 * is hidden the ranking pauses (see {@link pageVisible}).
 *
 * @example
 * evmTransport(['http://a.example', 'http://b.example'], 1)
 */
export function evmTransport(urls: readonly string[], chainId?: number): Transport {
  const [first, ...rest] = urls
  if (first === undefined) throw new TypeError('evmTransport needs at least one URL')
  if (rest.length === 0) return evmHttpTransport(first)
  return fallback(urls.map(evmHttpTransport), {
    retryCount: rpcRetryCount,
    retryDelay: rpcRetryDelayMs,
    rank: {
      interval: rpcRankIntervalMs,
      sampleCount: rpcRankSampleCount,
      weights: rpcRankWeights,
      timeout: rpcTimeoutMs,
      ping: async ({ transport }) => {
        await pageVisible()
        const answer = await transport.request({ method: 'eth_chainId' })
        if (chainId !== undefined && Number(answer) !== chainId)
          throw new Error(`The endpoint serves chain ${String(answer)}, not ${chainId}`)
      },
    },
  })
}

/**
 * viem's ranking loop samples every endpoint every 4 s for as long as the page lives, and has no
 * handle to stop it. Nobody reads a chain from a page in the background, so there a ping waits,
 * before sending anything, until the page is shown again: the loop is parked on its sample (no
 * request, no timer) and resumes with fresh samples when the user comes back. The parked sample
 * counts the wait as latency for every endpoint alike, so their order is kept. Portico instances
 * have no end of life to hook (a page's instance lives as long as the page), so visibility is the
 * one signal. Without a page (Node, a worker), pings go out as viem sends them.
 */
function pageVisible(): Promise<void> | undefined {
  const page = (
    globalThis as { document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> }
  ).document
  if (page?.visibilityState !== 'hidden') return undefined
  return new Promise((resolve) => {
    const onChange = () => {
      if (page.visibilityState === 'hidden') return
      page.removeEventListener('visibilitychange', onChange)
      resolve()
    }
    page.addEventListener('visibilitychange', onChange)
  })
}

/**
 * @internal
 * The instance's one client of `network`: the host's transport for it (the `transports`
 * option) as given, otherwise {@link evmTransport} over the network's endpoints. Made on first use
 * with the spec's 'test' ping (unless `rpcPing: false`), whose failure is a warning, not an error:
 * the read that follows reports its own failure. A bare client: read with viem's actions.
 *
 * @example
 * import { getBalance } from 'viem/actions'
 * const balance = await getBalance(evmPublicClient(portico, mainnet), { address })
 */
export function evmPublicClient(portico: Portico, network: PorticoNetwork): Client {
  return instanceRpcClient(portico, network, () => {
    const own = portico.options.transports[network.caipNetworkId] as Transport | undefined
    const chainId = typeof network.id === 'number' ? network.id : undefined
    const client = createClient({ transport: own ?? evmTransport(rpcEndpoints(portico, network), chainId) })
    if (portico.options.rpcPing) {
      client.request({ method: 'test' as never }).catch((error: unknown) => {
        if (!answeredPing(error))
          console.warn(`[portico] The RPC of ${network.caipNetworkId} did not answer its registration ping`, error)
      })
    }
    return client
  })
}
