/**
 * An emulator of Portico's hosted services (directory/config API, analytics, blockchain data API
 * and hosted JSON-RPC), on one loopback HTTP server. Chain data is read live from the devnet
 * chains; everything else comes from deterministic fixtures. Failure modes are flipped through
 * {@link ApiSwitches}, from Node or over HTTP (`POST /__devnet/switches`) from a browser test.
 */
import http from 'node:http'
import { evmAccounts, solanaAccounts } from '../accounts.js'
import { answerPreflight, formatHostPort, listenOnLoopback, resolveLoopbackHost } from '../net.js'
import { evmTokens, solanaTokens } from '../tokens.js'
import { forwardBundlerCall } from './bundler.js'
import {
  type ApiBalance,
  evmBalances,
  evmCaip2,
  evmHistory,
  fixturePrices,
  gasPrice,
  solanaBalances,
  solanaCaip2,
  UpstreamError,
} from './chain.js'
import {
  convertAllowance,
  convertBuildApprove,
  convertBuildTransaction,
  convertQuotes,
  convertTokens,
} from './convert.js'
import { ApiRequestError } from './errors.js'
import { onrampOptions, onrampQuote, onrampUrl } from './onramp.js'
import { iconSvg, queryWallets, walletImage } from './wallets.js'

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
}

/** Feature ids returned by `GET /appkit/v1/config`. */
export type ApiFeatureId = 'social_login' | 'swap' | 'onramp' | 'activity' | 'reown_branding' | 'multi_wallet'

/**
 * Mutable failure switches. `'ok'` serves normally; a number makes the route answer that HTTP
 * status. `features` sets `isEnabled` per feature in the project config.
 *
 * @example
 * ```ts
 * api.switches.origins = 403 // GET /projects/v1/origins and POST /e answer 403
 * api.switches.features.swap = false
 * ```
 */
export interface ApiSwitches {
  origins: 'ok' | 403 | 429 | 500
  config: 'ok' | 429 | 500
  balance: 'ok' | 500
  /** Every `/v1/convert/*` route (swaps and gas price). */
  convert: 'ok' | 403 | 429 | 500
  /** `GET /v1/convert/allowance` alone: a quote that works while the allowance check fails. */
  allowance: 'ok' | 429 | 500
  /** `/v1/onramp/*` and `POST /v1/generators/onrampurl`. */
  onramp: 'ok' | 403 | 429 | 500
  /** Delay in ms before the convert and on-ramp routes answer (0 to 10000), to test loading states. */
  latencyMs: number
  features: Record<ApiFeatureId, boolean>
  /** Providers listed in the `social_login` feature config. */
  socials: string[]
  /**
   * A fault on every hosted route (control routes under `/__devnet` excepted), the JSON-RPC proxy
   * included: a status (429 with `Retry-After: 1`, 500), `'garbage'` (200 with a body that is not
   * JSON), `'slow'` (answers only after {@link slowReplyDelayMs}, past every client timeout; ends
   * early when the client gives up) or `'reset'` (the connection is dropped without an answer, as
   * when the service dies mid-request).
   */
  hosted: HostedFault
  /**
   * Limits `hosted` to calls carrying this `projectId` (`null`: every call), so a test can break
   * the service for its own instance while others share the emulator.
   */
  hostedProjectId: string | null
}

/** Faults {@link ApiSwitches.hosted} can inject on every hosted route. */
export type HostedFault = 'ok' | 429 | 500 | 'garbage' | 'slow' | 'reset'

/** How long a `'slow'` hosted route holds its answer: past the 10 s client timeout. */
export const slowReplyDelayMs = 15_000

/**
 * An analytics event as posted to `POST /e`, with the query parameters it came with.
 *
 * @example
 * ```ts
 * const opened: AnalyticsEvent[] = api.analytics.events().filter((e) => e.props.event === 'MODAL_OPEN')
 * ```
 */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
  projectId: string
  st: string
  sv: string
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
  /** Closes the server (and keep-alive connections); resolves once the port is free. Idempotent. */
  stop(): Promise<void>
}

