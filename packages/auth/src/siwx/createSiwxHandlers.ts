import type { CaipNetworkId } from '@portico/headless/core'
import { isCaipNetworkId, isEvmAddress, toChecksumEvmAddress } from '@portico/headless/internal'
import { type SiwxSession, SiwxVerificationError } from '@portico/headless/siwx'
import { generateSiwxNonce } from '@portico/headless/siwx/config'
import { type Context, Hono } from 'hono'
import { createMemoryNonceStore, type SiwxNonceStore } from './nonceStore.js'
import { createMemorySessionStore, type SiwxSessionRecord, type SiwxSessionStore } from './sessionStore.js'
import { type VerifySiwxMessageOptions, verifySiwxMessage } from './verifySiwxMessage.js'

/**
 * The session cookie's attributes.
 *
 * @example
 * ```ts
 * const cookie: SiwxCookieOptions = { name: 'acme_siwx', sameSite: 'Strict' }
 * ```
 */
export type SiwxCookieOptions = {
  /** Cookie name (default `portico_siwx`). */
  name?: string | undefined
  /** Default `/`. */
  path?: string | undefined
  /** Default `Lax`. */
  sameSite?: 'Strict' | 'Lax' | 'None' | undefined
  /** Default: only over https (the request URL's scheme). */
  secure?: boolean | undefined
  /** Cookie `Domain` attribute; default none (this host only). */
  domain?: string | undefined
}

/**
 * Options of {@link createSiwxHandlers}: the verifier's, plus where nonces and sessions live.
 *
 * @example
 * ```ts
 * const options: CreateSiwxHandlersOptions = { domain: 'app.example.com', rpcUrls: { 'eip155:1': rpcUrl } }
 * ```
 */
export type CreateSiwxHandlersOptions = Omit<VerifySiwxMessageOptions, 'nonces'> & {
  /** Default: {@link createMemoryNonceStore}. */
  nonces?: SiwxNonceStore | undefined
  /** Default: {@link createMemorySessionStore}. */
  sessions?: SiwxSessionStore | undefined
  /** Session lifetime in ms when the message sets no expiration time, and the cookie's (default 24 h). */
  sessionTtl?: number | undefined
  cookie?: SiwxCookieOptions | undefined
}

/**
 * A fetch-API route handler: what Next.js route handlers, Hono, Deno, Bun and workers take.
 *
 * @example
 * ```ts
 * export const GET: SiwxRequestHandler = siwx.handle
 * ```
 */
export type SiwxRequestHandler = (request: Request) => Promise<Response>

/**
 * The sign-in routes, each on its own and all together.
 *
 * @example
 * ```ts
 * const { handle, getSessions }: CreateSiwxHandlersReturnType = createSiwxHandlers({ domain: 'app.example.com' })
 * ```
 */
export type CreateSiwxHandlersReturnType = {
  /** `GET …/nonce` → `{ nonce, expiresAt }`. */
  nonce: SiwxRequestHandler
  /** `POST …/verify` `{ message, signature }` → `{ session }` and a new session cookie; 400/401 `{ error, message }`. */
  verify: SiwxRequestHandler
  /** `GET …/session?chainId=&address=` → `{ sessions }` of this browser; `DELETE` revokes like `revoke`. */
  session: SiwxRequestHandler
  /** `POST …/revoke` `{ chainId?, address? }` → `{ revoked }`; without both, every session of this browser. */
  revoke: SiwxRequestHandler
  /** All four on one Hono router, matched by the last path segment, so they mount under any path. */
  handle: SiwxRequestHandler
  /** This browser's unexpired sessions, for protecting your own routes. */
  getSessions(
    request: Request,
    filter?: { chainId?: CaipNetworkId | undefined; address?: string | undefined },
  ): Promise<SiwxSessionRecord[]>
}

const maxBodyBytes = 64 * 1024
const ownerIdRegex = /^[A-Za-z0-9]{32,64}$/
const routeNames = ['nonce', 'verify', 'session', 'revoke'] as const

