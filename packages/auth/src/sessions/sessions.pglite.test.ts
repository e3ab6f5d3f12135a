// Sessions against PGlite, driven through the module's own functions with a fixed clock: a new
// random session at every login whatever the request carried (no fixation, also when the context
// is a live session, as the email update passes it), the exact lifetime (SESSION_TTL_MS or the
// server's sessionTtlMs, sub-second logins), sign-out (immediate, idempotent, first time kept,
// one session only, under every spelling of the token), the checks behind a valid signature
// (session bound to its user, project and device; device or user removed) and what getUser shows
// (nothing of the token, the secret or the device). Token signatures alone are in tokens.test.ts;
// the same rules over HTTP are in ../faults.test.ts and ../test/suite.ts.

import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { SESSION_TTL_MS } from '../constants.js'
import { recoveryKeyFrom, sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { AuthDeps, RequestContext } from '../deps.js'
import { AuthError } from '../errors.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { authenticate, getUser, openSession, revokeSession, type SessionContext, signOut, toUser } from './sessions.js'
import { signSession, verifySession } from './tokens.js'

const SECRET_TEXT = 'a test secret of at least thirty-two bytes!'
const SECRET = new TextEncoder().encode(SECRET_TEXT)
const PAGE = 'http://127.0.0.1:5173'
/** A login on a whole second, so that ms and JWT seconds line up. */
const NOW = Date.UTC(2031, 5, 1, 9, 30, 0)

let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('sessions')
  db = opened.db
  return opened.close
}, 120_000)

/** The server's dependencies on this file's database, with a clock the test moves. */
function depsAt(clock: { now: number }, overrides: Partial<AuthDeps> = {}): AuthDeps {
  return {
    database: async () => db,
    mailer: {
      send: async () => {
        throw new Error('sessions send no mail')
      },
    },
    secret: SECRET,
    recoveryKey: recoveryKeyFrom(undefined, SECRET),
    now: () => clock.now,
    publicUrl: () => 'http://127.0.0.1:8787',
    appName: 'Sessions test',
    sessionTtlMs: SESSION_TTL_MS,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    ...overrides,
  }
}

/** A user with one verified device, and the request context of that device. */
async function signedUp(at = NOW) {
  const id = randomUUID()
  const email = `session-${id.slice(0, 8)}@example.com`
  await db.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [id, email, new Date(at)])
  const deviceId = newDeviceId()
  const ctx = await verifiedDevice(id)
  return { id, email, deviceId, ctx }
}

async function verifiedDevice(userId: string, projectId = 'test-project'): Promise<RequestContext> {
  const deviceHash = sha256(newDeviceId())
  await db.query('INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    userId,
    deviceHash,
    new Date(NOW),
  ])
  return { projectId, origin: PAGE, deviceHash }
}

const sessionRow = async (sid: string) =>
  (
    await db.query<{
      id: string
      user_id: string
      device_hash: string
      project_id: string
      created_at: Date
      expires_at: Date
      revoked_at: Date | null
    }>('SELECT * FROM sessions WHERE id = $1', [sid])
  ).rows[0]

const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid

/** The AuthError `promise` rejects with, failing the test when it resolves. */
async function refusal(promise: Promise<unknown>): Promise<AuthError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  if ('value' in outcome) throw new Error(`accepted: ${JSON.stringify(outcome.value)}`)
  expect(outcome.error).toBeInstanceOf(AuthError)
  return outcome.error as AuthError
}

const revoked = { code: 'SESSION_REVOKED', status: 401, message: 'Session signed out' }
const expired = { code: 'JWT_EXPIRED', status: 401, message: 'JWT validation error: JWT Token has expired' }

