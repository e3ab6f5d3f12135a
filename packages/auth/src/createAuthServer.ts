import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { MAX_BODY_BYTES, MAX_SHARE_BYTES } from './constants.js'
import { recoveryKeyFrom, sha256 } from './crypto.js'
import type { Database } from './db/database.js'
import { openPglite } from './db/pglite.js'
import { openPostgres } from './db/postgres.js'
import { AuthError, serverMessages } from './errors.js'
import { createSmtpMailer, type Mailer, type SmtpOptions } from './mailer.js'
import { migrate } from './migrate.js'
import { isOriginAllowed } from './origins.js'
import { RateLimiter } from './rateLimit.js'
import { AuthService, type RequestContext, type SessionContext } from './service.js'

/**
 * A project (an app using the embedded wallet): its id, sent by the secure frame with every
 * request, and the page origins allowed to embed the wallet (exact, or with `*` wildcards).
 *
 * @example
 * ```ts
 * const project: AuthProject = { id: 'my-dapp', allowedOrigins: ['https://app.example.com', 'https://*.example.com'] }
 * ```
 */
export interface AuthProject {
  id: string
  allowedOrigins: string[]
}

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
  /** Requests per minute per client IP and route group (default 60); `false` turns the limit off. */
  rateLimit?: { perMinute: number } | false
  /** Read the client IP from `X-Forwarded-For` (behind a reverse proxy). Default false. */
  trustProxy?: boolean
  /** Session lifetime in ms (default 7 days). */
  sessionTtlMs?: number
  /** Clock in ms (tests pass a fake one). Default `Date.now`. */
  now?: () => number
  /** Where unexpected errors are reported (default `console.error`). */
  log?: (message: string, error?: unknown) => void
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
  /** The request listener, to mount the API in a server of your own. */
  handle(request: IncomingMessage, response: ServerResponse): void
  /** Stops listening and closes the database (unless it was passed in opened). Idempotent. */
  close(): Promise<void>
}

const emailSchema = z
  .string()
  .max(254)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.email())
const otpSchema = z.string().min(1).max(32)
const idSchema = z.string().min(1).max(64)
const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/)
const namespaceSchema = z.enum(['eip155', 'solana'])
const shareSchema = z.base64().max(Math.ceil(MAX_SHARE_BYTES / 3) * 4)
const keySchema = z.object({
  address: z.string().min(1).max(128),
  share: shareSchema,
  recoveryShare: shareSchema.optional(),
})
const deviceShareSchema = z.object({ share: shareSchema })

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value)
  if (!result.success) {
    const path = result.error.issues[0]?.path.join('.')
    throw new AuthError('BAD_REQUEST', `Invalid ${path ? `${what}.${path}` : what}`)
  }
  return result.data
}

const CORS_HEADERS =
  'content-type, authorization, x-project-id, x-portico-origin, x-portico-device, x-portico-sdk-version'

/**
 * Creates the auth server behind the embedded wallet's secure frame: email codes, device
 * approval, email update, sessions (HS256 JWTs) and the server's key shares, on PGlite or Postgres,
 * with mail over SMTP. Nothing is opened until `listen`, `ready` or the first request.
 *
 * @example
 * ```ts
 * import { createAuthServer } from '@portico/auth'
 *
 * const auth = createAuthServer({
 *   projects: [{ id: 'my-dapp', allowedOrigins: ['https://app.example.com'] }],
 *   mail: { host: 'smtp.example.com', port: 587, user: 'login', password: process.env.SMTP_PASSWORD, from: 'login@example.com' },
 *   database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: './portico-auth-data' },
 *   secret: process.env.PORTICO_AUTH_SECRET,
 *   publicUrl: 'https://auth.example.com',
 * })
 * await auth.listen({ port: 8790, host: '0.0.0.0' })
 * ```
 */