/**
 * Defaults of {@link ApiSwitches}: everything healthy, all features but branding on.
 *
 * @example
 * ```ts
 * Object.assign(api.switches, defaultSwitches()) // reset between tests
 * ```
 */
export function defaultSwitches(): ApiSwitches {
  return {
    origins: 'ok',
    config: 'ok',
    balance: 'ok',
    convert: 'ok',
    allowance: 'ok',
    onramp: 'ok',
    latencyMs: 0,
    features: {
      social_login: true,
      swap: true,
      onramp: true,
      activity: true,
      reown_branding: false,
      multi_wallet: true,
    },
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    hosted: 'ok',
    hostedProjectId: null,
  }
}

/**
 * Origins `GET /projects/v1/origins` allows: any loopback dev server port.
 *
 * @example
 * ```ts
 * expect(await res.json()).toEqual({ allowedOrigins })
 * ```
 */
export const allowedOrigins = ['http://127.0.0.1:*', 'http://localhost:*']

const MAX_BODY_BYTES = 1024 * 1024

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '86400',
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
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
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const events: AnalyticsEvent[] = []
  const switches = defaultSwitches()
  let baseUrl = ''
  const context: Context = {
    evmRpcUrl: options.evmRpcUrl,
    solanaRpcUrl: options.solanaRpcUrl,
    onrampUrl: options.onrampUrl,
    bundlerUrl: options.bundlerUrl,
    events,
    switches,
    get url() {
      return baseUrl
    },
  }

  const server = http.createServer((request, response) => {
    handle(request, response, context).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy()
        return
      }
      if (error instanceof HttpError || error instanceof ApiRequestError)
        return sendJson(response, error.status, { message: error.message })
      const status = error instanceof UpstreamError ? 502 : 500
      sendJson(response, status, { message: error instanceof Error ? error.message : String(error) })
    })
  })
  const port = await listenOnLoopback(server, host, options.port ?? 0)
  baseUrl = `http://${formatHostPort(host, port)}`

  let stopping: Promise<void> | undefined
  return {
    url: baseUrl,
    switches,
    analytics: {
      events: () => events.map((e) => structuredClone(e)),
      clear: () => {
        events.length = 0
      },
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

interface Context {
  evmRpcUrl: string
  solanaRpcUrl: string
  onrampUrl: string | undefined
  bundlerUrl: string | undefined
  events: AnalyticsEvent[]
  switches: ApiSwitches
  readonly url: string
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}

function sendSvg(response: http.ServerResponse, svg: string): void {
  response.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=3600',
  })
  response.end(svg)
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  const text = await readBody(request)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Body is not valid JSON')
  }
}

function requireParams(query: URLSearchParams, names: readonly string[]): void {
  const missing = names.filter((name) => !query.get(name))
  if (missing.length > 0) throw new HttpError(400, `Missing required query parameter(s): ${missing.join(', ')}`)
}

const HOSTED = ['projectId', 'st', 'sv'] as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name)
  if (raw === null || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new HttpError(400, `${name} must be a positive integer`)
  return Math.min(value, max)
}

