// The requireSession middleware on PGlite, mounted after requestContext on a probe route with the
// app's own error answer (as createAuthApp mounts the session routes), with testDeps' clock: the
// bearer token missing, malformed, forged, expired (at its very second), not yet valid, signed out,
// of another project or device; the handler never reached on a refusal; the project and origin
// checked before the token; and the session it hands on. The bearer header's spellings are in
// ../http/request.pglite.test.ts, the checks behind it in sessions.pglite.test.ts, the routes
// that use it in routes.pglite.test.ts and ../emailUpdate/routes.pglite.test.ts.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { beforeAll, describe, expect, test } from 'vitest'
import { errorResponse } from '../app.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { AuthEnv, AuthHttpConfig } from '../http/env.js'
import { requestContext } from '../http/request.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { requireSession } from './requireSession.js'
import { openSession, revokeSession, type SessionContext } from './sessions.js'
import { signSession } from './tokens.js'

const PAGE = 'http://127.0.0.1:5173'
const OTHER_PAGE = 'http://127.0.0.1:5174'
/** On a whole second, so that the token's seconds and the clock's ms line up. */
const NOW = Date.UTC(2031, 2, 3, 4, 5, 6)
const TTL_MS = 60_000
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('require-session')
  db = opened.db
  return opened.close
}, 120_000)

/** A probe route behind requestContext and requireSession, answering the session it was handed. */
function mount() {
  const { deps, clock } = testDeps(db, { now: NOW })
  deps.sessionTtlMs = TTL_MS
  const config: AuthHttpConfig = {
    deps,
    projects: new Map([
      ['test-project', { id: 'test-project', allowedOrigins: [PAGE] }],
      ['other-project', { id: 'other-project', allowedOrigins: [OTHER_PAGE] }],
    ]),
    frameOrigins: () => [],
    rateLimit: false,
    trustProxy: false,
    passkeys: { id: 'localhost', name: 'Portico', origins: () => [] },
    social: {
      providers: () => ({}),
      client: async () => {
        throw new Error('no social login here')
      },
    },
    farcaster: {
      config: () => undefined,
      client: () => {
        throw new Error('no Farcaster here')
      },
    },
  }
  const reached: SessionContext[] = []
  const app = new Hono<AuthEnv>()
    .get('/probe', requestContext(config), requireSession(config), (c) => {
      reached.push(c.get('session'))
      return c.json({ sub: c.get('session').claims.sub })
    })
    .onError((error, c) => errorResponse(c, error, config))
  const device = newDeviceId()
  const probe = async (authorization: string | undefined, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      'x-project-id': 'test-project',
      'x-portico-origin': PAGE,
      'x-portico-device': device,
      ...extra,
    }
    if (authorization !== undefined) headers.authorization = authorization
    const response = await app.request('/probe', { headers })
    return {
      status: response.status,
      body: (await response.json()) as { sub?: string; error?: { code: string; message: string } },
    }
  }
  /** A user with this device verified and a session opened on it now. */
  const signIn = async (projectId = 'test-project') => {
    const userId = randomUUID()
    const email = `require-${userId.slice(0, 8)}@example.com`
    await db.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [userId, email, new Date(NOW)])
    await db.query('INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
      userId,
      sha256(device),
      new Date(NOW),
    ])
    const ctx = { projectId, origin: PAGE, deviceHash: sha256(device) }
    const { token } = await openSession(deps, db, userId, email, ctx)
    return { userId, email, token, ctx }
  }
  return { deps, clock, probe, signIn, reached, device }
}

const refusal = (code: string, message: string, status = 401) => ({ status, body: { error: { code, message } } })
const MISSING = refusal('UNAUTHORIZED', 'Missing session token')
const INVALID = refusal('JWT_INVALID', 'JWT validation error: invalid token')

describe('a valid token', () => {
  test('behavior: the handler gets the verified claims, the request context and the token itself', async () => {
    const { probe, signIn, reached, device } = mount()
    const { userId, email, token } = await signIn()
    expect(await probe(`Bearer ${token}`)).toEqual({ status: 200, body: { sub: userId } })
    expect(reached).toHaveLength(1)
    expect(reached[0]).toMatchObject({
      projectId: 'test-project',
      origin: PAGE,
      deviceHash: sha256(device),
      token,
      claims: { sub: userId, email, pid: 'test-project', did: sha256(device) },
    })
  })
})

