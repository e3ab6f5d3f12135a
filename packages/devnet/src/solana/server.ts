/**
 * A Solana JSON-RPC endpoint over HTTP, backed by an in-process litesvm. No Solana validator can
 * be installed offline (not on npm, not in Debian), so this is what `@solana/kit` clients and
 * wallets talk to during development and tests. No websocket subscriptions: confirm by polling
 * `getSignatureStatuses` (transactions are final as soon as `sendTransaction` returns).
 */
import type { Context } from 'hono'
import type { LiteSVM } from 'litesvm'
import { createEmulatorApp, type EmulatorEnv, readText, serveEmulator } from '../emulator/app.js'
import { resolveLoopbackHost } from '../net.js'
import { type JsonValue, RpcError, stringifyJson } from './json.js'
import { SolanaLedger } from './ledger.js'
import { createRpcMethods, type RpcHandler } from './methods.js'

/**
 * Options for {@link startSolanaRpc}.
 *
 * @example
 * ```ts
 * const server = await startSolanaRpc({ port: 8899 })
 * ```
 */
export interface StartSolanaRpcOptions {
  /** TCP port; 0 (default) lets the OS pick a free one. */
  port?: number
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
}

/**
 * A running devnet Solana RPC.
 *
 * @example
 * ```ts
 * const server: SolanaRpcServer = await startSolanaRpc()
 * server.svm.setAccount({ address, lamports: lamports(1n), programAddress, data, executable: false, space: 0n })
 * await server.stop()
 * ```
 */
export interface SolanaRpcServer {
  /** HTTP JSON-RPC endpoint for `createSolanaRpc`, e.g. `http://127.0.0.1:8899`. */
  rpcUrl: string
  host: string
  port: number
  /**
   * The litesvm instance behind the RPC, for test set-up the RPC cannot express (e.g. `setAccount`,
   * `addProgram`). Changes are visible to the next RPC call.
   */
  svm: LiteSVM
  /** Closes the server (and open keep-alive connections); resolves once the port is free. Idempotent. */
  stop(): Promise<void>
}

/** Requests are single transactions or small batches; anything bigger is a client bug. */
const MAX_BODY_BYTES = 8 * 1024 * 1024

/**
 * Starts the devnet Solana RPC: 1,000 SOL for each account in `solanaAccounts`, and the devnet
 * USDC mint (`solanaTokens`) with 5,000 USDC in each account's associated token account.
 *
 * @example
 * ```ts
 * import { solanaAccounts, startSolanaRpc } from '@portico/devnet'
 * import { address, createSolanaRpc } from '@solana/kit'
 *
 * const server = await startSolanaRpc()
 * const rpc = createSolanaRpc(server.rpcUrl)
 * const { value } = await rpc.getBalance(address(solanaAccounts[0].address)).send()
 * console.log(value) // 1000000000000n
 * await server.stop()
 * ```
 */
export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<SolanaRpcServer> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const ledger = await SolanaLedger.create()
  const methods = createRpcMethods(ledger)

  // JSON-RPC on any path, as a validator answers; a browser page calls it cross-origin.
  const app = createEmulatorApp({ cors: ['POST', 'OPTIONS'], maxBodyBytes: MAX_BODY_BYTES })
  app.post('*', (c) => handleRpc(c, methods))
  app.all('*', (c) =>
    c.text('Used HTTP Method is not allowed. POST or OPTIONS is required', 405, { allow: 'POST, OPTIONS' }),
  )
  const { url, port, stop } = await serveEmulator(app, { host, port: options.port })

  return { rpcUrl: url, host, port, svm: ledger.svm, stop }
}

async function handleRpc(c: Context<EmulatorEnv>, methods: Record<string, RpcHandler>): Promise<Response> {
  const text = await readText(c)
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return send(c, errorResponse(null, new RpcError(-32700, 'Parse error')))
  }

  if (Array.isArray(payload)) {
    if (payload.length === 0) return send(c, errorResponse(null, new RpcError(-32600, 'Invalid request')))
    const replies = await Promise.all(payload.map((item) => handleCall(item, methods)))
    const present = replies.filter((reply): reply is JsonValue => reply !== undefined)
    // A batch of notifications only gets no content back (JSON-RPC 2.0 §6).
    if (present.length === 0) return c.body(null, 204)
    return send(c, present)
  }
  const reply = await handleCall(payload, methods)
  if (reply === undefined) return c.body(null, 204)
  return send(c, reply)
}

/** One JSON-RPC call; `undefined` for a notification (no `id` member), which gets no reply. */
async function handleCall(call: unknown, methods: Record<string, RpcHandler>): Promise<JsonValue | undefined> {
  if (!call || typeof call !== 'object' || Array.isArray(call)) {
    return errorResponse(null, new RpcError(-32600, 'Invalid request'))
  }
  const { jsonrpc, method, params, id: rawId } = call as Record<string, unknown>
  const isNotification = !('id' in call)
  const id = toId(rawId)
  if (jsonrpc !== '2.0' || typeof method !== 'string') return errorResponse(id, new RpcError(-32600, 'Invalid request'))
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return errorResponse(id, new RpcError(-32602, 'Invalid params: expected an array'))
  }

  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  let reply: JsonValue
  if (!handler) {
    reply = errorResponse(id, new RpcError(-32601, 'Method not found'))
  } else {
    try {
      reply = { id, jsonrpc: '2.0', result: await handler(params ?? []) }
    } catch (error) {
      reply = errorResponse(
        id,
        error instanceof RpcError
          ? error
          : new RpcError(-32603, `Internal error: ${(error as Error)?.message ?? String(error)}`),
      )
    }
  }
  return isNotification ? undefined : reply
}

function toId(value: unknown): JsonValue {
  return typeof value === 'string' || typeof value === 'number' ? value : null
}

function errorResponse(id: JsonValue, error: RpcError): JsonValue {
  return {
    error: { code: error.code, data: error.data, message: error.message },
    id,
    jsonrpc: '2.0',
  }
}

/** Written with {@link stringifyJson}: u64 values as bare integers, floats with a decimal point. */
function send(c: Context<EmulatorEnv>, body: JsonValue): Response {
  return c.body(stringifyJson(body), 200, { 'content-type': 'application/json; charset=utf-8' })
}
