/**
 * A JSON-RPC endpoint in front of a devnet chain (anvil, the Solana RPC) with fault switches, so a
 * test can make one of a network's several endpoints fail the way hosted nodes do (slow, rate
 * limited with Retry-After, erroring, serving the wrong chain, dead) and watch the client move to a
 * healthy one and back. It forwards every request to the chain unchanged while its fault is 'ok'.
 */
import { createEmulatorApp, readText, serveEmulator } from '../emulator/app.js'
import { type Fault, faultSwitch } from '../emulator/faults.js'
import { integerIn, mountSwitches, oneOf, type SwitchRules } from '../emulator/switches.js'

/**
 * How an endpoint answers: `'ok'` forwards to the chain; `'slow'` holds each answer for `slowMs`
 * first; `429` answers Too Many Requests with `Retry-After: retryAfter`; `500` answers an internal
 * server error; `'wrongChain'` forwards but answers `eth_chainId` (and `net_version`) with another
 * chain's id; `'dead'` drops every connection without an answer.
 *
 * @example
 * ```ts
 * endpoint.switches.fault = 'dead'
 * ```
 */
export type RpcEndpointFault = 'ok' | 'slow' | 429 | 500 | 'wrongChain' | 'dead'

/**
 * The switches of one endpoint (also `GET/POST /__devnet/switches` on it).
 *
 * @example
 * ```ts
 * Object.assign(endpoint.switches, { fault: 429, retryAfter: 1 })
 * ```
 */
export interface RpcEndpointSwitches {
  fault: RpcEndpointFault
  /** Seconds of `Retry-After` sent with a 429 (default 0). */
  retryAfter: number
  /** How long `'slow'` holds an answer, in ms (default 15 000: past the kit's 10 s timeout). */
  slowMs: number
}

/**
 * Options of {@link startRpcEndpoint}.
 *
 * @example
 * ```ts
 * await startRpcEndpoint({ upstream: devnet.evm.rpcUrl })
 * ```
 */
export interface StartRpcEndpointOptions {
  /** The chain's JSON-RPC URL every request is forwarded to. */
  upstream: string
  /** Loopback address to bind (default `127.0.0.1`). */
  host?: string
  /** TCP port; 0 (default) lets the OS pick a free one. */
  port?: number
}

/**
 * A running endpoint.
 *
 * @example
 * ```ts
 * const endpoint: DevnetRpcEndpoint = await startRpcEndpoint({ upstream })
 * endpoint.switches.fault = 500
 * ```
 */
export interface DevnetRpcEndpoint {
  /** `http://host:port` of the endpoint. */
  url: string
  /** Read on every request: flipping one takes effect on the next. */
  switches: RpcEndpointSwitches
  /** The JSON-RPC methods this endpoint answered from the chain, in order (a batch adds each). */
  readonly served: string[]
  /** HTTP requests that reached the endpoint, faulted ones included (a batch is one). */
  readonly requests: number
  /** Closes the endpoint; resolves once its port is free. Idempotent. */
  stop(): Promise<void>
}

const rules: SwitchRules<RpcEndpointSwitches> = {
  fault: oneOf<RpcEndpointFault>(['ok', 'slow', 429, 500, 'wrongChain', 'dead']),
  retryAfter: integerIn(0, 3600),
  slowMs: integerIn(0, 600_000),
}

type Call = { method?: unknown; id?: unknown }
type Answer = { id?: unknown; result?: unknown }

/**
 * Starts a JSON-RPC endpoint that forwards to `upstream`, with fault switches.
 *
 * @example
 * ```ts
 * const a = await startRpcEndpoint({ upstream: anvil.rpcUrl })
 * const b = await startRpcEndpoint({ upstream: anvil.rpcUrl })
 * a.switches.fault = 'dead' // clients of [a, b] now read from b
 * ```
 */
export async function startRpcEndpoint(options: StartRpcEndpointOptions): Promise<DevnetRpcEndpoint> {
  const switches: RpcEndpointSwitches = { fault: 'ok', retryAfter: 0, slowMs: 15_000 }
  const served: string[] = []
  const app = createEmulatorApp({ cors: ['POST', 'OPTIONS'], maxBodyBytes: 8 * 1024 * 1024 })
  mountSwitches(app, switches, rules)
  let requests = 0
  app.use('/', async (c, next) => {
    if (c.req.method === 'POST') requests++
    await next()
  })
  const asFault = (): Fault | undefined => {
    const { fault } = switches
    if (fault === 'dead') return 'reset'
    if (fault === 'wrongChain') return 'ok'
    return fault
  }
  // Getters: the switches are read on each request, not when the middleware is made.
  const faultOptions = {
    get retryAfter() {
      return switches.retryAfter
    },
    get slowMs() {
      return switches.slowMs
    },
  }
  app.post('/', faultSwitch(asFault, faultOptions), async (c) => {
    const body = await readText(c)
    const upstream = await fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: c.req.raw.signal,
    })
    const text = await upstream.text()
    let calls: Call[] = []
    try {
      const parsed = JSON.parse(body) as Call | Call[]
      calls = Array.isArray(parsed) ? parsed : [parsed]
    } catch {}
    for (const call of calls) if (typeof call?.method === 'string') served.push(call.method)
    const answer = switches.fault === 'wrongChain' ? wrongChain(text, calls) : text
    return c.body(answer, upstream.status as 200, { 'content-type': 'application/json' })
  })
  const server = await serveEmulator(app, { host: options.host, port: options.port })
  return {
    url: server.url,
    switches,
    served,
    get requests() {
      return requests
    },
    stop: () => server.stop(),
  }
}

/** The upstream answer with each `eth_chainId` / `net_version` result replaced by another chain's. */
function wrongChain(text: string, calls: Call[]): string {
  const chainCalls = new Set(
    calls.filter((call) => call.method === 'eth_chainId' || call.method === 'net_version').map((call) => call.id),
  )
  if (chainCalls.size === 0) return text
  const shift = (answer: Answer): Answer => {
    if (!chainCalls.has(answer.id) || typeof answer.result !== 'string') return answer
    const isHex = answer.result.startsWith('0x')
    const other = BigInt(answer.result) + 1n
    return { ...answer, result: isHex ? `0x${other.toString(16)}` : other.toString() }
  }
  const parsed = JSON.parse(text) as Answer | Answer[]
  return JSON.stringify(Array.isArray(parsed) ? parsed.map(shift) : shift(parsed))
}
