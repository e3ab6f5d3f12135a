import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { createAuthApp, type HealthCheck } from './app.js'
import {
  HEALTH_TIMEOUT_MS,
  PURGE_INTERVAL_MS,
  RATE_LIMIT_WINDOW_MS,
  SESSION_TTL_MS,
  SHUTDOWN_TIMEOUT_MS,
} from './constants.js'
import { recoveryKeyFrom } from './crypto.js'
import type { Database } from './db/database.js'
import { openPglite } from './db/pglite.js'
import { openPostgres } from './db/postgres.js'
import type { AuthDeps } from './deps.js'
import { AuthError } from './errors.js'
import type { AuthEnv, AuthHttpConfig, AuthProject } from './http/env.js'
import { type AuthLogSink, createLog, errorText, jsonLines } from './log.js'
import { createSmtpMailer, type Mailer, type SmtpOptions } from './mailer.js'
import { type AuthPurgeResult, purgeExpired } from './maintenance/purge.js'
import { migrate } from './migrate.js'
import { createFarcasterClientCache, type FarcasterConfig } from './social/farcaster.js'
import { checkSocialProviders, createClientCache, type SocialProvidersConfig } from './social/providers.js'

export type { AuthProject } from './http/env.js'

/**
 * Where the data lives: a PGlite data folder (default `./portico-auth-data`; `memory://` for a
 * throw-away one; `template`: see `PgliteOptions`), a Postgres URL, or an already opened
 * {@link Database} (not closed by the server).
 *
 * @example
 * ```ts
 * const database: AuthDatabaseOption = { url: process.env.DATABASE_URL! }
 * ```
 */
export type AuthDatabaseOption =
  | { dataDir: string; template?: string }
  | { url: string; maxConnections?: number }
  | Database

/**
 * Options of {@link createAuthServer}.
 *
 * @example
 * ```ts
 * const options: AuthServerOptions = {
 *   projects: [{ id: 'my-dapp', allowedOrigins: ['https://app.example.com'] }],
 *   mail: { url: 'smtp://127.0.0.1:2525', from: 'Portico <login@example.com>' },
 *   secret: process.env.PORTICO_AUTH_SECRET,
 * }
 * ```
 */
export interface AuthServerOptions {
  projects: AuthProject[]
  /** SMTP settings, or any {@link Mailer}. */
  mail: SmtpOptions | Mailer
  database?: AuthDatabaseOption
  /**
   * Key signing the session tokens and keying stored codes: at least 32 bytes (a string is used as
   * UTF-8). Every server behind one load balancer needs the same one. Default: random per process
   * (sessions end when the server restarts).
   */
  secret?: string | Uint8Array
  /**
   * Key sealing the recovery shares stored in the database (keys are split 2-of-3; the third share
   * lets a device approved from the mailed link rebuild the key). At least 32 bytes (a string is
   * used as UTF-8); keep it out of the database's backups. Every server on one database needs the
   * same one, and it must never change while recovery shares sealed with it exist. Default: derived
   * from `secret` (then whoever holds the secret and the database can open them).
   */
  recoveryKey?: string | Uint8Array
  /** Public base URL of this server, written into device approval links. Default: the listening URL. */
  publicUrl?: string
  /** Name in the mails (default `Portico`). */
  appName?: string
  /**
   * Origins of the secure frame (`@portico/secure`) that calls this server, e.g.
   * `['https://secure.example.com']`. Only a request whose browser-set `Origin` is one of these may
   * name the page embedding the frame in `X-Portico-Origin`; any other caller's page is its own
   * `Origin`. A function when the frame starts after this server (the devnet). Default none: pages
   * may call the API directly, the frame may not.
   */
  frameOrigins?: readonly string[] | (() => readonly string[])
  /**
   * Passkeys (WebAuthn), made and used inside the secure frame: `rpId` is the relying party's id,
   * the frame's host name or a registrable suffix of it (default: the host name of the first
   * `frameOrigins` entry); assertions are accepted from the frame origins only. `rpName` is shown
   * by the authenticator (default `appName`).
   */
  passkeys?: { rpId?: string; rpName?: string }
  /**
   * Requests per minute per client IP and route group (default 60), counted in the database so
   * every server on it shares the budget; `false` turns the limit off.
   */
  rateLimit?: { perMinute: number } | false
  /** Read the client IP from `X-Forwarded-For` (behind a reverse proxy). Default false. */
  trustProxy?: boolean
  /** Session lifetime in ms (default 7 days). */
  sessionTtlMs?: number
  /** Clock in ms (tests pass a fake one). Default `Date.now`. */
  now?: () => number
  /**
   * Where the structured log goes: one entry per request and per event (codes sent, logins,
   * approvals, purges, failures), never a code, token, share, device id or full email address.
   * Default: JSON lines on stdout (errors on stderr).
   */
  log?: AuthLogSink
  /** How often expired rows are deleted (default every 10 minutes once the database is open); `false` for never (call `purge`). */
  purgeIntervalMs?: number | false
  /** How long `close()` lets requests in flight finish (default 10 s). */
  shutdownTimeoutMs?: number
  /**
   * A path prefix the routes live under when `fetch` is mounted inside another app (e.g.
   * `'/api/auth'` for a Next.js catch-all route). Set `publicUrl` to include it too.
   */
  basePath?: string
  /**
   * Social login: the providers this server logs in with, by name (google, github, apple,
   * facebook, x, discord; any other name is refused). Each provider redirects to
   * `{publicUrl}/v1/social/callback`: register that URI at the provider. A function when the
   * providers are known only later (the devnet).
   */
  social?: SocialProvidersConfig | (() => SocialProvidersConfig)
  /** Sign In With Farcaster: the auth relay and the chain RPC of the IdRegistry. A function for the devnet. */
  farcaster?: FarcasterConfig | (() => FarcasterConfig | undefined)
}

