/**
 * An emulator of Portico's hosted services (directory/config API, analytics, blockchain data API
 * and hosted JSON-RPC), on one loopback HTTP server. Chain data is read live from the devnet
 * chains; everything else comes from deterministic fixtures. Failure modes are flipped through
 * {@link ApiSwitches}, from Node or over HTTP (`POST /__devnet/switches`) from a browser test.
 *
 * The routes live in `routes/`, one file per group, mounted here in order: control routes, then
 * the `hosted` fault, the JSON-RPC passthrough, the hosted parameter check, and the hosted groups.
 */
import { createEmulatorApp, serveEmulator } from '../emulator/app.js'
import { faultSwitch } from '../emulator/faults.js'
import { mountSwitches } from '../emulator/switches.js'
import { type AnalyticsEvent, type ApiContext, HOSTED_PARAMS, requireParams } from './context.js'
import { createProfileStore } from './profiles.js'
import { accountRoutes } from './routes/account.js'
import { analyticsControlRoutes, analyticsRoutes } from './routes/analytics.js'
import { bundlerRoutes } from './routes/bundler.js'
import { convertRoutes } from './routes/convert.js'
import { directoryRoutes } from './routes/directory.js'
import { onrampRoutes } from './routes/onramp.js'
import { profileRoutes } from './routes/profile.js'
import { rpcRoutes } from './routes/rpc.js'
import { sessionControlRoutes, sessionRoutes } from './routes/sessions.js'
import { createSessionStore, type SessionStore } from './sessions.js'
import { type ApiSwitches, apiSwitchRules, defaultSwitches, switchMessages } from './switches.js'
import { devnetLinklessWalletEntry, devnetWebWalletEntry } from './wallets.js'

/**
 * Options for {@link startApiEmulator}.
 *
 * @example
 * ```ts
 * const api = await startApiEmulator({ evmRpcUrl: devnet.evm.rpcUrl, solanaRpcUrl: devnet.solana.rpcUrl })
 * ```
 */
export interface StartApiEmulatorOptions {
  /** TCP port; 0 (default) lets the OS pick a free one. */
  port?: number
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** The devnet anvil JSON-RPC URL (balances, history, gas price, passthrough for `eip155:31337`). */
  evmRpcUrl: string
  /** The devnet Solana JSON-RPC URL (balances, passthrough for the devnet Solana chain). */
  solanaRpcUrl: string
  /**
   * Base URL of the on-ramp provider's checkout (`startOnrampProvider`), which
   * `POST /v1/generators/onrampurl` links to. Without it that route answers 503.
   */
  onrampUrl?: string
  /** The devnet bundler's URL, which `POST /v1/bundler` forwards to. Without it that route answers 503. */
  bundlerUrl?: string
  /**
   * The devnet web wallet's page (`startWebWallet().url`): the directory then lists it first
   * (`devnetWebWalletEntry`), with its URL as the mobile and web app link, and last an entry
   * without any app link (`devnetLinklessWalletEntry`).
   */
  webWalletUrl?: string
}

/**
 * A running hosted-services emulator.
 *
 * @example
 * ```ts
 * const api: ApiEmulator = await startApiEmulator({ evmRpcUrl, solanaRpcUrl })
 * api.switches.balance = 500
 * await api.stop()
 * ```
 */
export interface ApiEmulator {
  /** Base URL (no trailing slash) serving every route, e.g. `http://127.0.0.1:43123`. */
  url: string
  /** Events received on `POST /e`, oldest first (none are stored while `switches.origins` is 403). */
  analytics: { events(): AnalyticsEvent[]; clear(): void }
  switches: ApiSwitches
  /** Smart sessions the hosted session service keeps (`GET /v1/sessions/{account}`); add one as a wallet would. */
  sessions: SessionStore
  /** Closes the server (and keep-alive connections); resolves once the port is free. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts the hosted-services emulator. Hosted routes need `projectId`, `st` and `sv` query
 * parameters (400 otherwise; the JSON-RPC passthrough `POST /v1` needs `projectId` and
 * `chainId`). Devnet control routes live under `/__devnet/`.
 *
 * @example
 * ```ts
 * import { startApiEmulator, startDevnet } from '@portico/devnet'
 *
 * const devnet = await startDevnet({ api: false })
 * const api = await startApiEmulator({ evmRpcUrl: devnet.evm.rpcUrl, solanaRpcUrl: devnet.solana.rpcUrl })
 * const q = 'projectId=test&st=appkit&sv=1.0.0'
 * const { balances } = await (await fetch(`${api.url}/v1/account/${devnet.evm.accounts[0].address}/balance?currency=usd&chainId=eip155:31337&${q}`)).json()
 * await api.stop()
 * await devnet.stop()
 * ```
 */
export async function startApiEmulator(options: StartApiEmulatorOptions): Promise<ApiEmulator> {
  const events: AnalyticsEvent[] = []
  const switches = defaultSwitches()
  let baseUrl = ''
  const ctx: ApiContext = {
    evmRpcUrl: options.evmRpcUrl,
    solanaRpcUrl: options.solanaRpcUrl,
    onrampUrl: options.onrampUrl,
    bundlerUrl: options.bundlerUrl,
    listedFirst: options.webWalletUrl ? [devnetWebWalletEntry(options.webWalletUrl)] : [],
    listedLast: options.webWalletUrl ? [devnetLinklessWalletEntry(options.webWalletUrl)] : [],
    events,
    switches,
    profiles: createProfileStore(),
    sessions: createSessionStore(),
    get url() {
      return baseUrl
    },
  }

  const app = createEmulatorApp({ cors: ['GET', 'POST', 'OPTIONS'] })
  // Devnet control routes: no hosted parameters, never faulty.
  mountSwitches(app, switches, apiSwitchRules)
  app.route('/', analyticsControlRoutes(ctx))
  app.route('/', sessionControlRoutes(ctx))
  // Every hosted route below, unknown paths included, answers with the `hosted` fault when it is on.
  app.use(
    faultSwitch(
      (c) => {
        const projectId = c.req.query('projectId')
        const own = projectId === undefined ? undefined : switches.hostedFor[projectId]
        if (own && own !== 'ok') return own
        return switches.hostedProjectId === null || projectId === switches.hostedProjectId ? switches.hosted : 'ok'
      },
      { retryAfter: 1, messages: switchMessages },
    ),
  )
  app.route('/', rpcRoutes(ctx))
  app.route('/', bundlerRoutes(ctx))
  app.use((c, next) => {
    requireParams(c, HOSTED_PARAMS)
    return next()
  })
  app.route('/', directoryRoutes(ctx))
  app.route('/', analyticsRoutes(ctx))
  app.route('/', accountRoutes(ctx))
  app.route('/', profileRoutes(ctx))
  app.route('/', convertRoutes(ctx))
  app.route('/', onrampRoutes(ctx))
  app.route('/', sessionRoutes(ctx))

  const server = await serveEmulator(app, { host: options.host, port: options.port })
  baseUrl = server.url
  return {
    url: baseUrl,
    switches,
    sessions: ctx.sessions,
    analytics: {
      events: () => events.map((e) => structuredClone(e)),
      clear: () => {
        events.length = 0
      },
    },
    stop: server.stop,
  }
}
