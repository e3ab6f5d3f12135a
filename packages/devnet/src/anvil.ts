import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { evmChainId } from './accounts.js'
import { resolveAnvilBinary } from './anvilBinary.js'
import { assertPortFree, formatHostPort, resolveLoopbackHost } from './net.js'

/** The standard anvil/hardhat test mnemonic; `evmAccounts` are its first five accounts. */
export const anvilMnemonic = 'test test test test test test test test test test test junk'

/**
 * The committed chain snapshot (tokens deployed). Resolved from this module's URL: both
 * `src/anvil.ts` and the bundled `dist/index.js` sit one level below the package root.
 */
export const defaultAnvilStatePath = fileURLToPath(new URL('../state/anvil-state.json', import.meta.url))

/**
 * Options for {@link startAnvil}.
 *
 * @example
 * ```ts
 * const anvil = await startAnvil({ port: 8545 })          // committed devnet state
 * const empty = await startAnvil({ state: false })       // a blank chain
 * ```
 */
export interface StartAnvilOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** anvil state file to load; `false` starts an empty chain. Defaults to the committed devnet state. */
  state?: string | false
  /**
   * The hardfork to run (default `prague`, the first with EIP-7702). An earlier one (`cancun`) is a
   * chain where an EOA cannot delegate, for tests of what refuses that.
   */
  hardfork?: string
  /** anvil executable. Defaults to `$PORTICO_ANVIL_BIN`, the platform package (`@foundry-rs/anvil-linux-amd64`, an optional dependency) or `anvil` on the PATH; when none exists, `AnvilNotFoundError`. */
  binary?: string
}

/**
 * A running anvil process.
 *
 * @example
 * ```ts
 * const anvil: AnvilInstance = await startAnvil()
 * try {
 *   await fetch(anvil.rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}' })
 * } finally {
 *   await anvil.stop()
 * }
 * ```
 */
export interface AnvilInstance {
  /** HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string
  chainId: typeof evmChainId
  host: string
  port: number
  /** PID of the anvil process itself (not a wrapper). */
  pid: number
  /** Kills anvil and resolves once the process has exited (its port is then free). Idempotent. */
  stop(): Promise<void>
  /**
   * Stops anvil (if running) and starts a fresh one on the same host and port, from the same
   * state file: a chain RPC that dies and comes back, for fault tests. `pid` then names the new
   * process. Chain changes made before the restart are gone.
   *
   * @example
   * ```ts
   * await anvil.stop()     // clients now see "connection refused"
   * await anvil.restart()  // same rpcUrl answers again
   * ```
   */
  restart(): Promise<void>
}

const READY_TIMEOUT_MS = 15_000
const READY_POLL_MS = 20
const STOP_GRACE_MS = 3_000

/**
 * Every anvil still running. One shared `exit` hook kills them all synchronously, so a script
 * that exits without calling `stop()` does not leave orphaned chains holding ports. (Parents
 * killed by a signal never run `exit` hooks; see {@link withParentDeathSignal} for that case.)
 */
const liveChildren = new Set<ChildProcess>()
let exitHookInstalled = false
/** @internal Also used for the bundler's process. */
export function trackChild(child: ChildProcess): void {
  liveChildren.add(child)
  child.once('exit', () => liveChildren.delete(child))
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const running of liveChildren) running.kill('SIGKILL')
  })
}

/**
 * On Linux, runs anvil through util-linux's `setpriv --pdeathsig SIGKILL`, which sets the
 * parent-death signal and then *execs* anvil: same PID, but the kernel kills anvil if our
 * process dies for any reason, including SIGKILL or a test runner tearing down its workers
 * (neither runs `exit` hooks). The kernel ties this to the spawning thread, so an anvil started
 * inside a worker thread also ends with that worker. Without setpriv, anvil is spawned directly.
 * @internal Also used for the bundler's process.
 */
export function withParentDeathSignal(command: string, args: string[]): { command: string; args: string[] } {
  if (process.platform !== 'linux') return { command, args }
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => existsSync(candidate))
  return setpriv ? { command: setpriv, args: ['--pdeathsig', 'SIGKILL', '--', command, ...args] } : { command, args }
}

