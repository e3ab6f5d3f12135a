// `DELETE /v1/account` over HTTP on PGlite: its answer for a user of each login kind (email code,
// passkey, social provider), its refusals (no, expired, revoked, foreign-device or foreign-project
// session; a page off the allow-list; a confirm that is missing, mistyped or another user's) with
// nothing deleted, the body checked only after the session, other methods deleting nothing, and a
// deleted account's tokens refused everywhere. What the deletion removes row by row is in
// account.pglite.test.ts; a passkey user's deletion with a key is in ../passkeys/passkeys.pglite.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import type { AuthServerOptions } from '../createAuthServer.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import { finishSocialLogin } from '../social/social.js'
import { createTestClient, type TestClient } from '../test/client.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { startHttpServer } from '../test/routeServer.js'
import { softAuthenticator } from '../test/softAuthenticator.js'

const FRAME = 'http://localhost:41999'
const PAGE = 'http://127.0.0.1:5173'
const SECRET = 'the account routes test secret, 32+ bytes'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('account-routes')
  db = opened.db
  return opened.close
}, 120_000)

async function start(overrides: Partial<AuthServerOptions> = {}) {
  const running = await startHttpServer(db, {
    projects: [
      { id: 'test-project', allowedOrigins: [PAGE] },
      { id: 'other-project', allowedOrigins: [PAGE] },
    ],
    frameOrigins: [FRAME],
    // The file's own secret: some tests mint a session with it (testDeps).
    secret: SECRET,
    ...overrides,
  })
  /** A new user signed in with an emailed code on a new device (verified: its first login). */
  return { ...running, emailUser: running.signIn }
}

const rows = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n
const userExists = async (id: string) => (await rows('users WHERE id = $1', [id])) === 1
const keysOf = (id: string) => rows('key_shares WHERE user_id = $1', [id])

async function storeKeys(c: TestClient) {
  for (const [namespace, address] of [
    ['solana', 'So1anaAddre55'],
    ['eip155', '0xAbC'],
  ] as const) {
    const put = await c.call('PUT', `/v1/keys/${namespace}`, { address, share: 'AQID', recoveryShare: 'BAUG' })
    expect(put.status).toBe(201)
  }
}

describe('each login kind', () => {
  test('behavior: an email user deletes the account: the answer lists the lost keys by namespace, nothing else', async () => {
    const { emailUser } = await start()
    const { client, email, userId } = await emailUser()
    await storeKeys(client)
    const r = await client.call('DELETE', '/v1/account', { confirm: email })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      deleted: true,
      keys: [
        { namespace: 'eip155', address: '0xAbC' },
        { namespace: 'solana', address: 'So1anaAddre55' },
      ],
    })
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(await userExists(userId)).toBe(false)
    expect(await keysOf(userId)).toBe(0)
  })

  test('behavior: a user signed in with a passkey on a second device deletes the account from there', async () => {
    const { client, emailUser } = await start()
    const first = await emailUser()
    const passkey = softAuthenticator({ rpId: 'localhost', origin: FRAME })
    const options = await first.client.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/register/options',
    )
    const registered = await first.client.call('POST', '/v1/passkeys/register/verify', {
      challengeId: options.body.challengeId,
      response: passkey.register(options.body.options.challenge),
    })
    expect(registered.status).toBe(201)
    const second = client()
    const login = await second.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/login/options',
    )
    const done = await second.call<{ token: string }>('POST', '/v1/passkeys/login/verify', {
      challengeId: login.body.challengeId,
      response: passkey.assert(login.body.options.challenge),
    })
    expect(done.status).toBe(200)
    second.token = done.body.token
    const r = await second.call('DELETE', '/v1/account', { confirm: first.email })
    expect(r.body).toEqual({ deleted: true, keys: [] })
    expect(await userExists(first.userId)).toBe(false)
    expect(await rows('passkeys WHERE user_id = $1', [first.userId])).toBe(0)
    // The first device's session went with the user.
    const stale = await first.client.call('GET', '/v1/session')
    expect(stale.body.error).toEqual({ code: 'SESSION_REVOKED', message: 'Session signed out' })
  })

  // A user of a social provider or of Farcaster has no email (users.email is NULL): the account is
  // confirmed by its user id, which the secure frame sends for it.
  test('behavior: a social-login user (no email) deletes the account, confirmed by its user id; an empty confirm is refused', async () => {
    const { client, clock } = await start()
    const c = client()
    // The server's own clock: a token minted a second ahead of it would not be valid yet.
    const { deps } = testDeps(db, { secret: SECRET, now: clock.now })
    const login = await finishSocialLogin(
      deps,
      db,
      { provider: 'github', subject: `gh-${randomBytes(4).toString('hex')}`, username: 'ada' },
      { projectId: 'test-project', origin: PAGE, deviceHash: sha256(c.deviceId) },
    )
    c.token = login.token
    const session = await c.call('GET', '/v1/session')
    expect(session.body).toMatchObject({ user: { id: login.user.id, email: null, socialProvider: 'github' } })
    const empty = await c.call('DELETE', '/v1/account', { confirm: '' })
    expect(empty.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid confirm' })
    expect(await userExists(login.user.id)).toBe(true)
    const r = await c.call('DELETE', '/v1/account', { confirm: login.user.id })
    expect(r.status).toBe(200)
    expect(await userExists(login.user.id)).toBe(false)
  })

  // A wrong confirm is a bad request, never a valid session read as signed out.
  test('error: a social-login user who types an email is not told the session is signed out', async () => {
    const { client, clock } = await start()
    const c = client()
    // The server's own clock: a token minted a second ahead of it would not be valid yet.
    const { deps } = testDeps(db, { secret: SECRET, now: clock.now })
    const login = await finishSocialLogin(
      deps,
      db,
      { provider: 'farcaster', subject: String(1000 + Math.floor(Math.random() * 1e6)), username: 'ada' },
      { projectId: 'test-project', origin: PAGE, deviceHash: sha256(c.deviceId) },
    )
    c.token = login.token
    const r = await c.call('DELETE', '/v1/account', { confirm: 'ada@example.com' })
    expect(r.body.error?.code).not.toBe('SESSION_REVOKED')
    expect((await c.call('GET', '/v1/session')).status).toBe(200)
  })
})