describe('refusals: the handler is never reached', () => {
  test('error: no Authorization header, an empty one or a bare scheme is "Missing session token"', async () => {
    const { probe, reached } = mount()
    for (const authorization of [undefined, '', 'Bearer', 'Bearer    ', 'Basic dXNlcjpwYXNz'])
      expect([authorization, await probe(authorization)]).toEqual([authorization, MISSING])
    expect(reached).toEqual([])
  })

  test('security: only a header that is one Bearer token counts: a valid token among other words is no token', async () => {
    const { probe, signIn, reached } = mount()
    const { token } = await signIn()
    for (const authorization of [
      `Bearer ${token} extra`,
      `Basic dXNlcg== Bearer ${token}`,
      `xBearer ${token}`,
      `Bearer ${token}, Bearer ${token}`,
      `Bearer ${token}\u00a0`,
    ])
      expect([authorization.slice(0, 12), await probe(authorization)]).toEqual([authorization.slice(0, 12), MISSING])
    expect(reached).toEqual([])
    expect((await probe(`bearer ${token}`)).status).toBe(200)
  })

  test('error: garbage, a truncated or a tampered token is "invalid token", never a 500', async () => {
    const { probe, signIn, reached } = mount()
    const { token } = await signIn()
    const [head, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')
    for (const bad of [
      'abc',
      'a.b.c',
      `${head}.${payload}`,
      `${head}.${payload}.`,
      `${head}.${otherUser}.${signature}`,
      `${head}.${payload}.${signature.slice(0, -2)}`,
      `${token}.${signature}`,
      'x'.repeat(8000),
      '%00%00',
    ])
      expect([bad.slice(0, 40), await probe(`Bearer ${bad}`)]).toEqual([bad.slice(0, 40), INVALID])
    expect(reached).toEqual([])
  })

  test('error: a token signed with another secret is invalid, though every claim is right', async () => {
    const { probe, signIn, reached } = mount()
    const { userId, email, token, ctx } = await signIn()
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    const forged = await signSession(
      new TextEncoder().encode('another secret of at least thirty-two bytes'),
      { sub: userId, sid: claims.sid, email, pid: ctx.projectId, did: ctx.deviceHash },
      NOW,
      NOW + TTL_MS,
    )
    expect(await probe(`Bearer ${forged}`)).toEqual(INVALID)
    expect(reached).toEqual([])
  })

  test('edge: accepted through the session’s last second; exactly at its end it has expired (spec message)', async () => {
    const { probe, signIn, clock, reached } = mount()
    const { token } = await signIn()
    clock.now = NOW + TTL_MS - 1
    expect((await probe(`Bearer ${token}`)).status).toBe(200)
    clock.now = NOW + TTL_MS
    expect(await probe(`Bearer ${token}`)).toEqual(
      refusal('JWT_EXPIRED', 'JWT validation error: JWT Token has expired'),
    )
    expect(reached).toHaveLength(1)
  })

  test('edge: a token made a second ahead of this clock is not yet valid (spec message), then valid at that second', async () => {
    const { probe, deps, signIn, clock, reached } = mount()
    const { userId, email, token, ctx } = await signIn()
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    const ahead = await signSession(
      deps.secret,
      { sub: userId, sid, email, pid: ctx.projectId, did: ctx.deviceHash },
      NOW + 1000,
      NOW + TTL_MS,
    )
    expect(await probe(`Bearer ${ahead}`)).toEqual(
      refusal('JWT_NOT_YET_VALID', 'JWT validation error: JWT Token is not yet valid'),
    )
    clock.now = NOW + 1000
    expect((await probe(`Bearer ${ahead}`)).status).toBe(200)
    expect(reached).toHaveLength(1)
  })

  test('security: a signed-out session is refused at once, and so is a token naming a session that never existed', async () => {
    const { probe, deps, signIn, reached } = mount()
    const { userId, email, token, ctx } = await signIn()
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    expect((await probe(`Bearer ${token}`)).status).toBe(200)
    await revokeSession(deps, db, sid)
    const signedOut = refusal('SESSION_REVOKED', 'Session signed out')
    expect(await probe(`Bearer ${token}`)).toEqual(signedOut)
    const invented = await signSession(
      deps.secret,
      { sub: userId, sid: randomUUID(), email, pid: ctx.projectId, did: ctx.deviceHash },
      NOW,
      NOW + TTL_MS,
    )
    expect(await probe(`Bearer ${invented}`)).toEqual(signedOut)
    expect(reached).toHaveLength(1)
  })

  test('security: a token of another project is invalid here; one of another device is refused as such', async () => {
    const { probe, signIn, reached } = mount()
    const other = await signIn('other-project')
    // The other project's token, sent by its own page for its own project, passes…
    expect(
      (
        await probe(`Bearer ${other.token}`, {
          'x-project-id': 'other-project',
          'x-portico-origin': OTHER_PAGE,
        })
      ).status,
    ).toBe(200)
    // …and is refused for this one.
    expect(await probe(`Bearer ${other.token}`)).toEqual(INVALID)
    const { token } = await signIn()
    expect(await probe(`Bearer ${token}`, { 'x-portico-device': newDeviceId() })).toEqual(
      refusal('DEVICE_NOT_VERIFIED', 'Session opened on another device', 403),
    )
    expect(reached).toHaveLength(1)
  })

  test('security: the project, the page origin and the device header are checked before the token', async () => {
    const { probe, signIn, reached } = mount()
    const { token } = await signIn()
    const bearer = `Bearer ${token}`
    expect(await probe(bearer, { 'x-project-id': 'nope' })).toEqual(
      refusal('INVALID_PROJECT_ID', 'Unauthorized: invalid key'),
    )
    expect(await probe(bearer, { origin: 'http://127.0.0.1:6666' })).toEqual(
      refusal('ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed', 403),
    )
    expect(await probe(bearer, { 'x-portico-device': 'short' })).toEqual(
      refusal('BAD_REQUEST', 'Invalid X-Portico-Device', 400),
    )
    // Even with no token at all, a foreign origin reads the origin refusal, not a token one.
    expect(await probe(undefined, { origin: 'http://127.0.0.1:6666' })).toEqual(
      refusal('ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed', 403),
    )
    expect(reached).toEqual([])
  })
})
