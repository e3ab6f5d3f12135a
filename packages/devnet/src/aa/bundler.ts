/**
 * The devnet's ERC-4337 bundler: Pimlico's Alto (`@pimlico/alto`, TypeScript) in a child
 * process against anvil, behind a small loopback front (an emulator on the devnet's shared Hono layer).
 *
 * Why a front: Alto takes seconds to load (many more on a busy machine), so it starts on the
 * first request (or `ready()`) and a devnet that never sends a user operation pays nothing; the
 * front's URL stays the same while the bundler is taken down and brought back for fault tests;
 * and Alto's debug methods (which can pause bundling or wipe the mempool) are kept for the
 * devnet's own switches. Alto itself binds every interface; a preload in its process narrows
 * that to the devnet's loopback host.
 */
import type { ChildProcess } from 'node:child_process'
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import type { Context } from 'hono'
import { trackChild, withParentDeathSignal } from '../anvil.js'
import {
  createEmulatorApp,
  type EmulatorEnv,
  HttpError,
  isRecord,
  type RunningEmulator,
  readText,
  serveEmulator,
} from '../emulator/app.js'
import { formatHostPort, resolveLoopbackHost } from '../net.js'
import { devnetAccountAbstraction } from './contracts.js'

/**
 * Options for {@link startBundler}.
 *
 * @example
 * ```ts
 * const bundler = await startBundler({ rpcUrl: devnet.evm.rpcUrl, port: 4337 })
 * ```
 */
export interface StartBundlerOptions {
  /** The anvil JSON-RPC URL the bundler reads from and sends `handleOps` to. */
  rpcUrl: string
  /** Port of the bundler's URL; 0 (default) picks a free one. */
  port?: number
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** Start Alto now and resolve once it answers, instead of on the first request. */
  eager?: boolean
  /** Alto's log level; its output is kept (last 16 KiB) for error messages. Default `warn`. */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error'
}

/**
 * A running devnet bundler (see {@link startBundler}). JSON-RPC at `url`: eth_sendUserOperation,
 * eth_estimateUserOperationGas, eth_getUserOperationReceipt, eth_getUserOperationByHash,
 * eth_supportedEntryPoints, eth_chainId, pimlico_getUserOperationGasPrice and
 * pimlico_getUserOperationStatus.
 *
 * @example
 * ```ts
 * const bundler = await startBundler({ rpcUrl })
 * const client = createBundlerClient({ client: publicClient, transport: http(bundler.url) })
 * await bundler.down()  // clients now get "connection refused"
 * await bundler.up()
 * await bundler.stop()
 * ```
 */
export interface DevnetBundler {
  /** The bundler's JSON-RPC URL (`POST /` or `POST /rpc`), e.g. `http://127.0.0.1:43137`. */
  url: string
  /** Starts Alto if it is not running and resolves once it answers (it also starts on the first request). */
  ready(): Promise<void>
  /** Whether the URL is accepting connections (`false` after {@link DevnetBundler.down}). */
  readonly isUp: boolean
  /**
   * Takes the bundler down, as when it crashes: the URL refuses connections and the Alto process
   * ends, its mempool (operations not yet bundled) with it.
   */
  down(): Promise<void>
  /** Brings the bundler back on the same URL (Alto starts again on the first request). */
  up(): Promise<void>
  /**
   * Pauses bundling: operations are still accepted (`eth_sendUserOperation` answers a hash) but
   * never sent on chain, so their receipt never comes. Survives {@link DevnetBundler.down}/`up`.
   * Resolves once Alto's bundling loop has stopped (it waits out two bundling intervals, ~2 s).
   */
  pauseBundling(): Promise<void>
  /** Resumes bundling; operations held meanwhile are sent at once. */
  resumeBundling(): Promise<void>
  /** Whether bundling is paused. */
  readonly bundlingPaused: boolean
  /** The tail of Alto's output (for diagnosing a refused operation). */
  logs(): string
  /** PID of the Alto process while one runs (it starts on the first request or `ready()`). */
  readonly pid: number | undefined
  /** Closes the URL and ends Alto; resolves once both are gone. Idempotent. */
  stop(): Promise<void>
}

