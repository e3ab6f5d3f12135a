import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { accountRoutes } from './account/routes.js'
import { MAX_BODY_BYTES } from './constants.js'
import { deviceRoutes } from './devices/routes.js'
import { emailUpdateRoutes } from './emailUpdate/routes.js'
import { AuthError } from './errors.js'
import type { AuthEnv, AuthHttpConfig } from './http/env.js'
import { corsAllowed } from './http/origin.js'
import { keyRoutes } from './keys/routes.js'
import { errorText } from './log.js'
import { loginRoutes } from './login/routes.js'
import { originRoutes } from './origin/routes.js'
import { passkeyRoutes } from './passkeys/routes.js'
import { sessionRoutes } from './sessions/routes.js'
import { socialRoutes } from './social/routes.js'

const CORS_HEADERS =
  'content-type, authorization, x-project-id, x-portico-origin, x-portico-device, x-portico-sdk-version'

/** What `/health` answers (from the server's lifecycle: database state, shutting down). */
export type HealthCheck = () => Promise<{ status: 200 | 503; body: Record<string, unknown> }>

/**
 * The JSON error answer of an {@link AuthError}; anything else is `INTERNAL`, logged without details for the client.
 * `headers` go with the answer (the 405's `Allow`).
 */
export function errorResponse(
  c: Context,
  error: unknown,
  config: AuthHttpConfig,
  headers: Record<string, string> = {},
): Response {
  if (!(error instanceof AuthError) || error.code === 'INTERNAL' || error.code === 'MAIL_FAILED') {
    const cause = (error as { cause?: unknown }).cause
    config.deps.log.error('request.failed', {
      method: c.req.method,
      path: c.req.path,
      error: errorText(error),
      ...(cause === undefined ? {} : { cause: errorText(cause) }),
    })
  }
  const known = error instanceof AuthError ? error : new AuthError('INTERNAL', 'Internal server error')
  const answer: Record<string, string> = { ...headers, 'Cache-Control': 'no-store' }
  if (known.code === 'RATE_LIMITED') answer['Retry-After'] = String(known.details.retryAfter ?? 30)
  return c.json({ error: { code: known.code, message: known.message, ...known.details } }, known.status as 400, answer)
}

/** The order methods are listed in an `Allow` header. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Each route path of `routes` and the methods it serves, as an `Allow` header lists them. `ALL`
 * entries are middleware (`app.use`), not routes; a GET route also serves HEAD (Hono answers a
 * HEAD with the GET handler, without the body).
 */
function allowByPath(routes: readonly { method: string; path: string }[]): Map<string, string> {
  const byPath = new Map<string, Set<string>>()
  for (const { method, path } of routes) {
    if (method === 'ALL') continue
    const methods = byPath.get(path) ?? new Set<string>()
    methods.add(method)
    if (method === 'GET') methods.add('HEAD')
    byPath.set(path, methods)
  }
  const rank = (method: string) => {
    const index = METHOD_ORDER.indexOf(method)
    return index === -1 ? METHOD_ORDER.length : index
  }
  return new Map(
    [...byPath].map(([path, methods]) => [path, [...methods].sort((a, b) => rank(a) - rank(b)).join(', ')]),
  )
}

/**
 * The auth server's routes on one Hono app, grouped by domain: email login, device approval,
 * sessions, email update, key shares, social and Farcaster login, and `/health`. Its `fetch` takes a web `Request` and
 * answers a `Response`, so it mounts in any server (see `createAuthServer`).
 */
export function createAuthApp(config: AuthHttpConfig, health: HealthCheck): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>()
  const { log } = config.deps

  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store')
    // The path only: the device link's token travels in the query string.
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })

  // CORS only for the secure frame and the projects' pages: a foreign page's preflight gets no
  // allow headers, so its browser never sends the request.
  app.use(async (c, next) => {
    const origin = c.req.header('origin')
    const projectId = c.req.header('x-project-id') ?? c.req.query('projectId')
    const project = projectId === undefined ? undefined : config.projects.get(projectId)
    const allowed =
      origin !== undefined && corsAllowed(origin, project ? [project] : config.projects.values(), config.frameOrigins())
    if (c.req.method === 'OPTIONS') {
      if (!allowed)
        return errorResponse(c, new AuthError('ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed'), config)
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': CORS_HEADERS,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      })
    }
    await next()
    c.res.headers.append('Vary', 'Origin')
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin)
      c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After')
    }
  })

  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, new AuthError('PAYLOAD_TOO_LARGE', 'Request body too large'), config),
    }),
  )

  app.get('/health', async (c) => {
    const { status, body } = await health()
    return c.json(body, status)
  })
  app.route('/v1/email/update', emailUpdateRoutes(config))
  app.route('/v1/email', loginRoutes(config))
  app.route('/v1/devices', deviceRoutes(config))
  app.route('/v1/origin', originRoutes(config))
  app.route('/v1/session', sessionRoutes(config))
  app.route('/v1/keys', keyRoutes(config))
  app.route('/v1/passkeys', passkeyRoutes(config))
  app.route('/v1/account', accountRoutes(config))
  app.route('/v1', socialRoutes(config, config.social, config.farcaster))

  // A route asked with a method it does not serve answers 405 naming its methods in `Allow`, here
  // for every domain's routes at once. Registered after them all, it runs only when no route
  // answered, and before any route's own checks (project, session, rate limit): the method is
  // wrong whoever asks. A path no route has stays 404 (`notFound`).
  for (const [path, allow] of allowByPath(app.routes))
    app.all(path, (c) =>
      errorResponse(c, new AuthError('METHOD_NOT_ALLOWED', 'Method not allowed'), config, { Allow: allow }),
    )

  app.notFound((c) => errorResponse(c, new AuthError('NOT_FOUND', 'Not found'), config))
  app.onError((error, c) => errorResponse(c, error, config))
  return app
}