describe('openSession', () => {
  test('behavior: stores one session row for the user, device and project, from now until now + SESSION_TTL_MS', async () => {
    const clock = { now: NOW }
    const { id, email, ctx } = await signedUp()
    const opened = await openSession(depsAt(clock), db, id, email, ctx)
    expect(Object.keys(opened).sort()).toEqual(['expiresAt', 'token'])
    expect(opened.expiresAt).toBe(new Date(NOW + SESSION_TTL_MS).toISOString())
    const sid = sidOf(opened.token)
    expect(sid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(await sessionRow(sid)).toEqual({
      id: sid,
      user_id: id,
      device_hash: ctx.deviceHash,
      project_id: 'test-project',
      created_at: new Date(NOW),
      expires_at: new Date(NOW + SESSION_TTL_MS),
      revoked_at: null,
    })
    expect(await verifySession(SECRET, opened.token, NOW)).toEqual({
      sub: id,
      sid,
      email,
      pid: 'test-project',
      did: ctx.deviceHash,
    })
  })

  test('security: every login opens a new session with a new id and token; earlier ones are not reused', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const tokens: string[] = []
    for (let i = 0; i < 3; i++) tokens.push((await openSession(deps, db, id, email, ctx)).token)
    const sids = tokens.map(sidOf)
    expect(new Set(tokens).size).toBe(3)
    expect(new Set(sids).size).toBe(3)
    // All three are separate live sessions: none replaced or extended another.
    for (const [i, token] of tokens.entries()) {
      expect((await authenticate(deps, token, ctx)).claims.sid).toBe(sids[i])
    }
    const { rows } = await db.query('SELECT id FROM sessions WHERE user_id = $1', [id])
    expect(rows).toHaveLength(3)
  })

  test('security: a context that carries a live session (an attacker’s, or the one an email update passes) fixes nothing', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const attacker = await signedUp()
    const attackerToken = (await openSession(deps, db, attacker.id, attacker.email, attacker.ctx)).token
    const attackerSession = await authenticate(deps, attackerToken, attacker.ctx)
    // The victim logs in on a request whose context still holds the attacker's session and token.
    const victim = await signedUp()
    const planted: SessionContext = { ...attackerSession, deviceHash: victim.ctx.deviceHash }
    const opened = await openSession(deps, db, victim.id, victim.email, planted)
    const sid = sidOf(opened.token)
    expect(sid).not.toBe(attackerSession.claims.sid)
    expect(opened.token).not.toBe(attackerToken)
    expect((await sessionRow(sid))?.user_id).toBe(victim.id)
    // The attacker's session is still only the attacker's: their token does not reach the victim.
    expect((await sessionRow(attackerSession.claims.sid))?.user_id).toBe(attacker.id)
    expect((await authenticate(deps, attackerToken, attacker.ctx)).claims.sub).toBe(attacker.id)
    expect(await refusal(authenticate(deps, attackerToken, victim.ctx))).toMatchObject({ code: 'DEVICE_NOT_VERIFIED' })
  })

  test('behavior: logins at the same moment each get their own session', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const opened = await Promise.all(Array.from({ length: 8 }, () => openSession(deps, db, id, email, ctx)))
    const sids = opened.map((o) => sidOf(o.token))
    expect(new Set(sids).size).toBe(8)
    const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 ORDER BY id', [id])
    expect(rows.map((r) => r.id)).toEqual([...sids].sort())
  })

  test('error: a session for a user that does not exist is not opened (no token without a row)', async () => {
    const deps = depsAt({ now: NOW })
    const ghost = randomUUID()
    const ctx: RequestContext = { projectId: 'test-project', origin: PAGE, deviceHash: sha256(newDeviceId()) }
    await expect(openSession(deps, db, ghost, 'ghost@example.com', ctx)).rejects.toThrow()
    expect((await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [ghost])).rows).toEqual([])
  })
})