describe('refusals', () => {
  test('security: no, malformed or foreign-project tokens are refused before the body is read; nothing deleted', async () => {
    const { url, emailUser } = await start()
    const { client, email, userId } = await emailUser()
    await storeKeys(client)
    const anonymous = createTestClient(url, { origin: PAGE, deviceId: client.deviceId })
    // A bad body too: the session is checked first, so the answer is still 401.
    for (const body of [{ confirm: email }, { confirm: 42 }]) {
      const r = await anonymous.call('DELETE', '/v1/account', body)
      expect(r.status).toBe(401)
      expect(r.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Missing session token' })
    }
    anonymous.token = 'not.a.jwt'
    const forged = await anonymous.call('DELETE', '/v1/account', { confirm: email })
    expect(forged.body.error).toEqual({ code: 'JWT_INVALID', message: 'JWT validation error: invalid token' })
    const otherProject = createTestClient(url, {
      projectId: 'other-project',
      origin: PAGE,
      deviceId: client.deviceId,
    })
    otherProject.token = client.token
    const foreign = await otherProject.call('DELETE', '/v1/account', { confirm: email })
    expect(foreign.status).toBe(401)
    expect(foreign.body.error?.code).toBe('JWT_INVALID')
    expect(await userExists(userId)).toBe(true)
    expect(await keysOf(userId)).toBe(2)
  })

  test('security: the token on another device, or sent for a page off the allow-list, deletes nothing', async () => {
    const { url, client, emailUser } = await start()
    const victim = await emailUser()
    const thief = client()
    thief.token = victim.client.token
    const stolen = await thief.call('DELETE', '/v1/account', { confirm: victim.email })
    expect(stolen.status).toBe(403)
    expect(stolen.body.error).toEqual({ code: 'DEVICE_NOT_VERIFIED', message: 'Session opened on another device' })
    // The right token and device, but a page the project does not allow.
    const offList = createTestClient(url, { origin: 'https://evil.test', deviceId: victim.client.deviceId })
    offList.token = victim.client.token
    const refused = await offList.call('DELETE', '/v1/account', { confirm: victim.email })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' })
    // A browser page off the list whose script names the allowed page: the browser's Origin decides.
    const forged = await fetch(`${url}/v1/account`, {
      method: 'DELETE',
      headers: {
        origin: 'https://evil.test',
        'x-portico-origin': PAGE,
        'x-project-id': 'test-project',
        'x-portico-device': victim.client.deviceId,
        authorization: `Bearer ${victim.client.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ confirm: victim.email }),
    })
    expect(forged.status).toBe(403)
    expect(forged.headers.get('access-control-allow-origin')).toBeNull()
    expect(await userExists(victim.userId)).toBe(true)
  })

  test('error: an expired session is refused with the spec message and deletes nothing', async () => {
    const { clock, emailUser } = await start({ sessionTtlMs: 60_000 })
    const { client, email, userId } = await emailUser()
    clock.now += 61_000
    const r = await client.call('DELETE', '/v1/account', { confirm: email })
    expect(r.status).toBe(401)
    expect(r.body.error).toEqual({ code: 'JWT_EXPIRED', message: 'JWT validation error: JWT Token has expired' })
    expect(await userExists(userId)).toBe(true)
  })

  test('error: a signed-out session is refused and deletes nothing; a new session of the user still can', async () => {
    const { clock, emailUser } = await start()
    const { client, email, userId } = await emailUser()
    const token = client.token
    expect((await client.call('DELETE', '/v1/session')).status).toBe(200)
    client.token = token
    const r = await client.call('DELETE', '/v1/account', { confirm: email })
    expect(r.status).toBe(401)
    expect(r.body.error).toEqual({ code: 'SESSION_REVOKED', message: 'Session signed out' })
    expect(await userExists(userId)).toBe(true)
    // Past the mail cooldown (30 s), a new login on the same device opens a session that works.
    clock.now += 31_000
    await emailUser(client, email)
    expect(client.token).not.toBe(token)
    expect((await client.call('DELETE', '/v1/account', { confirm: email })).status).toBe(200)
    expect(await userExists(userId)).toBe(false)
  })

  test('error: a confirm that is missing, mistyped, too long or not an address is a 400 naming it; nothing deleted', async () => {
    const { url, emailUser } = await start()
    const { client, email, userId } = await emailUser()
    await storeKeys(client)
    for (const confirm of [undefined, null, '', 42, [email], { email }, `${'a'.repeat(250)}@example.com`]) {
      const r = await client.call('DELETE', '/v1/account', confirm === undefined ? {} : { confirm })
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid confirm' })
    }
    // Not an address: a string (an account without an email is confirmed by its user id), refused
    // as not this account's.
    const notAnAddress = await client.call('DELETE', '/v1/account', { confirm: 'no-at-sign' })
    expect(notAnAddress.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid confirm: type the account’s email address',
    })
    for (const body of ['[]', '"x"', '{', `confirm=${encodeURIComponent(email)}`]) {
      const raw = await fetch(`${url}/v1/account`, {
        method: 'DELETE',
        headers: {
          'x-project-id': 'test-project',
          'x-portico-origin': PAGE,
          'x-portico-device': client.deviceId,
          authorization: `Bearer ${client.token}`,
          'content-type': 'application/json',
        },
        body,
      })
      expect(raw.status).toBe(400)
      expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST')
    }
    expect(await userExists(userId)).toBe(true)
    expect(await keysOf(userId)).toBe(2)
  })

  test('security: another user’s address as confirm deletes neither account', async () => {
    const { emailUser } = await start()
    const a = await emailUser()
    const b = await emailUser()
    const r = await a.client.call('DELETE', '/v1/account', { confirm: b.email })
    expect(r.status).toBe(400)
    expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid confirm: type the account’s email address' })
    expect(await userExists(a.userId)).toBe(true)
    expect(await userExists(b.userId)).toBe(true)
  })

  test('edge: the confirm is the address in any case, with spaces around it', async () => {
    const { emailUser } = await start()
    const { client, email, userId } = await emailUser()
    const r = await client.call('DELETE', '/v1/account', { confirm: `  ${email.toUpperCase()}\t` })
    expect(r.status).toBe(200)
    expect(await userExists(userId)).toBe(false)
  })

  test('behavior: only DELETE deletes: GET, POST and PUT on /v1/account are 405 (Allow: DELETE) and the account stays', async () => {
    const { emailUser } = await start()
    const { client, email, userId } = await emailUser()
    for (const method of ['GET', 'POST', 'PUT']) {
      const r = await client.call(method, '/v1/account', method === 'GET' ? undefined : { confirm: email })
      expect([method, r.status, r.headers.get('allow'), r.body.error?.code]).toEqual([
        method,
        405,
        'DELETE',
        'METHOD_NOT_ALLOWED',
      ])
    }
    expect(await userExists(userId)).toBe(true)
  })
})

describe('after the deletion', () => {
  test('security: the token is dead (replay refused), and so is every other session of the user', async () => {
    const { url, clock, emailUser } = await start()
    const first = await emailUser()
    clock.now += 31_000
    // A second session of the user on the same (verified) device.
    const sameDevice = createTestClient(url, { origin: PAGE, deviceId: first.client.deviceId })
    const second = await emailUser(sameDevice, first.email)
    expect(second.userId).toBe(first.userId)
    const results = await Promise.all([
      first.client.call('DELETE', '/v1/account', { confirm: first.email }),
      second.client.call('DELETE', '/v1/account', { confirm: first.email }),
    ])
    // Two deletions at once: one deletes, the other finds no session (or no user) left.
    expect(results.map((r) => r.status).sort()).toEqual([200, 401])
    expect(results.find((r) => r.status === 401)?.body.error?.code).toBe('SESSION_REVOKED')
    for (const c of [first.client, second.client]) {
      const replay = await c.call('DELETE', '/v1/account', { confirm: first.email })
      expect(replay.body.error).toEqual({ code: 'SESSION_REVOKED', message: 'Session signed out' })
      expect((await c.call('GET', '/v1/keys')).status).toBe(401)
    }
    expect(await rows('sessions WHERE user_id = $1', [first.userId])).toBe(0)
    expect(await rows('devices WHERE user_id = $1', [first.userId])).toBe(0)
  })

  test('behavior: the address can sign up again, as a new user with no keys', async () => {
    const { client, clock, emailUser } = await start()
    const old = await emailUser()
    await storeKeys(old.client)
    expect((await old.client.call('DELETE', '/v1/account', { confirm: old.email })).status).toBe(200)
    clock.now += 31_000
    const fresh = await emailUser(client(), old.email)
    expect(fresh.userId).not.toBe(old.userId)
    const keys = await fresh.client.call<{ keys: unknown[] }>('GET', '/v1/keys')
    expect(keys.body.keys).toEqual([])
  })
})