/** Alto's readiness on a busy 2-core machine was measured at up to ~30 s; this leaves room. */
const READY_TIMEOUT_MS = 120_000
const READY_POLL_MS = 50
const STOP_GRACE_MS = 3_000
const MAX_BODY_BYTES = 1024 * 1024
const LOG_TAIL_CHARS = 16 * 1024

/**
 * Loaded into Alto's process before Alto: its RPC server listens on "0.0.0.0", every interface,
 * which would expose a bundler holding funded keys to the network. Rewrites a wildcard host to
 * the loopback host the devnet was given. Alto is told port 0; the preload reports the port the
 * kernel gave on file descriptor 3, so the supervisor only ever talks to its own process (a port
 * picked beforehand could be taken by a neighbour, whose bundler would then answer in its place).
 */
const LOOPBACK_PRELOAD = `data:text/javascript,${encodeURIComponent(`
import net from 'node:net'
import { writeSync } from 'node:fs'
const host = process.env.PORTICO_BUNDLER_HOST
const listen = net.Server.prototype.listen
const wildcard = (h) => h === undefined || h === '0.0.0.0' || h === '::' || h === ''
net.Server.prototype.listen = function (...args) {
  if (args[0] !== null && typeof args[0] === 'object' && !(args[0] instanceof net.Server) && wildcard(args[0].host)) args[0] = { ...args[0], host }
  else if (typeof args[0] === 'number' && (typeof args[1] !== 'string' || wildcard(args[1]))) args.splice(1, typeof args[1] === 'string' ? 1 : 0, host)
  this.once('listening', () => {
    const address = this.address()
    if (address && typeof address === 'object') writeSync(3, 'listening ' + address.port + '\\n')
  })
  return listen.apply(this, args)
}
`)}`

/** Environment variables Alto would read as options or as telemetry sinks: never inherited. */
const SCRUBBED_ENV = /^(ALTO_|SENTRY_|OTEL_|NODE_OPTIONS$|DOTENV_)/

/**
 * Starts the devnet bundler: a loopback URL in front of Pimlico's Alto bundling through the
 * devnet's EntryPoint v0.8 on anvil. Alto runs without safe mode (anvil has no tracer for the
 * ERC-7562 checks), with anvil account #6 as executor and #7 as utility key.
 *
 * @example
 * ```ts
 * import { startBundler, startAnvil } from '@portico/devnet'
 *
 * const anvil = await startAnvil()
 * const bundler = await startBundler({ rpcUrl: anvil.rpcUrl, eager: true })
 * const entryPoints = await (await fetch(bundler.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_supportedEntryPoints","params":[]}' })).json()
 * await bundler.stop()
 * await anvil.stop()
 * ```
 */