describe('session lifetime', () => {
  test('edge: accepted through the last ms of SESSION_TTL_MS, expired exactly at it and after', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    clock.now = NOW + SESSION_TTL_MS - 1
    expect((await authenticate(deps, token, ctx)).claims.sub).toBe(id)
    clock.now = NOW + SESSION_TTL_MS
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject(expired)
    clock.now = NOW + SESSION_TTL_MS + 1
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject(expired)
    // Expiry is not a sign-out: the row is untouched (the purge removes it later).
    expect((await sessionRow(sidOf(token)))?.revoked_at).toBeNull()
  })

  test('default: the lifetime is the server’s sessionTtlMs when it sets one', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock, { sessionTtlMs: 90_000 })
    const { id, email, ctx } = await signedUp()
    const opened = await openSession(deps, db, id, email, ctx)
    expect(opened.expiresAt).toBe(new Date(NOW + 90_000).toISOString())
    expect((await sessionRow(sidOf(opened.token)))?.expires_at).toEqual(new Date(NOW + 90_000))
    clock.now = NOW + 89_999
    await expect(authenticate(deps, opened.token, ctx)).resolves.toMatchObject({ token: opened.token })
    clock.now = NOW + 90_000
    expect(await refusal(authenticate(deps, opened.token, ctx))).toMatchObject(expired)
  })

  test('edge: a login at a sub-second time is never accepted at or after the expiresAt it was given', async () => {
    const loginAt = NOW + 999
    const clock = { now: loginAt }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const opened = await openSession(deps, db, id, email, ctx)
    const expiresAt = Date.parse(opened.expiresAt)
    expect(expiresAt).toBe(loginAt + SESSION_TTL_MS)
    expect((await sessionRow(sidOf(opened.token)))?.expires_at).toEqual(new Date(expiresAt))
    // Usable from its own login ms …
    expect((await authenticate(deps, opened.token, ctx)).claims.sub).toBe(id)
    // … and refused from the whole second before `expiresAt` (the JWT counts whole seconds).
    for (const at of [expiresAt - 999, expiresAt - 1, expiresAt]) {
      clock.now = at
      expect(await refusal(authenticate(deps, opened.token, ctx)), `at ${at - expiresAt} ms`).toMatchObject(expired)
    }
  })

  test('behavior: a token of a clock ahead (a login "in the future") is not yet valid here', async () => {
    const clock = { now: NOW + 5_000 }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    clock.now = NOW + 4_999
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject({ code: 'JWT_NOT_YET_VALID' })
  })
})

