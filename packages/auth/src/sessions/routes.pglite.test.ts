// The session routes' edges on PGlite, through the server's `fetch` (the app as createAuthServer
// mounts it) with a short session lifetime and a fake clock: GET and DELETE only on /v1/session (405 else),
// the answers (exact keys, no token, no-store), sign-out refusing the token at once while the
// user's other session lives on, two sign-outs at once, a refused sign-out (no token, a foreign
// page, another device or project, a token in the URL) leaving the session alive, the lifetime's
// end, CORS for allowed pages only, and no token in the log. The checks behind the token are in
// requireSession.pglite.test.ts and sessions.pglite.test.ts; the HTTP flow in ../test/suite.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_COOLDOWN_MS } from '../constants.js'
import type { AuthServerOptions } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { otherPage as OTHER_PAGE, testPage as PAGE, startFetchServer } from '../test/routeServer.js'

const FOREIGN = 'http://127.0.0.1:6666'
/** On a whole second, so that the token's seconds and the clock's ms line up. */
const NOW = Date.UTC(2031, 2, 3, 4, 5, 6)
const TTL_MS = 60_000
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('session-routes')
  db = opened.db
  return opened.close
}, 120_000)

function start(overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: NOW }
  const { logs, call, codeFor } = startFetchServer(db, { now: () => clock.now, sessionTtlMs: TTL_MS, ...overrides })
  /** Logs `email` in on `device` (a new one by default) through the login routes. */
  const signIn = async (
    email = `session-routes-${randomBytes(4).toString('hex')}@example.com`,
    device = newDeviceId(),
  ) => {
    const started = await call('POST', '/v1/email/login', { device, body: { email } })
    expect(started.status).toBe(200)
    const otp = codeFor(email)
    const done = await call('POST', '/v1/email/otp', { device, body: { challengeId: started.body.challengeId, otp } })
    expect(done.status).toBe(200)
    const token = done.body.token as string
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    return {
      email,
      device,
      token,
      sid,
      expiresAt: done.body.expiresAt as string,
      userId: (done.body.user as { id: string }).id,
    }
  }
  return { clock, logs, call, signIn }
}

