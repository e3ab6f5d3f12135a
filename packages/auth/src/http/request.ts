import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { MAX_BODY_BYTES, MAX_SHARE_BYTES } from '../constants.js'
import { sha256 } from '../crypto.js'
import { AuthError, serverMessages } from '../errors.js'
import type { RateLimitGroup } from '../limits/rateLimits.js'
import { hitRateLimit } from '../limits/rateLimits.js'
import type { AuthEnv, AuthHttpConfig } from './env.js'
import { pageOrigin } from './origin.js'

export const emailSchema = z
  .string()
  .max(254)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.email())
export const otpSchema = z.string().min(1).max(32)
export const idSchema = z.string().min(1).max(64)
const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/)
export const namespaceSchema = z.enum(['eip155', 'solana'])
const shareSchema = z.base64().max(Math.ceil(MAX_SHARE_BYTES / 3) * 4)
export const keySchema = z.object({
  address: z.string().min(1).max(128),
  share: shareSchema,
  recoveryShare: shareSchema.optional(),
  recoveryMode: z.enum(['operator-assisted', 'user-held']).optional(),
})
/** A WebAuthn response as the browser library gives it (checked in depth by the WebAuthn library). */
export const passkeyResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
})
export const deviceShareSchema = z.object({ share: shareSchema })

/** Checks untrusted input once, at the edge: `BAD_REQUEST` naming the field otherwise. */
export function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value)
  if (!result.success) {
    const path = result.error.issues[0]?.path.join('.')
    throw new AuthError('BAD_REQUEST', `Invalid ${path ? `${what}.${path}` : what}`)
  }
  return result.data
}

/** A key share sent as base64: at most MAX_SHARE_BYTES, never empty. */
export function shareBytes(base64: string, what: string): Buffer {
  const share = Buffer.from(base64, 'base64')
  if (share.length === 0 || share.length > MAX_SHARE_BYTES) throw new AuthError('BAD_REQUEST', `Invalid ${what}`)
  return share
}

/** A request header, `undefined` when absent or empty. */
export const header = (c: Context, name: string) => {
  const value = c.req.header(name)
  return value === undefined || value === '' ? undefined : value
}

/**
 * The request body as an object: JSON, or a form (the device approval page posts one); anything
 * but an object is `BAD_REQUEST`. At most MAX_BODY_BYTES are read, whatever the headers say: the
 * app's `bodyLimit` refuses a declared length over it before reading, but trusts a declared one
 * under it, and a web `Request` handed to `fetch` (a host's own server) can carry a longer stream.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await readCapped(c.req.raw.body)
  if (text.trim() === '') return {}
  if ((c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // falls through to the error below
  }
  throw new AuthError('BAD_REQUEST', 'The body must be a JSON object')
}

/**
 * The caller's address for the per-client limit: `X-Forwarded-For`'s first entry behind a proxy
 * the operator trusts, else the socket's. A host that mounts `fetch` in its own server and trusts
 * no proxy gives none: then only the database's per-address and per-code limits apply.
 */
export function clientAddress(c: Context<AuthEnv>, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket.remoteAddress ?? undefined
}

/**
 * The project id and the page origin (see `pageOrigin`) of a `/v1` call: `INVALID_PROJECT_ID` for
 * an unknown project, `ORIGIN_NOT_ALLOWED` for a page off its allow-list. Needs no device id, so
 * the origin check (`GET /v1/origin`) works before the frame has storage to keep one in.
 */
export function projectOrigin(c: Context, config: AuthHttpConfig): { projectId: string; origin: string } {
  const projectId = header(c, 'x-project-id') ?? c.req.query('projectId') ?? ''
  const project = config.projects.get(projectId)
  if (!project) throw new AuthError('INVALID_PROJECT_ID', serverMessages.invalidKey)
  const origin = pageOrigin(
    { origin: header(c, 'origin'), claimed: header(c, 'x-portico-origin') },
    project,
    config.frameOrigins(),
  )
  return { projectId, origin }
}

/** Middleware: the project id, the page origin (see {@link projectOrigin}) and the device id of a `/v1` call. */
export function requestContext(config: AuthHttpConfig): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const { projectId, origin } = projectOrigin(c, config)
    const deviceId = parse(deviceIdSchema, header(c, 'x-portico-device'), 'X-Portico-Device')
    c.set('request', { projectId, origin, deviceHash: sha256(deviceId) })
    await next()
  }
}

/** Middleware: counts the request against the client's budget for `group` (shared by every server on the database). */
export function rateLimit(config: AuthHttpConfig, group: RateLimitGroup): MiddlewareHandler<AuthEnv> {
  let warned = false
  return async (c, next) => {
    const { rateLimit: limit } = config
    if (limit) {
      const client = clientAddress(c, config.trustProxy)
      if (client) await hitRateLimit(config.deps, { client, group, ...limit })
      else if (!warned) {
        warned = true
        config.deps.log.warn('rate_limit.no_client_address', {
          hint: 'mounted without a socket address: set trustProxy behind a proxy that sets X-Forwarded-For',
        })
      }
    }
    await next()
  }
}

/** The body as text, refused with `PAYLOAD_TOO_LARGE` (and the rest left unread) past MAX_BODY_BYTES. */
async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > MAX_BODY_BYTES) throw new AuthError('PAYLOAD_TOO_LARGE', 'Request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