describe('sign-out', () => {
  test('behavior: signing out refuses the token at once, long before it expires, and only that session', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const phone = await openSession(deps, db, id, email, ctx)
    const laptopCtx = await verifiedDevice(id)
    const laptop = await openSession(deps, db, id, email, laptopCtx)
    const someoneElse = await signedUp()
    const other = await openSession(deps, db, someoneElse.id, someoneElse.email, someoneElse.ctx)

    clock.now = NOW + 60_000
    await signOut(deps, await authenticate(deps, phone.token, ctx))
    expect(await refusal(authenticate(deps, phone.token, ctx))).toMatchObject(revoked)
    expect((await sessionRow(sidOf(phone.token)))?.revoked_at).toEqual(new Date(NOW + 60_000))
    expect((await authenticate(deps, laptop.token, laptopCtx)).claims.sub).toBe(id)
    expect((await authenticate(deps, other.token, someoneElse.ctx)).claims.sub).toBe(someoneElse.id)
    // A later login on the phone is a new session, not the revoked one brought back.
    const again = await openSession(deps, db, id, email, ctx)
    expect(sidOf(again.token)).not.toBe(sidOf(phone.token))
    expect((await authenticate(deps, again.token, ctx)).claims.sub).toBe(id)
    expect(await refusal(authenticate(deps, phone.token, ctx))).toMatchObject(revoked)
  })

  test('edge: signing out again, or twice at once, succeeds and keeps the first sign-out time', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    const session = await authenticate(deps, token, ctx)
    clock.now = NOW + 1_000
    await Promise.all([signOut(deps, session), signOut(deps, session), revokeSession(deps, db, session.claims.sid)])
    expect((await sessionRow(session.claims.sid))?.revoked_at).toEqual(new Date(NOW + 1_000))
    clock.now = NOW + 50_000
    await signOut(deps, session)
    expect((await sessionRow(session.claims.sid))?.revoked_at).toEqual(new Date(NOW + 1_000))
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject(revoked)
  })

  test('edge: revoking a session id that does not exist changes nothing and does not throw', async () => {
    const deps = depsAt({ now: NOW })
    const before = (await db.query('SELECT id FROM sessions WHERE revoked_at IS NOT NULL')).rows.length
    await revokeSession(deps, db, randomUUID())
    await revokeSession(deps, db, "' OR 1=1 --")
    await revokeSession(deps, db, '')
    expect((await db.query('SELECT id FROM sessions WHERE revoked_at IS NOT NULL')).rows).toHaveLength(before)
  })

  test('security: a signed-out token stays refused under every spelling of its signature, and when the clock goes back', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    await signOut(deps, await authenticate(deps, token, ctx))
    const [h, p, s] = token.split('.') as [string, string, string]
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(s.at(-1)!)
    const spellings = [
      token,
      `${token}\n`,
      `${token} `,
      `${h}.${p}.${s}=`,
      ...[1, 2, 3].map((low) => `${h}.${p}.${s.slice(0, -1)}${alphabet[last ^ low]}`),
    ]
    for (const spelling of spellings) {
      const error = await refusal(authenticate(deps, spelling, ctx))
      expect(['SESSION_REVOKED', 'JWT_INVALID'], JSON.stringify(spelling.slice(-3))).toContain(error.code)
    }
    clock.now = NOW - 1
    expect((await refusal(authenticate(deps, token, ctx))).code).toBe('JWT_NOT_YET_VALID')
  })

  test('behavior: a token that is both signed out and expired reads as expired (times are checked first)', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    await signOut(deps, await authenticate(deps, token, ctx))
    clock.now = NOW + SESSION_TTL_MS
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject(expired)
  })
})

describe('authenticate', () => {
  test('behavior: a valid token gives the request context, the claims and the token itself', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    expect(await authenticate(deps, token, ctx)).toEqual({
      ...ctx,
      token,
      claims: { sub: id, sid: sidOf(token), email, pid: 'test-project', did: ctx.deviceHash },
    })
  })

  test('error: no token, or an empty one, is "Missing session token"', async () => {
    const deps = depsAt({ now: NOW })
    const { ctx } = await signedUp()
    for (const token of [undefined, '']) {
      expect(await refusal(authenticate(deps, token, ctx))).toMatchObject({
        code: 'UNAUTHORIZED',
        status: 401,
        message: 'Missing session token',
      })
    }
  })

  test('security: a session is bound to its project and device', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    expect(await refusal(authenticate(deps, token, { ...ctx, projectId: 'other-project' }))).toMatchObject({
      code: 'JWT_INVALID',
      message: 'JWT validation error: invalid token',
    })
    expect(await refusal(authenticate(deps, token, { ...ctx, projectId: 'TEST-PROJECT' }))).toMatchObject({
      code: 'JWT_INVALID',
    })
    // Another device of the same user, verified too, may not use this device's session.
    const laptop = await verifiedDevice(id)
    expect(await refusal(authenticate(deps, token, laptop))).toMatchObject({
      code: 'DEVICE_NOT_VERIFIED',
      status: 403,
      message: 'Session opened on another device',
    })
    // The origin is checked by the HTTP layer, not bound into the session.
    expect((await authenticate(deps, token, { ...ctx, origin: 'http://127.0.0.1:5174' })).claims.sub).toBe(id)
  })

  test('security: a session whose device is no longer verified, or verified for another user only, is refused', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    const someoneElse = await signedUp()
    await db.query('DELETE FROM devices WHERE user_id = $1 AND device_hash = $2', [id, ctx.deviceHash])
    await db.query('INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
      someoneElse.id,
      ctx.deviceHash,
      new Date(NOW),
    ])
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject({
      code: 'DEVICE_NOT_VERIFIED',
      message: 'Device not verified',
    })
  })

  test('security: a token made with the secret for another user’s session id, or an unknown one, is refused', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const alice = await signedUp()
    const aliceToken = (await openSession(deps, db, alice.id, alice.email, alice.ctx)).token
    const mallory = await signedUp()
    const claims = { sub: mallory.id, email: mallory.email, pid: 'test-project', did: mallory.ctx.deviceHash }
    // Alice's live session id under Mallory's name: the row is Alice's, so it is no session of Mallory's.
    const borrowed = await signSession(SECRET, { ...claims, sid: sidOf(aliceToken) }, NOW, NOW + SESSION_TTL_MS)
    expect(await refusal(authenticate(deps, borrowed, mallory.ctx))).toMatchObject(revoked)
    const unknown = await signSession(SECRET, { ...claims, sid: randomUUID() }, NOW, NOW + SESSION_TTL_MS)
    expect(await refusal(authenticate(deps, unknown, mallory.ctx))).toMatchObject(revoked)
    // The control: Mallory's own session, signed the same way, passes.
    const own = (await openSession(deps, db, mallory.id, mallory.email, mallory.ctx)).token
    expect((await authenticate(deps, own, mallory.ctx)).claims.sub).toBe(mallory.id)
  })

  test('security: deleting the user ends their sessions', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    const session = await authenticate(deps, token, ctx)
    await db.query('DELETE FROM users WHERE id = $1', [id])
    expect(await refusal(authenticate(deps, token, ctx))).toMatchObject(revoked)
    // A request already past authenticate when the user went away.
    expect(await refusal(getUser(deps, session))).toMatchObject(revoked)
  })
})