export async function startBundler(options: StartBundlerOptions): Promise<DevnetBundler> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const alto = altoSupervisor({ host, rpcUrl: options.rpcUrl, logLevel: options.logLevel ?? 'warn' })

  const app = createEmulatorApp({ cors: ['POST', 'OPTIONS'], maxBodyBytes: MAX_BODY_BYTES })
  const relay = async (body: string): Promise<Response> => {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return Response.json(rpcError(null, -32700, 'Parse error'), { status: 400 })
    }
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    const reserved = calls.find(
      (call) => isRecord(call) && typeof call.method === 'string' && call.method.startsWith('debug_'),
    )
    if (reserved) {
      const id = isRecord(reserved) ? (reserved.id ?? null) : null
      return Response.json(
        rpcError(
          id,
          -32601,
          `Method ${String((reserved as { method: string }).method)} is not available: use the devnet's bundler switches`,
        ),
      )
    }
    let target: string
    try {
      target = await alto.ensure()
    } catch (error) {
      return Response.json(rpcError(null, -32603, `The bundler failed to start: ${(error as Error).message}`), {
        status: 503,
      })
    }
    try {
      const upstream = await fetch(`${target}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      return new Response(await upstream.arrayBuffer(), {
        status: upstream.status,
        headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
      })
    } catch (error) {
      return Response.json(rpcError(null, -32603, `The bundler stopped answering: ${(error as Error).message}`), {
        status: 502,
      })
    }
  }
  const handle = async (c: Context<EmulatorEnv>) => {
    let body: string
    try {
      body = await readText(c)
    } catch (error) {
      // A bundler client reads JSON-RPC errors, not the emulator's `{ message }`.
      if (error instanceof HttpError)
        return Response.json(rpcError(null, -32600, error.message), { status: error.status })
      throw error
    }
    return relay(body)
  }
  app.post('/', handle)
  app.post('/rpc', handle)

  let server: RunningEmulator = await serveEmulator(app, { host, port: options.port ?? 0 })
  const { url, port } = server
  let isUp = true
  let stopping: Promise<void> | undefined

  const bundler: DevnetBundler = {
    url,
    ready: async () => {
      if (!isUp) throw new Error('the devnet bundler is down (call up() first)')
      await alto.ensure()
    },
    get isUp() {
      return isUp
    },
    down: async () => {
      if (!isUp) return
      isUp = false
      await Promise.all([server.stop(), alto.kill()])
    },
    up: async () => {
      if (isUp || stopping) return
      // The same URL as before: a client configured with it reconnects.
      server = await serveEmulator(app, { host, port })
      isUp = true
    },
    pauseBundling: () => alto.setPaused(true),
    resumeBundling: () => alto.setPaused(false),
    get bundlingPaused() {
      return alto.paused
    },
    logs: () => alto.logs(),
    get pid() {
      return alto.pid
    },
    stop() {
      stopping ??= Promise.all([server.stop(), alto.kill()]).then(() => {
        isUp = false
      })
      return stopping
    },
  }
  if (options.eager) {
    try {
      await alto.ensure()
    } catch (error) {
      await bundler.stop()
      throw error
    }
  }
  return bundler
}

function rpcError(id: unknown, code: number, message: string) {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message } }
}

class AltoExitedError extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`Alto exited during start-up (code ${code}): ${output.trim().slice(-2_000) || '(no output)'}`)
  }
}

interface AltoRun {
  child: ChildProcess
  url: string
  ready: Promise<void>
  exited: Promise<void>
}

/**
 * One Alto process at a time, started on demand: concurrent callers share a start, a process
 * that exits (killed or crashed) is forgotten so the next call starts a fresh one.
 */
function altoSupervisor(opts: { host: string; rpcUrl: string; logLevel: string }) {
  let current: AltoRun | undefined
  let starting: Promise<string> | undefined
  let paused = false
  let output = ''
  const entry = createRequire(import.meta.url).resolve('@pimlico/alto')

  const launch = (): AltoRun => {
    const aa = devnetAccountAbstraction
    const args = [
      '--entrypoints',
      aa.entryPoint,
      '--executor-private-keys',
      aa.bundlerExecutor.privateKey,
      '--utility-private-key',
      aa.bundlerUtility.privateKey,
      '--rpc-url',
      opts.rpcUrl,
      '--port',
      '0',
      // anvil cannot run the ERC-7562 tracer that safe mode needs.
      '--safe-mode',
      'false',
      // Only this module calls them (pause/resume); the front refuses debug_* from clients.
      '--enable-debug-endpoints',
      'true',
      '--bundle-mode',
      paused ? 'manual' : 'auto',
      // anvil mines a block per transaction; a short block time makes Alto poll for its bundle's
      // receipt often instead of once a second.
      '--block-time',
      '250',
      // The executor holds 10,000 ETH: no balance watching or refills (they poll and send transactions).
      '--utility-wallet-monitor',
      'false',
      '--refilling-wallets',
      'false',
      // JSON logs skip pino-pretty's worker thread.
      '--json',
      '--log-level',
      opts.logLevel,
    ]
    const env: NodeJS.ProcessEnv = { PORTICO_BUNDLER_HOST: opts.host, DOTENV_CONFIG_PATH: '/dev/null' }
    for (const [key, value] of Object.entries(process.env)) if (!SCRUBBED_ENV.test(key)) env[key] ??= value
    const command = withParentDeathSignal(process.execPath, ['--import', LOOPBACK_PRELOAD, entry, ...args])
    const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env })
    trackChild(child)
    const listening = new Promise<number>((resolve) => {
      let reported = ''
      child.stdio[3]?.on('data', (chunk: Buffer) => {
        reported += chunk.toString('utf8')
        const port = /^listening (\d+)$/m.exec(reported)?.[1]
        if (port) resolve(Number(port))
      })
    })
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    const spawnFailed = new Promise<never>((_, reject) =>
      child.once('error', (error) => reject(new Error(`could not start Alto: ${error.message}`))),
    )
    spawnFailed.catch(() => {})
    const polling = new AbortController()
    let deadline: ReturnType<typeof setTimeout> | undefined
    const neverListened = new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Error(`Alto did not start listening within ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      )
    })
    const run: AltoRun = { child, url: '', ready: Promise.resolve(), exited }
    run.ready = Promise.race([
      neverListened,
      listening.then((port) => {
        run.url = `http://${formatHostPort(opts.host, port)}`
        return waitForAlto(run.url, polling.signal)
      }),
      spawnFailed,
      exited.then(() => {
        throw new AltoExitedError(child.exitCode, output)
      }),
    ]).finally(() => {
      polling.abort()
      clearTimeout(deadline)
    })
    return run
  }

  const stopRun = async (run: AltoRun) => {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGTERM')
      const escalate = setTimeout(() => run.child.kill('SIGKILL'), STOP_GRACE_MS)
      await run.exited
      clearTimeout(escalate)
    }
  }

  const start = async (): Promise<string> => {
    const run = launch()
    current = run
    void run.exited.then(() => {
      if (current === run) current = undefined
    })
    try {
      await run.ready
      return run.url
    } catch (error) {
      await stopRun(run)
      throw error
    }
  }

  const call = async (method: string, params: unknown[]) => {
    const url = await ensure()
    const response = await fetch(`${url}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const reply = (await response.json()) as { error?: { message: string } }
    if (reply.error) throw new Error(`Alto ${method}: ${reply.error.message}`)
  }

  const ensure = (): Promise<string> => {
    if (current && !starting) return Promise.resolve(current.url)
    starting ??= start().finally(() => {
      starting = undefined
    })
    return starting
  }

  return {
    ensure,
    get paused() {
      return paused
    },
    async setPaused(next: boolean) {
      // Alto starts a second bundling loop when told "auto" while already bundling.
      if (next === paused) return
      paused = next
      // A later start picks the mode up from the flag; a running Alto is switched live.
      if (current || starting) await call('debug_bundler_setBundlingMode', [next ? 'manual' : 'auto'])
    },
    logs: () => output,
    get pid() {
      return current?.child.pid
    },
    async kill() {
      const run = current
      current = undefined
      if (run) await stopRun(run)
      await starting?.catch(() => undefined)
    },
  }
}

/** Alto answers HTTP a moment before its handlers are wired; readiness is a real `eth_chainId`. */
async function waitForAlto(url: string, cancelled: AbortSignal): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
  while (Date.now() < deadline && !cancelled.aborted) {
    try {
      const response = await fetch(`${url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.any([cancelled, AbortSignal.timeout(2_000)]),
      })
      const json = (await response.json()) as { result?: string }
      if (typeof json.result === 'string') return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
  }
  if (cancelled.aborted) return
  throw new Error(`Alto did not answer eth_chainId on ${url} within ${READY_TIMEOUT_MS} ms`)
}