export function createAuthServer(options: AuthServerOptions): AuthServer {
  const now = options.now ?? Date.now
  const log = options.log ?? ((message: string, error?: unknown) => console.error(`[portico-auth] ${message}`, error))
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
  const recoveryKey = recoveryKeyFrom(recoveryKeyOption, secret)
  const projects = new Map(options.projects.map((p) => [p.id, p]))
  const mailer: Mailer = 'send' in options.mail ? options.mail : createSmtpMailer(options.mail)
  const databaseOption = options.database ?? { dataDir: './portico-auth-data' }
  const ownsDatabase = 'dataDir' in databaseOption || 'url' in databaseOption
  const limiter =
    options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit?.perMinute ?? 60, 60_000, now)

  let server: Server | undefined
  let url: string | undefined
  let opening: Promise<Database> | undefined
  let closing: Promise<void> | undefined

  const database = () => {
    opening ??= (async () => {
      const db =
        'dataDir' in databaseOption
          ? await openPglite(databaseOption)
          : 'url' in databaseOption
            ? await openPostgres(databaseOption)
            : databaseOption
      await migrate(db, now)
      return db
    })()
    // A failed open (e.g. Postgres not up yet) is retried by the next request.
    opening.catch(() => {
      opening = undefined
    })
    return opening
  }

  const service = new AuthService({
    database,
    mailer,
    secret,
    recoveryKey,
    now,
    publicUrl: () => (options.publicUrl ?? url ?? '').replace(/\/+$/, ''),
    appName: options.appName ?? 'Portico',
    ...(options.sessionTtlMs ? { sessionTtlMs: options.sessionTtlMs } : {}),
  })

  const clientIp = (request: IncomingMessage) => {
    const forwarded = options.trustProxy
      ? String(request.headers['x-forwarded-for'] ?? '')
          .split(',')[0]
          ?.trim()
      : ''
    return forwarded || request.socket.remoteAddress || 'unknown'
  }

  /** Project id and page origin: the spec's two server messages for a wrong key or origin. */
  const checkProject = (request: IncomingMessage, query: URLSearchParams): { projectId: string; origin: string } => {
    const projectId = header(request, 'x-project-id') ?? query.get('projectId') ?? ''
    const project = projects.get(projectId)
    if (!project) throw new AuthError('INVALID_PROJECT_ID', serverMessages.invalidKey)
    // The frame runs on its own origin and names the page that embeds it; a direct call has only Origin.
    const origin = header(request, 'x-portico-origin') ?? header(request, 'origin') ?? ''
    if (!origin || !isOriginAllowed(origin, project.allowedOrigins))
      throw new AuthError('ORIGIN_NOT_ALLOWED', serverMessages.originNotAllowed)
    return { projectId, origin }
  }

  const context = (request: IncomingMessage, query: URLSearchParams): RequestContext => {
    const project = checkProject(request, query)
    const deviceId = parse(deviceIdSchema, header(request, 'x-portico-device'), 'X-Portico-Device')
    return { ...project, deviceHash: sha256(deviceId) }
  }

  const authenticated = async (request: IncomingMessage, query: URLSearchParams): Promise<SessionContext> => {
    const ctx = context(request, query)
    const auth = header(request, 'authorization')
    const token = auth?.match(/^Bearer\s+(\S+)$/i)?.[1]
    return service.authenticate(token, ctx)
  }

  const limit = (request: IncomingMessage, group: string) => {
    const wait = limiter?.hit(`${clientIp(request)}|${group}`) ?? 0
    if (wait > 0) throw new AuthError('RATE_LIMITED', `Please try again after ${wait} seconds`, { retryAfter: wait })
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', 'http://localhost')
    const { pathname, searchParams: query } = requestUrl
    const method = request.method ?? 'GET'
    const send = (status: number, body: unknown) => sendJson(response, status, body)

    if (pathname === '/health' && method === 'GET')
      return send(200, {
        status: 'ok',
        database: 'dataDir' in databaseOption ? 'pglite' : 'url' in databaseOption ? 'postgres' : databaseOption.kind,
      })

    // The link in the device mail: a page with one button (a GET never approves, so mail
    // scanners that open links cannot approve a device by themselves).
    if (pathname === '/v1/devices/approve') {
      if (method === 'GET') return sendHtml(response, 200, approvePage(query.get('token') ?? ''))
      if (method !== 'POST') throw new AuthError('METHOD_NOT_ALLOWED', 'Method not allowed')
      limit(request, 'device')
      const isJson = (request.headers['content-type'] ?? '').includes('json')
      const body = await readBody(request)
      const token = parse(z.string().min(1).max(128), (body as { token?: unknown }).token, 'token')
      try {
        const result = await service.approveDevice(token)
        return isJson ? send(200, { approved: true, ...result }) : sendHtml(response, 200, approvedPage(result.email))
      } catch (error) {
        if (isJson || !(error instanceof AuthError)) throw error
        return sendHtml(response, error.status, messagePage('This link does not work', error.message))
      }
    }

    if (!pathname.startsWith('/v1/')) throw new AuthError('NOT_FOUND', 'Not found')
    const key = `${method} ${pathname}`
    const keyMatch = pathname.match(/^\/v1\/keys\/([^/]+)(?:\/(share|recovery|device))?$/)

    switch (key) {
      case 'POST /v1/email/login': {
        const ctx = context(request, query)
        limit(request, 'email')
        const body = await readBody(request)
        const email = parse(emailSchema, body.email, 'email')
        return send(200, await service.startLogin(email, ctx))
      }
      case 'POST /v1/email/device': {
        const ctx = context(request, query)
        const body = await readBody(request)
        return send(200, await service.loginStatus(parse(idSchema, body.challengeId, 'challengeId'), ctx))
      }
      case 'POST /v1/email/otp': {
        const ctx = context(request, query)
        limit(request, 'otp')
        const body = await readBody(request)
        const challengeId = parse(idSchema, body.challengeId, 'challengeId')
        return send(200, await service.verifyLogin(challengeId, parse(otpSchema, body.otp, 'otp'), ctx))
      }
      case 'GET /v1/session':
        return send(200, await service.getUser(await authenticated(request, query)))
      case 'DELETE /v1/session': {
        await service.signOut(await authenticated(request, query))
        return send(200, { signedOut: true })
      }
      case 'POST /v1/email/update': {
        const session = await authenticated(request, query)
        limit(request, 'email')
        const body = await readBody(request)
        return send(200, await service.startEmailUpdate(session, parse(emailSchema, body.email, 'email')))
      }
      case 'POST /v1/email/update/primary':
      case 'POST /v1/email/update/secondary': {
        const session = await authenticated(request, query)
        limit(request, 'otp')
        const body = await readBody(request)
        const challengeId = parse(idSchema, body.challengeId, 'challengeId')
        const otp = parse(otpSchema, body.otp, 'otp')
        return send(
          200,
          pathname.endsWith('primary')
            ? await service.verifyPrimaryOtp(session, challengeId, otp)
            : await service.verifySecondaryOtp(session, challengeId, otp),
        )
      }
      case 'GET /v1/keys':
        return send(200, { keys: await service.listKeys(await authenticated(request, query)) })
    }
    if (keyMatch) {
      const session = await authenticated(request, query)
      const namespace = parse(namespaceSchema, decodeURIComponent(keyMatch[1] ?? ''), 'namespace')
      const bytes = (base64: string, what: string) => {
        const share = Buffer.from(base64, 'base64')
        if (share.length === 0 || share.length > MAX_SHARE_BYTES) throw new AuthError('BAD_REQUEST', `Invalid ${what}`)
        return share
      }
      const sub = keyMatch[2]
      if (method === 'PUT' && !sub) {
        const body = parse(keySchema, await readBody(request), 'body')
        const share = bytes(body.share, 'body.share')
        const recovery = body.recoveryShare ? bytes(body.recoveryShare, 'body.recoveryShare') : undefined
        return send(201, { key: await service.putKeyShare(session, namespace, body.address, share, recovery) })
      }
      if (method === 'GET' && sub === 'share') return send(200, await service.getKeyShare(session, namespace))
      if (method === 'GET' && sub === 'recovery') {
        limit(request, 'recovery')
        return send(200, await service.recoverKeyShares(session, namespace))
      }
      if (method === 'PUT' && sub === 'device') {
        const body = parse(deviceShareSchema, await readBody(request), 'body')
        return send(201, { key: await service.putDeviceShare(session, namespace, bytes(body.share, 'body.share')) })
      }
      throw new AuthError('METHOD_NOT_ALLOWED', 'Method not allowed')
    }
    throw new AuthError('NOT_FOUND', 'Not found')
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    // The frame calls from its own origin with bearer tokens, never cookies: reflecting the
    // origin is safe, and the project's origin list is checked on every call.
    const origin = header(request, 'origin')
    if (origin) {
      response.setHeader('Access-Control-Allow-Origin', origin)
      response.setHeader('Vary', 'Origin')
      response.setHeader('Access-Control-Expose-Headers', 'Retry-After')
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': CORS_HEADERS,
        'Access-Control-Max-Age': '600',
      })
      response.end()
      return
    }
    route(request, response).catch((error: unknown) => {
      if (!(error instanceof AuthError) || error.code === 'INTERNAL' || error.code === 'MAIL_FAILED')
        log(`${request.method} ${request.url}: ${error instanceof Error ? error.message : String(error)}`, error)
      const known = error instanceof AuthError ? error : new AuthError('INTERNAL', 'Internal server error')
      if (response.headersSent) {
        response.destroy()
        return
      }
      if (known.code === 'RATE_LIMITED') response.setHeader('Retry-After', String(known.details.retryAfter ?? 30))
      sendJson(response, known.status, { error: { code: known.code, message: known.message, ...known.details } })
    })
  }

  return {
    get url() {
      return url
    },
    handle,
    database,
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
        const listening = server
        if (listening) {
          await new Promise<void>((resolve) => {
            listening.close(() => resolve())
            listening.closeAllConnections()
          })
        }
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

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  const first = Array.isArray(value) ? value[0] : value
  return first === undefined || first === '' ? undefined : first
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new AuthError('PAYLOAD_TOO_LARGE', 'Request body too large')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return {}
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // falls through to the error below
  }
  throw new AuthError('BAD_REQUEST', 'The body must be a JSON object')
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(JSON.stringify(body))
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  })
  response.end(html)
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#3b82f6;color:#fff;cursor:pointer}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`

// The form posts to the page's own path (relative), so the server also works under a path prefix.
const approvePage = (token: string) =>
  page(
    'Approve this device?',
    `<p>Someone asked to log in to your wallet from a new device. Approve only if it was you.</p><form method="post" action="approve"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Approve device</button></form>`,
  )

const approvedPage = (email: string) =>
  page(
    'Device approved',
    `<p>The device is approved for ${escapeHtml(email)}. Go back to the app: a code is on its way.</p>`,
  )

const messagePage = (title: string, message: string) => page(title, `<p>${escapeHtml(message)}.</p>`)