describe('getUser', () => {
  test('behavior: the user and the session as the API shows them, and nothing of the token, secret or device', async () => {
    const clock = { now: NOW }
    const deps = depsAt(clock)
    const { id, email, ctx, deviceId } = await signedUp(NOW - 86_400_000)
    const { token, expiresAt } = await openSession(deps, db, id, email, ctx)
    clock.now = NOW + 3_600_000
    const shown = await getUser(deps, await authenticate(deps, token, ctx))
    expect(shown).toEqual({
      user: { id, email, createdAt: new Date(NOW - 86_400_000).toISOString() },
      session: { id: sidOf(token), projectId: 'test-project', expiresAt },
    })
    const text = JSON.stringify(shown)
    const [, , signature] = token.split('.')
    for (const leak of [token, signature!, SECRET_TEXT, ctx.deviceHash, deviceId]) expect(text).not.toContain(leak)
  })

  test('behavior: a social identity shows the provider and username of the latest social login', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const identity = (provider: string, username: string, lastLogin: number) =>
      db.query(
        `INSERT INTO social_identities (provider, subject, user_id, username, created_at, last_login_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [provider, `${provider}-${id}`, id, username, new Date(NOW), new Date(lastLogin)],
      )
    await identity('github', 'ada-gh', NOW - 2_000)
    await identity('x', 'ada_x', NOW - 1_000)
    await identity('google', 'ada.g', NOW - 3_000)
    const { token } = await openSession(deps, db, id, email, ctx)
    const shown = await getUser(deps, await authenticate(deps, token, ctx))
    expect(shown.user).toEqual({
      ...toUser({ id, email, created_at: new Date(NOW) }),
      socialProvider: 'x',
      username: 'ada_x',
    })
  })

  test('edge: the email shown is the account’s current one, not the one signed into the token', async () => {
    const deps = depsAt({ now: NOW })
    const { id, email, ctx } = await signedUp()
    const { token } = await openSession(deps, db, id, email, ctx)
    const moved = `moved-${id.slice(0, 8)}@example.com`
    await db.query('UPDATE users SET email = $2 WHERE id = $1', [id, moved])
    const session = await authenticate(deps, token, ctx)
    expect(session.claims.email).toBe(email)
    expect((await getUser(deps, session)).user.email).toBe(moved)
  })
})
