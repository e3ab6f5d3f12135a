/**
 * A bundler that misbehaves on purpose, for fault tests: a loopback JSON-RPC front that relays to
 * a real bundler (the devnet's Alto, `DevnetBundler.url`) and, while a fault is set, breaks its
 * replies the ways a broken or hostile bundler does. Everything else is the real bundler's answer,
 * so a client under test speaks the real protocol to it. It also records every call it was sent,
 * so a test can check that nothing was sent twice.
 */
import type { Context } from 'hono'
import {
  createEmulatorApp,
  type EmulatorEnv,
  HttpError,
  isRecord,
  type RunningEmulator,
  readText,
  serveEmulator,
} from '../emulator/app.js'

/**
 * What the front breaks while it is set:
 * - `malformed`: every reply is a 200 whose body is not JSON (a proxy's error page, a cut reply).
 * - `foreignReceipt`: `eth_getUserOperationReceipt` answers the receipt of another operation (the
 *   last other one this front saw included), or the asked one's receipt under another hash.
 * - `withheldReceipt`: `eth_getUserOperationReceipt` answers `null` forever, though the operation
 *   may land on chain (the spec's receipt that never comes).
 * - `silent`: every request is taken and never answered (a bundler that hangs); the connection
 *   stays open until the client gives up or the front stops.
 */
export type BundlerFault = 'malformed' | 'foreignReceipt' | 'withheldReceipt' | 'silent'

/**
 * Options for {@link startFaultyBundler}.
 *
 * @example
 * ```ts
 * const faulty = await startFaultyBundler({ target: devnet.aa.bundlerUrl })
 * ```
 */
export interface StartFaultyBundlerOptions {
  /** The real bundler's JSON-RPC URL. */
  target: string
  /** Loopback address to bind (default `127.0.0.1`). */
  host?: string
  /** Port; 0 (default) picks a free one. */
  port?: number
}

/** One JSON-RPC call the front was sent, as sent. */
export interface BundlerCall {
  method: string
  params: unknown
}

/**
 * A running faulty bundler (see {@link startFaultyBundler}).
 *
 * @example
 * ```ts
 * faulty.fault = 'withheldReceipt'
 * // ... send an operation through faulty.url, watch it never get a receipt
 * expect(faulty.calls.filter((c) => c.method === 'eth_sendUserOperation')).toHaveLength(1)
 * faulty.fault = null
 * ```
 */
export interface FaultyBundler {
  /** The front's JSON-RPC URL (`POST /` or `POST /rpc`). */
  url: string
  /** The fault applied to replies from now on; `null` relays faithfully. */
  fault: BundlerFault | null
  /** Every call received, in order (batches flattened). */
  readonly calls: BundlerCall[]
  /** Closes the URL. Idempotent. */
  stop(): Promise<void>
}

type RpcCall = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
type RpcReply = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: unknown }

/**
 * Starts a faulty bundler in front of `target`. With no fault set it relays every call unchanged.
 *
 * @example
 * ```ts
 * import { startDevnet, startFaultyBundler } from '@portico/devnet'
 *
 * const devnet = await startDevnet()
 * const faulty = await startFaultyBundler({ target: devnet.aa.bundlerUrl })
 * faulty.fault = 'malformed'
 * await faulty.stop()
 * ```
 */
export async function startFaultyBundler(options: StartFaultyBundlerOptions): Promise<FaultyBundler> {
  const calls: BundlerCall[] = []
  /** Operations this front saw included, newest last: the source of another operation's receipt. */
  const included: string[] = []

  const upstream = async (call: RpcCall): Promise<RpcReply> => {
    const response = await fetch(options.target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, method: call.method, params: call.params ?? [] }),
    })
    return (await response.json()) as RpcReply
  }

  const answer = async (call: RpcCall): Promise<RpcReply> => {
    const method = String(call.method)
    const asked = Array.isArray(call.params) ? call.params[0] : undefined
    if (method !== 'eth_getUserOperationReceipt' || typeof asked !== 'string') return upstream(call)
    if (front.fault === 'withheldReceipt') return { jsonrpc: '2.0', id: call.id ?? null, result: null }
    const reply = await upstream(call)
    const receipt = reply.result as { userOpHash?: string } | null | undefined
    if (receipt?.userOpHash && !included.includes(receipt.userOpHash.toLowerCase()))
      included.push(receipt.userOpHash.toLowerCase())
    if (front.fault !== 'foreignReceipt') return reply
    const other = [...included].reverse().find((hash) => hash !== asked.toLowerCase())
    if (other) return upstream({ ...call, params: [other] })
    // No other operation seen yet: the asked one's receipt, under another operation's hash.
    const flipped = `${asked.slice(0, -1)}${asked.endsWith('0') ? '1' : '0'}`
    return receipt ? { ...reply, result: { ...receipt, userOpHash: flipped } } : reply
  }

  const handle = async (c: Context<EmulatorEnv>) => {
    let body: string
    try {
      body = await readText(c)
    } catch (error) {
      if (error instanceof HttpError)
        return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: error.message } })
      throw error
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    }
    const batch = (Array.isArray(parsed) ? parsed : [parsed]).filter(isRecord) as RpcCall[]
    for (const call of batch) calls.push({ method: String(call.method), params: call.params })
    // Nothing reaches the real bundler and nothing comes back; stop() closes the connection.
    if (front.fault === 'silent') return new Promise<Response>(() => {})
    // The call still reaches the real bundler: what it does (accept an operation) is real, only
    // the reply the client reads is broken.
    const replies = await Promise.all(batch.map(answer))
    if (front.fault === 'malformed')
      return new Response('{"jsonrpc":"2.0","id":', { headers: { 'content-type': 'application/json' } })
    return Response.json(Array.isArray(parsed) ? replies : replies[0])
  }

  const app = createEmulatorApp({ cors: ['POST', 'OPTIONS'], maxBodyBytes: 1024 * 1024 })
  app.post('/', handle)
  app.post('/rpc', handle)
  const server: RunningEmulator = await serveEmulator(app, {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
  })
  const front: FaultyBundler = {
    url: server.url,
    fault: null,
    calls,
    stop: () => server.stop(),
  }
  return front
}