/**
 * A running (or ready to run) auth server.
 *
 * @example
 * ```ts
 * const auth: AuthServer = createAuthServer(options)
 * const url = await auth.listen({ port: 8790 })
 * ```
 */
export interface AuthServer {
  /** Starts listening (default `127.0.0.1`, a free port); resolves with the base URL. */
  listen(options?: { port?: number; host?: string }): Promise<string>
  /** Base URL once listening. */
  readonly url: string | undefined
  /**
   * Opens the database and applies migrations. Runs by itself on the first request that needs the
   * database; call it to pay the cost up front (the first PGlite start runs initdb, seconds).
   */
  ready(): Promise<void>
  /** The database (opened and migrated). */
  database(): Promise<Database>
  /**
   * The API as a web-standard handler (`Request` in, `Response` out): export it from a Next.js
   * route handler, mount it in a Hono, Bun or Deno server, or wrap it as you like.
   */
  fetch(request: Request): Promise<Response>
  /** The API as a Node request listener, to mount it in an `http` or Express server of your own. */
  handle(request: IncomingMessage, response: ServerResponse): void
  /** Deletes expired codes, sessions, cooldowns and rate-limit windows now (it also runs periodically). */
  purge(): Promise<AuthPurgeResult>
  /**
   * Stops taking requests (new ones get 503), lets the ones in flight finish (up to
   * `shutdownTimeoutMs`), stops listening and closes the database (unless it was passed in
   * opened). Idempotent.
   */
  close(): Promise<void>
}