/**
 * Sign-in routes over a verifier, as fetch-API handlers (`Request` → `Response`) on one Hono
 * router, with no Node-only dependency: mount `handle` under one path in Next.js
 * (`export const GET = handle, POST = handle, DELETE = handle`), in an edge or worker runtime as
 * its `fetch`, or in Express / Node `http` through {@link toNodeListener}. The browser is
 * recognised by an HttpOnly cookie; its sessions live in the session store.
 *
 * Every successful sign-in issues a new cookie value: a value the request brought (which
 * someone else may have planted) never becomes a session; the browser's earlier sessions move
 * to the new value and the old one holds nothing.
 *
 * POST bodies must be `application/json`: a cross-site form cannot send that without CORS
 * approval, which keeps sign-out and sign-in safe from cross-site request forgery. Mount the
 * routes on the page's own origin; a sign-in server on another origin needs CORS headers
 * with credentials, which these handlers deliberately do not add.
 *
 * @example
 * ```ts
 * // app/api/siwx/[route]/route.ts
 * import { createSiwxHandlers } from '@portico/auth/siwx'
 *
 * const siwx = createSiwxHandlers({ domain: 'app.example.com', rpcUrls: { 'eip155:1': process.env.RPC_URL! } })
 * export const GET = siwx.handle
 * export const POST = siwx.handle
 * export const DELETE = siwx.handle
 * ```
 */
export function createSiwxHandlers(options: CreateSiwxHandlersOptions): CreateSiwxHandlersReturnType {
  const nonces = options.nonces ?? createMemoryNonceStore(options.now ? { now: options.now } : {})
  const sessions = options.sessions ?? createMemorySessionStore(options.now ? { now: options.now } : {})
  const now = options.now ?? Date.now
  const sessionTtl = options.sessionTtl ?? 24 * 60 * 60_000
  const cookieName = options.cookie?.name ?? 'portico_siwx'

  const ownerOf = (request: Request): string | undefined => {
    const value = readCookie(request.headers.get('cookie'), cookieName)
    return value && ownerIdRegex.test(value) ? value : undefined
  }

  const nonce: SiwxRequestHandler = async (request) => {
    if (request.method !== 'GET') return methodNotAllowed('GET')
    const issued = await nonces.issue()
    return json(200, { nonce: issued.nonce, expiresAt: new Date(issued.expiresAt).toISOString() })
  }

  const verify: SiwxRequestHandler = async (request) => {
    if (request.method !== 'POST') return methodNotAllowed('POST')
    const body = await readJson(request)
    if (body instanceof Response) return body
    const { message, signature } = (body ?? {}) as { message?: unknown; signature?: unknown }
    if (typeof message !== 'string' || typeof signature !== 'string')
      return json(400, { error: 'bad_request', message: 'Expected { message: string, signature: string }.' })
    let data: Awaited<ReturnType<typeof verifySiwxMessage>>
    try {
      data = await verifySiwxMessage({ message, signature }, { ...options, nonces })
    } catch (error) {
      if (!(error instanceof SiwxVerificationError)) throw error
      const status = error.reason === 'malformed_message' || error.reason === 'malformed_signature' ? 400 : 401
      return json(status, { error: error.reason, message: error.details ?? error.shortMessage })
    }
    // A new browser id at every sign-in (no fixation): the cookie the request carried may have
    // been set by someone else. Sessions it already held here move to the new id.
    const ownerId = generateSiwxNonce(43)
    const previous = ownerOf(request)
    if (previous) {
      for (const record of await sessions.list({ ownerId: previous }))
        await sessions.add({ ...record, id: generateSiwxNonce(32), ownerId })
      await sessions.revoke({ ownerId: previous })
    }
    const createdAt = now()
    const expiresAt = data.expirationTime
      ? Math.min(Date.parse(data.expirationTime), createdAt + sessionTtl)
      : createdAt + sessionTtl
    // One session per browser, network and account: signing in again replaces the old one.
    await sessions.revoke({ ownerId, chainId: data.chainId, address: data.accountAddress })
    await sessions.add({
      id: generateSiwxNonce(32),
      ownerId,
      chainId: data.chainId,
      address: data.accountAddress,
      message,
      signature,
      data,
      createdAt,
      expiresAt,
    })
    const session: SiwxSession = { data, message, signature }
    return json(
      200,
      { session },
      { 'set-cookie': serializeCookie(request, ownerId, sessionTtl, options.cookie, cookieName) },
    )
  }

  const getSessions: CreateSiwxHandlersReturnType['getSessions'] = async (request, filter = {}) => {
    const ownerId = ownerOf(request)
    if (!ownerId) return []
    return sessions.list({
      ownerId,
      chainId: filter.chainId,
      address: filter.address === undefined ? undefined : normaliseAddress(filter.chainId, filter.address),
    })
  }

  const revokeFor = async (request: Request, filter: { chainId?: unknown; address?: unknown }) => {
    const { chainId, address } = filter
    if ((chainId !== undefined && !isCaipNetworkId(chainId)) || (address !== undefined && typeof address !== 'string'))
      return json(400, { error: 'bad_request', message: 'chainId must be a CAIP-2 id and address a string.' })
    const ownerId = ownerOf(request)
    const revoked = ownerId
      ? await sessions.revoke({
          ownerId,
          chainId,
          address: address === undefined ? undefined : normaliseAddress(chainId, address),
        })
      : 0
    return json(200, { revoked })
  }

  const session: SiwxRequestHandler = async (request) => {
    const params = new URL(request.url).searchParams
    const chainId = params.get('chainId') ?? undefined
    const address = params.get('address') ?? undefined
    if (request.method === 'DELETE') return revokeFor(request, { chainId, address })
    if (request.method !== 'GET') return methodNotAllowed('GET, DELETE')
    if (chainId !== undefined && !isCaipNetworkId(chainId))
      return json(400, { error: 'bad_request', message: 'chainId must be a CAIP-2 id.' })
    const records = await getSessions(request, { chainId, address })
    return json(200, {
      sessions: records.map(({ data, message, signature }): SiwxSession => ({ data, message, signature })),
    })
  }

  const revoke: SiwxRequestHandler = async (request) => {
    if (request.method !== 'POST') return methodNotAllowed('POST')
    const body = await readJson(request)
    if (body instanceof Response) return body
    return revokeFor(request, (body ?? {}) as { chainId?: unknown; address?: unknown })
  }

  // One router for the four routes, each matched as the last path segment wherever the host
  // mounts them (`/nonce`, `/api/siwx/nonce`, `/api/siwx/nonce/`).
  const routes = { nonce, verify, session, revoke }
  const app = new Hono({ strict: false })
  for (const name of routeNames) {
    const route = (c: Context) => routes[name](c.req.raw)
    app.all(`/${name}`, route)
    app.all(`/:prefix{.+}/${name}`, route)
  }
  app.notFound((c) => {
    const segment = new URL(c.req.url).pathname.replace(/\/+$/, '').split('/').pop() ?? ''
    return json(404, { error: 'not_found', message: `No sign-in route ${segment}.` })
  })
  // The client learns only that the route failed; the host's log gets the cause.
  app.onError((error) => {
    console.error('[portico] A sign-in route failed:', error)
    return json(500, { error: 'internal_error', message: 'The sign-in route failed.' })
  })
  const handle: SiwxRequestHandler = async (request) => app.fetch(request)

  return { nonce, verify, session, revoke, handle, getSessions }
}