const STATUS_MESSAGES: Record<number, string> = {
  403: 'Unauthorized: origin not allowed',
  429: 'Rate limited',
  500: 'Internal server error',
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse, ctx: Context): Promise<void> {
  if (answerPreflight(request, response, CORS_HEADERS)) return
  const url = new URL(request.url ?? '/', 'http://devnet.invalid')
  const path = url.pathname.replace(/\/+$/, '') || '/'
  const query = url.searchParams
  const method = request.method ?? 'GET'
  const route = `${method} ${path}`

  // Devnet control routes: no hosted parameters.
  if (route === 'GET /__devnet/analytics') return sendJson(response, 200, { events: ctx.events })
  if (route === 'POST /__devnet/analytics/clear') {
    ctx.events.length = 0
    return sendJson(response, 200, { events: [] })
  }
  if (route === 'GET /__devnet/switches') return sendJson(response, 200, ctx.switches)
  if (route === 'POST /__devnet/switches') {
    applySwitches(ctx.switches, await readJson(request))
    return sendJson(response, 200, ctx.switches)
  }

  const faulty =
    ctx.switches.hosted !== 'ok' &&
    (ctx.switches.hostedProjectId === null || query.get('projectId') === ctx.switches.hostedProjectId)
  if (faulty && ctx.switches.hosted !== 'ok' && !(await injectFault(request, response, ctx.switches.hosted))) return

  // Hosted JSON-RPC: the real endpoint takes chainId and projectId only.
  if (route === 'POST /v1') {
    requireParams(query, ['projectId', 'chainId'])
    const chainId = query.get('chainId')
    const target = chainId === evmCaip2 ? ctx.evmRpcUrl : chainId === solanaCaip2 ? ctx.solanaRpcUrl : undefined
    if (!target) throw new HttpError(400, `Unsupported chainId ${chainId}`)
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await readBody(request),
    }).catch((error: Error) => {
      throw new UpstreamError(`chain RPC unreachable: ${error.message}`)
    })
    response.writeHead(upstream.status, {
      ...CORS_HEADERS,
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    })
    response.end(Buffer.from(await upstream.arrayBuffer()))
    return
  }

  // Hosted bundler JSON-RPC (projectId, chainId, bundler), served by the devnet's bundler.
  if (route === 'POST /v1/bundler') {
    const answer = await forwardBundlerCall(query, await readBody(request), ctx.bundlerUrl)
    response.writeHead(answer.status, { ...CORS_HEADERS, 'content-type': answer.headers.get('content-type') ?? '' })
    response.end(Buffer.from(await answer.arrayBuffer()))
    return
  }

  requireParams(query, HOSTED)
  const icon = (symbol: string) =>
    `${ctx.url}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(query.get('projectId') ?? '')}&st=${encodeURIComponent(query.get('st') ?? '')}&sv=${encodeURIComponent(query.get('sv') ?? '')}`

  // ---- Directory / config API ----
  if (route === 'GET /appkit/v1/config') {
    if (ctx.switches.config !== 'ok') return statusReply(response, ctx.switches.config)
    const f = ctx.switches.features
    return sendJson(response, 200, {
      features: [
        { id: 'social_login', isEnabled: f.social_login, config: f.social_login ? [...ctx.switches.socials] : [] },
        { id: 'swap', isEnabled: f.swap, config: null },
        { id: 'onramp', isEnabled: f.onramp, config: null },
        { id: 'activity', isEnabled: f.activity, config: null },
        { id: 'reown_branding', isEnabled: f.reown_branding, config: null },
        { id: 'multi_wallet', isEnabled: f.multi_wallet, config: null },
      ],
    })
  }
  if (route === 'GET /projects/v1/origins') {
    if (ctx.switches.origins !== 'ok') return statusReply(response, ctx.switches.origins)
    return sendJson(response, 200, { allowedOrigins })
  }
  if (route === 'GET /getAnalyticsConfig') return sendJson(response, 200, { isAnalyticsEnabled: true })
  if (route === 'GET /getWallets') {
    const result = queryWallets({
      page: intParam(query, 'page', 1, Number.MAX_SAFE_INTEGER),
      entries: intParam(query, 'entries', 40, 100),
      include: query.get('include') ?? undefined,
      exclude: query.get('exclude') ?? undefined,
      chains: query.get('chains') ?? undefined,
      search: query.get('search') ?? undefined,
      badge_type: query.get('badge_type') ?? undefined,
    })
    return sendJson(response, 200, result)
  }
  if (method === 'GET') {
    const image =
      /^\/(getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\/([^/]+)$/.exec(path)
    if (image) {
      const id = decodeURIComponent(image[2] ?? '')
      if (image[1] === 'getWalletImage') {
        const svg = walletImage(id)
        if (svg === undefined) throw new HttpError(404, `No wallet image ${id}`)
        return sendSvg(response, svg)
      }
      return sendSvg(response, iconSvg(`${image[1]}:${id}`, id.replace(/[^A-Za-z0-9]/g, '') || '?'))
    }
  }

  // ---- Analytics ----
  if (route === 'POST /e') {
    // The hosted service refuses events from a page whose origin is not on the allow-list.
    if (ctx.switches.origins === 403) {
      await readBody(request)
      return statusReply(response, 403)
    }
    const body = await readJson(request)
    if (
      !isRecord(body) ||
      typeof body.eventId !== 'string' ||
      typeof body.url !== 'string' ||
      typeof body.domain !== 'string' ||
      typeof body.timestamp !== 'number' ||
      !isRecord(body.props)
    ) {
      throw new HttpError(
        400,
        'Expected { eventId: string, url: string, domain: string, timestamp: number, props: object }',
      )
    }
    ctx.events.push({
      eventId: body.eventId,
      url: body.url,
      domain: body.domain,
      timestamp: body.timestamp,
      props: body.props,
      projectId: query.get('projectId') ?? '',
      st: query.get('st') ?? '',
      sv: query.get('sv') ?? '',
    })
    return sendJson(response, 202, { status: 'accepted' })
  }

  // ---- Blockchain data API ----
  if (route === 'GET /v1/supported-chains') return sendJson(response, 200, { http: [evmCaip2, solanaCaip2], ws: [] })
  if (route === 'POST /v1/fungible/price') {
    const body = await readJson(request)
    if (!isRecord(body) || !Array.isArray(body.addresses)) throw new HttpError(400, 'Expected { addresses: string[] }')
    const fungibles = body.addresses.flatMap((address) => {
      const token = typeof address === 'string' ? priceToken(address) : undefined
      return token
        ? [
            {
              name: token.name,
              symbol: token.symbol,
              iconUrl: icon(token.symbol),
              price: fixturePrices[token.symbol] ?? 0,
            },
          ]
        : []
    })
    return sendJson(response, 200, { fungibles })
  }
  if (path.startsWith('/v1/convert/')) {
    if (ctx.switches.latencyMs > 0) await delay(ctx.switches.latencyMs)
    if (ctx.switches.convert !== 'ok') return statusReply(response, ctx.switches.convert)
    if (route === 'GET /v1/convert/gas-price') {
      if (query.get('chainId') !== evmCaip2) throw new HttpError(400, 'Network not supported for Gas Price')
      return sendJson(response, 200, await gasPrice(ctx.evmRpcUrl))
    }
    if (route === 'GET /v1/convert/tokens')
      return sendJson(response, 200, await convertTokens(ctx.evmRpcUrl, query.get('chainId'), icon))
    if (route === 'GET /v1/convert/quotes') return sendJson(response, 200, await convertQuotes(ctx.evmRpcUrl, query))
    if (route === 'GET /v1/convert/allowance') {
      if (ctx.switches.allowance !== 'ok') return statusReply(response, ctx.switches.allowance)
      return sendJson(response, 200, await convertAllowance(ctx.evmRpcUrl, query))
    }
    if (route === 'GET /v1/convert/build-approve')
      return sendJson(response, 200, await convertBuildApprove(ctx.evmRpcUrl, query))
    if (route === 'POST /v1/convert/build-transaction')
      return sendJson(response, 200, await convertBuildTransaction(ctx.evmRpcUrl, await readJson(request)))
  }
  if (path.startsWith('/v1/onramp/') || path === '/v1/generators/onrampurl') {
    if (ctx.switches.latencyMs > 0) await delay(ctx.switches.latencyMs)
    if (ctx.switches.onramp !== 'ok') return statusReply(response, ctx.switches.onramp)
    if (route === 'GET /v1/onramp/options') return sendJson(response, 200, onrampOptions())
    if (route === 'POST /v1/onramp/quote') return sendJson(response, 200, onrampQuote(await readJson(request)))
    if (route === 'POST /v1/generators/onrampurl') {
      if (!ctx.onrampUrl) throw new HttpError(503, 'No on-ramp provider is running')
      return sendJson(response, 200, onrampUrl(ctx.onrampUrl, await readJson(request)))
    }
  }
  if (method === 'GET') {
    const identity = /^\/v1\/identity\/([^/]+)$/.exec(path)
    if (identity) return sendJson(response, 200, identityOf(decodeURIComponent(identity[1] ?? '')))

    const profile = /^\/v1\/profile\/account\/([^/]+)$/.exec(path)
    if (profile) {
      const name = decodeURIComponent(profile[1] ?? '').toLowerCase()
      const addresses = PROFILES[name]
      if (!addresses) throw new HttpError(404, `No profile named ${name}`)
      return sendJson(response, 200, {
        name,
        addresses: Object.fromEntries(Object.entries(addresses).map(([coin, address]) => [coin, { address }])),
        attributes: {},
      })
    }

    const account = /^\/v1\/account\/([^/]+)\/(balance|history)$/.exec(path)
    if (account) {
      const address = decodeURIComponent(account[1] ?? '')
      const chainId = query.get('chainId') ?? (address.startsWith('0x') ? evmCaip2 : solanaCaip2)
      if (account[2] === 'balance') {
        if (ctx.switches.balance !== 'ok') return statusReply(response, ctx.switches.balance)
        let balances: ApiBalance[] = []
        if (chainId === evmCaip2 && /^0x[0-9a-fA-F]{40}$/.test(address))
          balances = await evmBalances(ctx.evmRpcUrl, address, icon)
        else if (chainId === solanaCaip2 && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address))
          balances = await solanaBalances(ctx.solanaRpcUrl, address, icon)
        return sendJson(response, 200, { balances })
      }
      const all =
        chainId === evmCaip2 && /^0x[0-9a-fA-F]{40}$/.test(address)
          ? await evmHistory(ctx.evmRpcUrl, address, icon)
          : []
      const start = decodeCursor(query.get('cursor'))
      const page = all.slice(start, start + HISTORY_PAGE)
      const next = start + HISTORY_PAGE < all.length ? encodeCursor(start + HISTORY_PAGE) : null
      return sendJson(response, 200, { data: page, next })
    }
  }

  throw new HttpError(404, `No route for ${method} ${path}`)
}