/**
 * Starts a local anvil (EVM) chain preloaded with the devnet tokens.
 *
 * The binary is spawned directly (never through npx or a shell) so the PID we hold is anvil's
 * own and `stop()` really frees the port. Blocks are mined instantly on each transaction.
 *
 * @example
 * ```ts
 * import { startAnvil } from '@portico/devnet'
 * import { createPublicClient, http } from 'viem'
 *
 * const anvil = await startAnvil()
 * const client = createPublicClient({ transport: http(anvil.rpcUrl) })
 * console.log(await client.getChainId()) // 31337
 * await anvil.stop()
 * ```
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const binary = resolveAnvilBinary(options.binary)
  const statePath = options.state === undefined ? defaultAnvilStatePath : options.state
  if (statePath !== false && !existsSync(statePath)) {
    throw new Error(
      `@portico/devnet: anvil state file missing at ${statePath} (regenerate with \`pnpm --filter @portico/devnet build:state\`)`,
    )
  }

  // With no port given anvil binds port 0 and the kernel picks one, which anvil reports once it
  // holds it (see `launch`). Picking a free port first and handing it over left a gap in which
  // another test's anvil could take it, and the readiness probe then accepted the other chain.
  if (options.port) await assertPortFree(host, options.port)
  const hardfork = options.hardfork ?? 'prague'
  const first = await launch({ binary, host, port: options.port ?? 0, statePath, hardfork })
  return restartable(first, () => launch({ binary, host, port: first.port, statePath, hardfork }))
}

/** Wraps a launched anvil so `restart()` swaps the process behind the same URL. */
function restartable(first: AnvilInstance, relaunch: () => Promise<AnvilInstance>): AnvilInstance {
  let current = first
  let restarting: Promise<void> | undefined
  return {
    rpcUrl: first.rpcUrl,
    chainId: first.chainId,
    host: first.host,
    port: first.port,
    get pid() {
      return current.pid
    },
    stop: async () => {
      await restarting?.catch(() => {})
      await current.stop()
    },
    restart() {
      restarting = (async () => {
        await current.stop()
        await assertPortFree(first.host, first.port)
        current = await relaunch()
      })()
      return restarting
    },
  }
}

class AnvilExitedError extends Error {
  constructor(
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`anvil exited during start-up (code ${code}): ${stderr.trim() || '(no output)'}`)
  }
}

async function launch(opts: {
  binary: string
  host: string
  port: number
  statePath: string | false
  hardfork: string
}): Promise<AnvilInstance> {
  const args = [
    '--host',
    opts.host,
    '--port',
    String(opts.port),
    '--chain-id',
    String(evmChainId),
    '--mnemonic',
    anvilMnemonic,
    // Prague is the first hardfork with EIP-7702 (an EOA delegating to a smart-account
    // implementation); pinned so a newer anvil's default cannot change the chain under the tests.
    '--hardfork',
    opts.hardfork,
    // Not `--silent`: that also hides the "Listening on" line, the one sign that this process (and
    // not another that took the port first) holds the port. Request logging, which costs time on
    // every call and which nobody reads, is switched off over RPC once the port is known.
  ]
  if (opts.statePath !== false) args.push('--load-state', opts.statePath)

  const launch = withParentDeathSignal(opts.binary, args)
  const child = spawn(launch.command, launch.args, { stdio: ['ignore', 'pipe', 'pipe'] })
  // stdout is read until anvil names the address it bound, then drained unread so a full pipe
  // never blocks it.
  const listening = new Promise<number>((resolve) => {
    let head = ''
    const onData = (chunk: string) => {
      head = (head + chunk).slice(-4096)
      const port = /^Listening on .*:(\d+)\s*$/m.exec(head)?.[1]
      if (!port) return
      child.stdout?.off('data', onData)
      child.stdout?.on('data', () => {})
      resolve(Number(port))
    }
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', onData)
  })
  // Keep only the tail of stderr for error messages; draining it also prevents a full pipe
  // from blocking anvil.
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4096)
  })

  const exited = new Promise<{ code: number | null }>((resolve) => {
    child.once('exit', (code) => {
      liveChildren.delete(child)
      resolve({ code })
    })
  })
  const spawnFailed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`could not start anvil (${opts.binary}): ${error.message}`)))
  })
  spawnFailed.catch(() => {}) // only meaningful while racing below
  trackChild(child)

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const escalate = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
        await exited
        clearTimeout(escalate)
      }
    })()
    return stopping
  }

  const polling = new AbortController()
  let port = opts.port
  let rpcUrl = ''
  try {
    await Promise.race([
      (async () => {
        port = await withDeadline(listening, `anvil did not report listening within ${READY_TIMEOUT_MS} ms`)
        rpcUrl = `http://${formatHostPort(opts.host, port)}`
        await waitForChainId(rpcUrl, polling.signal)
        await rpc(rpcUrl, 'anvil_setLoggingEnabled', [false])
      })(),
      spawnFailed,
      exited.then(({ code }) => {
        throw new AnvilExitedError(code, stderr)
      }),
    ])
  } catch (error) {
    await stop()
    throw error
  } finally {
    polling.abort()
  }

  return {
    rpcUrl,
    chainId: evmChainId,
    host: opts.host,
    port,
    pid: child.pid as number,
    stop,
    restart: () => Promise.reject(new Error('restart() is provided by startAnvil')),
  }
}

function withDeadline<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), READY_TIMEOUT_MS)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const json = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (json.error) throw new Error(`anvil refused ${method}: ${json.error.message}`)
  return json.result
}

/** anvil accepts connections slightly before it serves RPC, so readiness is a real `eth_chainId` answer. */
async function waitForChainId(rpcUrl: string, cancelled: AbortSignal): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
  while (Date.now() < deadline && !cancelled.aborted) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.any([cancelled, AbortSignal.timeout(1_000)]),
      })
      const json = (await response.json()) as { result?: string }
      if (json.result && Number(json.result) === evmChainId) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
  }
  if (cancelled.aborted) return
  throw new Error(`anvil did not answer eth_chainId on ${rpcUrl} within ${READY_TIMEOUT_MS} ms`)
}