/** EVM addresses are stored EIP-55 checksummed; a query in another case must still find them. */
function normaliseAddress(chainId: string | undefined, address: string): string {
  const evm = chainId === undefined ? address.startsWith('0x') : chainId.startsWith('eip155:')
  return evm && isEvmAddress(address) ? toChecksumEvmAddress(address) : address
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  })
}

function methodNotAllowed(allow: string): Response {
  return new Response(JSON.stringify({ error: 'method_not_allowed', message: `Use ${allow}.` }), {
    status: 405,
    headers: { 'content-type': 'application/json', allow },
  })
}

async function readJson(request: Request): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    return json(415, { error: 'unsupported_media_type', message: 'Send application/json.' })
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBodyBytes) return json(413, { error: 'payload_too_large', message: 'Body too large.' })
  const text = await request.text()
  if (text.length > maxBodyBytes) return json(413, { error: 'payload_too_large', message: 'Body too large.' })
  try {
    return text ? JSON.parse(text) : {}
  } catch {
    return json(400, { error: 'bad_request', message: 'The body is not JSON.' })
  }
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
  }
  return undefined
}

function serializeCookie(
  request: Request,
  value: string,
  ttl: number,
  options: SiwxCookieOptions = {},
  name: string,
): string {
  const secure = options.secure ?? new URL(request.url).protocol === 'https:'
  return [
    `${name}=${value}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${Math.floor(ttl / 1000)}`,
    'HttpOnly',
    `SameSite=${options.sameSite ?? 'Lax'}`,
    ...(secure ? ['Secure'] : []),
    ...(options.domain ? [`Domain=${options.domain}`] : []),
  ].join('; ')
}