export function createAuthServer(options: AuthServerOptions): AuthServer {
  const now = options.now ?? Date.now
  const log = createLog(options.log ?? jsonLines, now)
  const secret =
    options.secret === undefined
      ? new Uint8Array(randomBytes(32))
      : typeof options.secret === 'string'
        ? new TextEncoder().encode(options.secret)
        : options.secret
  if (secret.length < 32) throw new AuthError('BAD_REQUEST', 'The auth secret must be at least 32 bytes')
  const recoveryKeyOption =
    typeof options.recoveryKey === 'string' ? new TextEncoder().encode(options.recoveryKey) : options.recoveryKey
  if (recoveryKeyOption && recoveryKeyOption.length < 32)
    throw new AuthError('BAD_REQUEST', 'The recovery key must be at least 32 bytes')
  const mailer: Mailer = 'send' in options.mail ? options.mail : createSmtpMailer(options.mail)
  const databaseOption = options.database ?? { dataDir: './portico-auth-data' }
  const ownsDatabase = 'dataDir' in databaseOption || 'url' in databaseOption
  const databaseKind =
    'dataDir' in databaseOption ? 'pglite' : 'url' in databaseOption ? 'postgres' : databaseOption.kind
  const frameOrigins = options.frameOrigins
  const { social, farcaster } = options
  if (social && typeof social !== 'function') checkSocialProviders(social)
  const purgeEvery = options.purgeIntervalMs ?? PURGE_INTERVAL_MS

  let server: Server | undefined
  let url: string | undefined
  let opening: Promise<Database> | undefined
  let opened = false
  let purgeTimer: ReturnType<typeof setInterval> | undefined
  let stopping = false
  let closing: Promise<void> | undefined
  let inFlight = 0
  let drained: (() => void) | undefined

  const database = () => {
    opening ??= (async () => {
      const db =
        'dataDir' in databaseOption
          ? await openPglite(databaseOption)
          : 'url' in databaseOption
            ? await openPostgres(databaseOption)
            : databaseOption
      await migrate(db, now)
      opened = true
      startPurging()
      return db
    })()
    // A failed open (e.g. Postgres not up yet) is retried by the next request.
    opening.catch(() => {
      opening = undefined
    })
    return opening
  }

  const deps: AuthDeps = {
    database,
    mailer,
    secret,
    recoveryKey: recoveryKeyFrom(recoveryKeyOption, secret),
    now,
    publicUrl: () => (options.publicUrl ?? url ?? '').replace(/\/+$/, ''),
    appName: options.appName ?? 'Portico',
    sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS,
    log,
  }

  const purge = () => purgeExpired(deps)
  function startPurging() {
    if (purgeEvery === false || purgeTimer || stopping) return
    purgeTimer = setInterval(() => {
      purge().catch((error: unknown) => log.error('purge.failed', { error: errorText(error) }))
    }, purgeEvery)
    // A server that is otherwise done must not be kept alive by its purge.
    purgeTimer.unref?.()
  }

  const config: AuthHttpConfig = {
    deps,
    projects: new Map(options.projects.map((p) => [p.id, p])),
    frameOrigins: typeof frameOrigins === 'function' ? frameOrigins : () => frameOrigins ?? [],
    rateLimit:
      options.rateLimit === false
        ? false
        : { perWindow: options.rateLimit?.perMinute ?? 60, windowMs: RATE_LIMIT_WINDOW_MS },
    trustProxy: options.trustProxy ?? false,
    passkeys: {
      get id() {
        const first = (typeof frameOrigins === 'function' ? frameOrigins() : (frameOrigins ?? []))[0]
        return options.passkeys?.rpId ?? (first ? new URL(first).hostname : 'localhost')
      },
      name: options.passkeys?.rpName ?? options.appName ?? 'Portico',
      origins: () => (typeof frameOrigins === 'function' ? frameOrigins() : (frameOrigins ?? [])),
    },
    social: {
      providers: typeof social === 'function' ? social : () => social ?? {},
      client: createClientCache(),
    },
    farcaster: {
      config: typeof farcaster === 'function' ? farcaster : () => farcaster,
      client: createFarcasterClientCache(),
    },
  }

  const health: HealthCheck = async () => {
    const base = { database: databaseKind }
    if (stopping) return { status: 503, body: { status: 'stopping', ...base } }
    // A server that has not needed its database yet (it opens on first use) does not open it for a probe.
    if (!opened && !opening) return { status: 200, body: { status: 'ok', ...base, connection: 'idle' } }
    try {
      await withTimeout(
        database().then((db) => db.query('SELECT 1')),
        HEALTH_TIMEOUT_MS,
      )
      return { status: 200, body: { status: 'ok', ...base, connection: 'ok' } }
    } catch (error) {
      log.error('health.database_unreachable', { error: errorText(error) })
      return { status: 503, body: { status: 'unavailable', ...base, connection: 'failed' } }
    }
  }

  const app = createAuthApp(config, health)
  const routed = options.basePath ? new Hono().mount(options.basePath.replace(/\/+$/, ''), app.fetch) : app

  const fetch = async (request: Request, env?: unknown): Promise<Response> => {
    if (stopping)
      return Response.json(
        { error: { code: 'UNAVAILABLE', message: 'The server is shutting down' } },
        { status: 503, headers: { Connection: 'close', 'Cache-Control': 'no-store' } },
      )
    inFlight += 1
    try {
      return await routed.fetch(request, env as AuthEnv['Bindings'])
    } finally {
      inFlight -= 1
      if (inFlight === 0) drained?.()
    }
  }
  const handle = getRequestListener(fetch)

  return {
    get url() {
      return url
    },
    fetch: (request) => fetch(request),
    handle: (request, response) => {
      void handle(request, response)
    },
    database,
    purge,
    async ready() {
      await database()
    },
    listen({ port = 0, host = '127.0.0.1' } = {}) {
      if (server) throw new AuthError('BAD_REQUEST', 'The auth server is already listening')
      const listening = createServer(handle)
      server = listening
      return new Promise<string>((resolve, reject) => {
        listening.once('error', reject)
        listening.listen(port, host, () => {
          listening.off('error', reject)
          const address = listening.address() as AddressInfo
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
          url = `http://${shownHost}:${address.port}`
          resolve(url)
        })
      })
    },
    close() {
      closing ??= (async () => {
        stopping = true
        if (purgeTimer) clearInterval(purgeTimer)
        const listening = server
        const closed = listening ? new Promise<void>((resolve) => listening.close(() => resolve())) : Promise.resolve()
        listening?.closeIdleConnections()
        if (inFlight > 0) {
          const finished = new Promise<void>((resolve) => {
            drained = resolve
          })
          await withTimeout(finished, options.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS).catch(() => {
            log.warn('shutdown.timeout', { inFlight })
          })
        }
        listening?.closeAllConnections()
        await closed
        mailer.close?.()
        if (ownsDatabase && opening) {
          const db = await opening.catch(() => undefined)
          await db?.close()
        }
      })()
      return closing
    },
  }
}

/** `promise`, or a rejection after `ms` (the timer never keeps the process alive). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
    timer.unref?.()
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