const revokedAt = async (sid: string) =>
  (await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM sessions WHERE id = $1', [sid])).rows[0]
    ?.revoked_at ?? null
const SIGNED_OUT = { error: { code: 'SESSION_REVOKED', message: 'Session signed out' } }

describe('GET /v1/session', () => {
  test('default: the user and the session, exactly, with no token; not cached', async () => {
    const { call, signIn } = start()
    const { email, device, token, sid, expiresAt, userId } = await signIn()
    const r = await call('GET', '/v1/session', { device, token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      user: { id: userId, email, createdAt: new Date(NOW).toISOString() },
      session: { id: sid, projectId: 'test-project', expiresAt },
    })
    expect(expiresAt).toBe(new Date(NOW + TTL_MS).toISOString())
    expect(JSON.stringify(r.body)).not.toContain(token.split('.')[2])
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  test('edge: served through the session’s last ms; at its end the spec’s expiry message, and no sign-out possible', async () => {
    const { call, signIn, clock } = start()
    const { device, token, sid } = await signIn()
    clock.now = NOW + TTL_MS - 1
    expect((await call('GET', '/v1/session', { device, token })).status).toBe(200)
    clock.now = NOW + TTL_MS
    const expired = { error: { code: 'JWT_EXPIRED', message: 'JWT validation error: JWT Token has expired' } }
    expect((await call('GET', '/v1/session', { device, token })).body).toEqual(expired)
    const out = await call('DELETE', '/v1/session', { device, token })
    expect([out.status, out.body]).toEqual([401, expired])
    expect(await revokedAt(sid)).toBeNull()
  })

  test('security: a token in the URL is never read: only the Authorization header counts', async () => {
    const { call, signIn, logs } = start()
    const { device, token } = await signIn()
    for (const query of [`?token=${token}`, `?access_token=${token}`, `?authorization=Bearer%20${token}`]) {
      const r = await call('GET', `/v1/session${query}`, { device })
      expect([query.slice(0, 8), r.status, r.body]).toEqual([
        query.slice(0, 8),
        401,
        { error: { code: 'UNAUTHORIZED', message: 'Missing session token' } },
      ])
    }
    // The log names the path only: neither the header's token nor the one in the query.
    expect((await call('GET', '/v1/session', { device, token })).status).toBe(200)
    const logged = JSON.stringify(logs)
    expect(logged).not.toContain(token.split('.')[2])
    expect(
      logs.filter((l) => l.msg === 'request' && String(l.path).startsWith('/v1/session')).map((l) => l.path),
    ).toEqual(['/v1/session', '/v1/session', '/v1/session', '/v1/session'])
  })
})

describe('DELETE /v1/session', () => {
  test('behavior: signing out answers signedOut and refuses the token at once; the user’s other session lives on', async () => {
    const { call, signIn, clock } = start()
    const first = await signIn()
    // The same user again on the same device, once the mail cooldown is over: another session.
    clock.now += EMAIL_COOLDOWN_MS
    const second = await signIn(first.email, first.device)
    expect(second.sid).not.toBe(first.sid)
    const r = await call('DELETE', '/v1/session', { device: first.device, token: first.token })
    expect([r.status, r.body, r.headers.get('cache-control')]).toEqual([200, { signedOut: true }, 'no-store'])
    expect(await revokedAt(first.sid)).toEqual(new Date(NOW + EMAIL_COOLDOWN_MS))
    for (const method of ['GET', 'DELETE']) {
      const again = await call(method, '/v1/session', { device: first.device, token: first.token })
      expect([method, again.status, again.body]).toEqual([method, 401, SIGNED_OUT])
    }
    expect((await call('GET', '/v1/session', { device: second.device, token: second.token })).status).toBe(200)
    expect(await revokedAt(second.sid)).toBeNull()
  })

  test('behavior: two sign-outs of one session at once both end signed out; the first time is kept', async () => {
    const { call, signIn, clock } = start()
    const { device, token, sid } = await signIn()
    clock.now = NOW + 1000
    const answers = await Promise.all([
      call('DELETE', '/v1/session', { device, token }),
      call('DELETE', '/v1/session', { device, token }),
    ])
    for (const a of answers)
      expect([
        [200, { signedOut: true }],
        [401, SIGNED_OUT],
      ]).toContainEqual([a.status, a.body])
    expect(answers.some((a) => a.status === 200)).toBe(true)
    expect(await revokedAt(sid)).toEqual(new Date(NOW + 1000))
    expect((await call('GET', '/v1/session', { device, token })).body).toEqual(SIGNED_OUT)
  })

  test('security: a refused sign-out leaves the session alive (no token, foreign page, other device or project)', async () => {
    const { call, signIn } = start()
    const { device, token, sid } = await signIn()
    const refused: [Parameters<typeof call>[2], number, string][] = [
      [{ device }, 401, 'UNAUTHORIZED'],
      [{ device, token, extra: { origin: FOREIGN } }, 403, 'ORIGIN_NOT_ALLOWED'],
      [{ device, token, extra: { 'x-portico-origin': FOREIGN } }, 403, 'ORIGIN_NOT_ALLOWED'],
      [{ device: newDeviceId(), token }, 403, 'DEVICE_NOT_VERIFIED'],
      [
        { device, token, extra: { 'x-project-id': 'other-project', 'x-portico-origin': OTHER_PAGE } },
        401,
        'JWT_INVALID',
      ],
      [{ device, token, extra: { 'x-project-id': undefined } }, 401, 'INVALID_PROJECT_ID'],
      [{ device, token: `${token}x` }, 401, 'JWT_INVALID'],
    ]
    for (const [options, status, code] of refused) {
      const r = await call('DELETE', '/v1/session', options)
      expect([code, r.status, r.body.error?.code]).toEqual([code, status, code])
    }
    expect(await revokedAt(sid)).toBeNull()
    expect((await call('GET', '/v1/session', { device, token })).status).toBe(200)
  })
})

describe('methods, paths and CORS', () => {
  test('error: another method is 405 naming GET, HEAD and DELETE, even with a valid token, and signs nobody out', async () => {
    const { call, signIn } = start()
    const { device, token, sid } = await signIn()
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      const r = await call(method, '/v1/session', { device, token, body: {} })
      expect([method, r.status, r.headers.get('allow'), r.body]).toEqual([
        method,
        405,
        'GET, HEAD, DELETE',
        { error: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' } },
      ])
    }
    expect(await revokedAt(sid)).toBeNull()
    expect((await call('GET', '/v1/session', { device, token })).status).toBe(200)
  })

  test('error: a sub-path is 404, even with a valid token, and signs nobody out', async () => {
    const { call, signIn } = start()
    const { device, token, sid } = await signIn()
    for (const [method, path] of [
      ['DELETE', '/v1/session/all'],
      ['DELETE', `/v1/session/${sid}`],
      ['GET', '/v1/sessions'],
    ] as const) {
      const r = await call(method, path, { device, token, ...(method === 'GET' ? {} : { body: {} }) })
      expect([method, path, r.status, r.body]).toEqual([
        method,
        path,
        404,
        { error: { code: 'NOT_FOUND', message: 'Not found' } },
      ])
    }
    expect(await revokedAt(sid)).toBeNull()
  })

  test('security: CORS for the project’s page only: its preflight allows DELETE and the token header; a foreign page gets nothing', async () => {
    const { call, signIn } = start()
    const { device, token } = await signIn()
    const preflight = (origin: string) =>
      call('OPTIONS', '/v1/session', {
        device,
        extra: {
          origin,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization',
          'content-type': undefined,
          'x-project-id': undefined,
          'x-portico-origin': undefined,
          'x-portico-device': undefined,
        },
      })
    const allowed = await preflight(PAGE)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PAGE)
    expect(allowed.headers.get('access-control-allow-methods')).toContain('DELETE')
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization')
    const foreign = await preflight(FOREIGN)
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(foreign.headers.get('access-control-allow-methods')).toBeNull()
    // The answers themselves: the page reads them, a foreign page claiming it does not.
    const own = await call('GET', '/v1/session', { device, token, extra: { origin: PAGE } })
    expect([own.status, own.headers.get('access-control-allow-origin')]).toEqual([200, PAGE])
    expect(own.headers.get('vary')).toContain('Origin')
    const claimed = await call('GET', '/v1/session', { device, token, extra: { origin: FOREIGN } })
    expect([claimed.status, claimed.headers.get('access-control-allow-origin')]).toEqual([403, null])
    expect(JSON.stringify(claimed.body)).not.toContain('user')
  })
})
