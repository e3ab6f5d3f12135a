// The Solana JSON-RPC client of a network, on @solana/kit's transports. Kit's default transport
// coalesces identical calls of one tick but neither retries nor times out, so this wraps it with
// the spec's rules: a 10 s timeout per attempt, 3 retries backing off from 150 ms (or what
// Retry-After asks) on a timeout, a failed connection, HTTP 403, 408, 413, 429, 500, 502, 503, 504
// or a JSON-RPC answer with code -1 or an internal-type code; each retry moves to the network's
// next endpoint when it has several. Loaded with the first Solana read, never at page start.
import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  isSolanaError,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
} from '@solana/kit'
import type { Portico } from '../portico.js'
import { retryAfterMs } from '../retry.js'
import type { PorticoNetwork } from '../types.js'
import { instanceRpcClient, rpcEndpoints, rpcRetryCount, rpcRetryDelayMs, rpcTimeoutMs } from './endpoints.js'

/** @internal The Solana RPC client Portico reads with. */
export type SolanaRpc = ReturnType<typeof createSolanaRpcFromTransport<RpcTransport>>

const retryableStatuses: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])
// JSON-RPC: -1 unknown, -32005 limit exceeded (a node behind), -32603 internal error.
const retryableCodes: ReadonlySet<number> = new Set([-1, -32005, -32603])
/** A Retry-After longer than the spec's HTTP timeout is cut to it: a read must end. */
const retryAfterLimitMs = rpcTimeoutMs

type Attempt = { retry: false } | { retry: true; delayMs: number | undefined }

function judge(error: unknown): Attempt {
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const { statusCode, headers } = error.context as { statusCode: number; headers: Headers }
    if (!retryableStatuses.has(statusCode)) return { retry: false }
    return { retry: true, delayMs: headers ? retryAfterMs({ headers }) : undefined }
  }
  const name = (error as { name?: unknown } | null)?.name
  // fetch rejects with a TypeError when the connection is refused or reset.
  if (name === 'TimeoutError' || error instanceof TypeError) return { retry: true, delayMs: undefined }
  return { retry: false }
}

function answerCode(response: unknown): number | undefined {
  const code = (response as { error?: { code?: unknown } } | null)?.error?.code
  return typeof code === 'number' ? code : undefined
}

/**
 * @internal
 * One transport over `transports` (one per endpoint, best first) with the spec's timeout and retry
 * rules. A caller's abort ends it at once, without a retry.
 *
 * @example
 * const transport = retryingSolanaTransport([createDefaultRpcTransport({ url })])
 */
export function retryingSolanaTransport(transports: readonly RpcTransport[]): RpcTransport {
  if (transports.length === 0) throw new TypeError('retryingSolanaTransport needs at least one transport')
  return async <response>({ payload, signal }: Parameters<RpcTransport>[0]) => {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted()
      const transport = transports[attempt % transports.length] as RpcTransport
      const timeout = AbortSignal.timeout(rpcTimeoutMs)
      let verdict: Attempt
      let failure: unknown
      try {
        const response = await transport<response>({
          payload,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        })
        const code = answerCode(response)
        if (code === undefined || !retryableCodes.has(code) || attempt >= rpcRetryCount) return response
        verdict = { retry: true, delayMs: undefined }
        failure = undefined
      } catch (error) {
        if (signal?.aborted) throw error
        // An attempt that ran past the timeout rejects with an AbortError: it is the timeout's.
        failure = timeout.aborted ? (timeout.reason ?? error) : error
        verdict = judge(failure)
        if (!verdict.retry || attempt >= rpcRetryCount) throw failure
      }
      const delay = Math.min(verdict.delayMs ?? rpcRetryDelayMs * 2 ** attempt, retryAfterLimitMs)
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, delay)
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer)
            reject(signal.reason)
          },
          { once: true },
        )
      })
    }
  }
}

/**
 * @internal
 * The instance's one Solana RPC of `network`: the host's transport for it (the `transports`
 * option) as given, otherwise {@link retryingSolanaTransport} over the network's endpoints. Made on
 * first use with the spec's 'test' ping (unless `rpcPing: false`), whose failure is a warning.
 *
 * @example
 * const { value } = await solanaRpcFor(portico, solana).getBalance(owner).send()
 */
export function solanaRpcFor(portico: Portico, network: PorticoNetwork): SolanaRpc {
  return instanceRpcClient(portico, network, () => {
    const own = portico.options.transports[network.caipNetworkId] as RpcTransport | undefined
    const transport =
      own ?? retryingSolanaTransport(rpcEndpoints(portico, network).map((url) => createDefaultRpcTransport({ url })))
    if (portico.options.rpcPing) {
      transport({ payload: { jsonrpc: '2.0', id: 0, method: 'test', params: [] } }).then(
        (answer) => {
          if (answer === null || typeof answer !== 'object')
            console.warn(`[portico] The RPC of ${network.caipNetworkId} did not answer its registration ping`)
        },
        // The transport throws only when no answer came (a JSON-RPC error is an answer).
        (error: unknown) =>
          console.warn(`[portico] The RPC of ${network.caipNetworkId} did not answer its registration ping`, error),
      )
    }
    return createSolanaRpcFromTransport(transport)
  })
}