const HISTORY_PAGE = 20

function encodeCursor(index: number): string {
  return Buffer.from(`devnet:${index}`).toString('base64url')
}

function decodeCursor(cursor: string | null): number {
  if (!cursor) return 0
  const match = /^devnet:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) throw new HttpError(400, 'Invalid cursor')
  return Number(match[1])
}

/**
 * Applies a hosted fault. Resolves `true` when the route should then be served normally (a slow
 * reply whose wait is over), `false` when the fault already ended the exchange.
 */
async function injectFault(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  fault: Exclude<HostedFault, 'ok'>,
): Promise<boolean> {
  if (fault === 'reset') {
    request.socket.destroy()
    return false
  }
  if (fault === 'garbage') {
    response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/json' })
    response.end('<html>\u0000{"not": json')
    return false
  }
  if (fault === 'slow') {
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), slowReplyDelayMs)
      response.once('close', () => {
        clearTimeout(timer)
        resolve(true)
      })
    })
    return !closed
  }
  if (fault === 429) response.setHeader('retry-after', '1')
  statusReply(response, fault)
  return false
}

function statusReply(response: http.ServerResponse, status: number): void {
  sendJson(response, status, { message: STATUS_MESSAGES[status] ?? `HTTP ${status}` })
}

/**
 * Names the profile lookup (`GET /v1/profile/account/{name}`) resolves, with their addresses by
 * SLIP-44 coin type (60 EVM, 501 Solana): bob has both devnet accounts #1, carol only an EVM one,
 * dave an EVM address no devnet account uses (tests send to it and read exact balances).
 */
const PROFILES: Record<string, Record<string, string>> = {
  'bob.reown.id': { '60': evmAccounts[1].address, '501': solanaAccounts[1].address },
  'carol.wcn.id': { '60': evmAccounts[2].address },
  'dave.reown.id': { '60': '0x00000000000000000000000000000000000da7e0' },
}

/** Account #0 of the devnet EVM chain has a name; everyone else is anonymous. */
const NAMES: Record<string, { name: string; avatar: string | null }> = {
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266': { name: 'alice.portico', avatar: null },
}

function identityOf(address: string): { name: string | null; avatar: string | null } {
  return NAMES[address.toLowerCase()] ?? { name: null, avatar: null }
}

const NATIVE_EVM = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const NATIVE_SOL = 'So11111111111111111111111111111111111111111'

/** Resolves a CAIP-10 (or bare) token address to a priced devnet token. */
function priceToken(caip10: string): { name: string; symbol: string } | undefined {
  const address = caip10.split(':').at(-1) ?? ''
  const lower = address.toLowerCase()
  if (lower === NATIVE_EVM || lower === '0x0000000000000000000000000000000000000000')
    return { name: 'Ether', symbol: 'ETH' }
  if (address === NATIVE_SOL || address === 'So11111111111111111111111111111111111111112')
    return { name: 'Solana', symbol: 'SOL' }
  return evmTokens.find((t) => t.address.toLowerCase() === lower) ?? solanaTokens.find((t) => t.mint === address)
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type StatusSwitch = 'origins' | 'config' | 'balance' | 'convert' | 'allowance' | 'onramp' | 'hosted'
const SWITCH_VALUES: Record<StatusSwitch, readonly unknown[]> = {
  origins: ['ok', 403, 429, 500],
  config: ['ok', 429, 500],
  balance: ['ok', 500],
  convert: ['ok', 403, 429, 500],
  allowance: ['ok', 429, 500],
  onramp: ['ok', 403, 429, 500],
  hosted: ['ok', 429, 500, 'garbage', 'slow', 'reset'],
}
const isStatusSwitch = (key: string): key is StatusSwitch => Object.hasOwn(SWITCH_VALUES, key)

/** Validates a partial switches object from HTTP and applies it (all or nothing). */
function applySwitches(switches: ApiSwitches, body: unknown): void {
  if (!isRecord(body)) throw new HttpError(400, 'Expected a JSON object of switches')
  const next = structuredClone(switches)
  for (const [key, value] of Object.entries(body)) {
    if (isStatusSwitch(key)) {
      if (!SWITCH_VALUES[key].includes(value))
        throw new HttpError(400, `${key} must be one of ${SWITCH_VALUES[key].map((v) => JSON.stringify(v)).join(', ')}`)
      ;(next as unknown as Record<string, unknown>)[key] = value
    } else if (key === 'latencyMs') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000)
        throw new HttpError(400, 'latencyMs must be an integer from 0 to 10000')
      next.latencyMs = value
    } else if (key === 'features') {
      if (!isRecord(value)) throw new HttpError(400, 'features must be an object')
      for (const [id, enabled] of Object.entries(value)) {
        if (!Object.hasOwn(next.features, id) || typeof enabled !== 'boolean')
          throw new HttpError(400, `features.${id} must be a known feature id with a boolean`)
        next.features[id as ApiFeatureId] = enabled
      }
    } else if (key === 'hostedProjectId') {
      if (value !== null && typeof value !== 'string')
        throw new HttpError(400, 'hostedProjectId must be a string or null')
      next.hostedProjectId = value
    } else if (key === 'socials') {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
        throw new HttpError(400, 'socials must be an array of strings')
      next.socials = [...value]
    } else {
      throw new HttpError(400, `Unknown switch ${key}`)
    }
  }
  switches.origins = next.origins
  switches.config = next.config
  switches.balance = next.balance
  switches.convert = next.convert
  switches.allowance = next.allowance
  switches.onramp = next.onramp
  switches.latencyMs = next.latencyMs
  switches.hosted = next.hosted
  switches.hostedProjectId = next.hostedProjectId
  Object.assign(switches.features, next.features)
  switches.socials = next.socials
}
