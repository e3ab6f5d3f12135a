// An email login through the domain functions (startLogin, loginStatus, verifyLogin) on PGlite,
// with a fake clock and a Mailer that keeps what it is given: the code mailed to the address, a
// fresh session at every login, one winner when the same code is verified twice at once, nothing
// left behind by a refused code, a device link instead of a code for an unknown device, and the
// status the frame polls. The same flow over HTTP is in test/suite.ts; session fixation through a
// carried token in faults.test.ts; the code's own rules in challenges.pglite.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { createChallenge } from '../codes/challenges.js'
import { DEVICE_LINK_TTL_MS, EMAIL_COOLDOWN_MS, OTP_TTL_MS, SESSION_TTL_MS } from '../constants.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { RequestContext } from '../deps.js'
import { approveDevice } from '../devices/devices.js'
import type { Mail } from '../mailer.js'
import { verifySession } from '../sessions/tokens.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { loginStatus, startLogin, verifyLogin } from './login.js'

const SECRET = 'a test secret of at least thirty-two bytes!'
const PUBLIC_URL = 'http://127.0.0.1:8790'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('login')
  db = opened.db
  return opened.close
}, 120_000)

/** Deps on the file's database with a fake clock (ms) and a mailer that records (or fails with `failWith`). */
function setup() {
  const mails: Mail[] = []
  const mailer = {
    failWith: undefined as Error | undefined,
    async send(mail: Mail) {
      if (mailer.failWith) throw mailer.failWith
      mails.push(mail)
    },
  }
  const { deps, clock } = testDeps(db, { secret: SECRET, mailer, publicUrl: PUBLIC_URL })
  /** The code of the last mail to `email`. */
  const codeFor = (email: string) => {
    const mail = mails.filter((m) => m.to === email).at(-1)
    const code = mail?.subject.match(/^(\d{6}) is your Portico code$/)?.[1]
    if (!code) throw new Error(`no code mailed to ${email}`)
    return code
  }
  return { clock, deps, mails, mailer, codeFor }
}

const newCtx = (): RequestContext => ({
  projectId: 'test-project',
  origin: 'http://127.0.0.1:5173',
  deviceHash: sha256(randomBytes(24).toString('base64url')),
})
const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows.length

/** A full login of `email` on `ctx` (a known device or a new user). */
async function login(setupResult: ReturnType<typeof setup>, email: string, ctx: RequestContext) {
  const started = await startLogin(setupResult.deps, email, ctx)
  expect(started.action).toBe('VERIFY_OTP')
  return verifyLogin(setupResult.deps, started.challengeId, setupResult.codeFor(email), ctx)
}

describe('startLogin and verifyLogin', () => {
  test('default: a new address gets a 6-digit code valid OTP_TTL_MS; the code makes the user, trusts the device and opens a session', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('new')
    const started = await startLogin(s.deps, email, ctx)
    expect(started).toEqual({
      action: 'VERIFY_OTP',
      challengeId: expect.any(String),
      expiresAt: new Date(s.clock.now + OTP_TTL_MS).toISOString(),
    })
    expect(s.mails).toHaveLength(1)
    expect(s.mails[0]).toMatchObject({ to: email, subject: expect.stringMatching(/^\d{6} is your Portico code$/) })
    expect(s.mails[0]!.text).toContain(s.codeFor(email))
    expect(await count('SELECT 1 FROM users WHERE email = $1', [email])).toBe(0)

    const done = await verifyLogin(s.deps, started.challengeId, s.codeFor(email), ctx)
    expect(done).toMatchObject({
      isNewUser: true,
      user: { email, createdAt: new Date(s.clock.now).toISOString() },
      expiresAt: new Date(s.clock.now + SESSION_TTL_MS).toISOString(),
    })
    const claims = await verifySession(s.deps.secret, done.token, s.clock.now)
    expect(claims).toMatchObject({ sub: done.user.id, email, pid: 'test-project', did: ctx.deviceHash })
    expect(
      await count('SELECT 1 FROM devices WHERE user_id = $1 AND device_hash = $2', [done.user.id, ctx.deviceHash]),
    ).toBe(1)
    expect(
      await count('SELECT 1 FROM sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL', [
        claims.sid,
        done.user.id,
      ]),
    ).toBe(1)
  })

  test('security: every login opens a fresh session with a new id and token; the user and device row are reused', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('fresh')
    const first = await login(s, email, ctx)
    s.clock.now += EMAIL_COOLDOWN_MS
    const second = await login(s, email, ctx)
    s.clock.now += EMAIL_COOLDOWN_MS
    const third = await login(s, email, ctx)

    expect([first.isNewUser, second.isNewUser, third.isNewUser]).toEqual([true, false, false])
    expect(new Set([first.user.id, second.user.id, third.user.id]).size).toBe(1)
    expect(new Set([first.token, second.token, third.token]).size).toBe(3)
    const sids = await Promise.all(
      [first, second, third].map(async (r) => (await verifySession(s.deps.secret, r.token, s.clock.now)).sid),
    )
    expect(new Set(sids).size).toBe(3)
    const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at', [
      first.user.id,
    ])
    expect(rows.map((r) => r.id)).toEqual(sids)
    const devices = await db.query<{ last_seen_at: Date }>(
      'SELECT last_seen_at FROM devices WHERE user_id = $1 AND device_hash = $2',
      [first.user.id, ctx.deviceHash],
    )
    expect(devices.rows).toHaveLength(1)
    expect(new Date(devices.rows[0]!.last_seen_at).getTime()).toBe(s.clock.now)
  })

  test('security: the same code verified twice at once opens exactly one session; the loser reads OTP_USED', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('race')
    const { challengeId } = await startLogin(s.deps, email, ctx)
    const code = s.codeFor(email)
    const results = await Promise.allSettled([
      verifyLogin(s.deps, challengeId, code, ctx),
      verifyLogin(s.deps, challengeId, code, ctx),
    ])
    const won = results.filter((r) => r.status === 'fulfilled')
    expect(won).toHaveLength(1)
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(lost.map((r) => (r.reason as { code: string }).code)).toEqual(['OTP_USED'])
    expect(await count('SELECT 1 FROM users WHERE email = $1', [email])).toBe(1)
    expect(await count('SELECT 1 FROM sessions WHERE device_hash = $1', [ctx.deviceHash])).toBe(1)
  })

  test('security: a wrong, expired or foreign-device code leaves no user, device or session behind', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('nothing-left')
    const { challengeId } = await startLogin(s.deps, email, ctx)
    const code = s.codeFor(email)
    await expect(verifyLogin(s.deps, challengeId, wrongFor(code), ctx)).rejects.toMatchObject({
      code: 'OTP_INVALID',
    })
    await expect(verifyLogin(s.deps, challengeId, code, newCtx())).rejects.toMatchObject({
      code: 'CHALLENGE_NOT_FOUND',
    })
    s.clock.now += OTP_TTL_MS
    await expect(verifyLogin(s.deps, challengeId, code, ctx)).rejects.toMatchObject({ code: 'OTP_EXPIRED' })
    expect(await count('SELECT 1 FROM users WHERE email = $1', [email])).toBe(0)
    expect(await count('SELECT 1 FROM devices WHERE device_hash = $1', [ctx.deviceHash])).toBe(0)
    expect(await count('SELECT 1 FROM sessions WHERE device_hash = $1', [ctx.deviceHash])).toBe(0)
  })

  test('edge: the code logs in 1 ms before OTP_TTL_MS and not at exactly OTP_TTL_MS', async () => {
    const s = setup()
    const start = s.clock.now
    const late = newCtx()
    const lateEmail = newEmail('ttl-late')
    const lateStart = await startLogin(s.deps, lateEmail, late)
    const onTime = newCtx()
    const onTimeEmail = newEmail('ttl-on-time')
    const onTimeStart = await startLogin(s.deps, onTimeEmail, onTime)
    s.clock.now = start + OTP_TTL_MS - 1
    await expect(verifyLogin(s.deps, onTimeStart.challengeId, s.codeFor(onTimeEmail), onTime)).resolves.toMatchObject({
      isNewUser: true,
    })
    s.clock.now = start + OTP_TTL_MS
    await expect(verifyLogin(s.deps, lateStart.challengeId, s.codeFor(lateEmail), late)).rejects.toMatchObject({
      code: 'OTP_EXPIRED',
    })
  })

  test('behavior: a known user on an unknown device gets a device link, not a code; no code opens that login until the link is used', async () => {
    const s = setup()
    const phone = newCtx()
    const email = newEmail('new-device')
    const { user } = await login(s, email, phone)
    s.clock.now += EMAIL_COOLDOWN_MS
    const laptop = newCtx()
    const started = await startLogin(s.deps, email, laptop)
    expect(started).toEqual({
      action: 'VERIFY_DEVICE',
      challengeId: expect.any(String),
      expiresAt: new Date(s.clock.now + DEVICE_LINK_TTL_MS).toISOString(),
    })
    const mail = s.mails.at(-1)!
    expect(mail.to).toBe(email)
    expect(mail.subject).toBe('Approve your new device for Portico')
    expect(mail.text).not.toMatch(/\b\d{6}\b/)
    const token = mail.text.match(/\/v1\/devices\/approve\?token=([A-Za-z0-9_-]+)/)?.[1]
    expect(mail.text).toContain(`${PUBLIC_URL}/v1/devices/approve?token=${token}`)
    expect(mail.text).toContain('http://127.0.0.1:5173')

    await expect(loginStatus(s.deps, started.challengeId, laptop)).resolves.toEqual({ action: 'VERIFY_DEVICE' })
    // Neither the phone's old code nor any guess opens the laptop's login before approval.
    for (const otp of ['000000', '123456'])
      await expect(verifyLogin(s.deps, started.challengeId, otp, laptop)).rejects.toMatchObject({
        code: 'DEVICE_NOT_VERIFIED',
      })
    expect(await count('SELECT 1 FROM sessions WHERE device_hash = $1', [laptop.deviceHash])).toBe(0)

    await approveDevice(s.deps, token!)
    await expect(loginStatus(s.deps, started.challengeId, laptop)).resolves.toEqual({ action: 'VERIFY_OTP' })
    const done = await verifyLogin(s.deps, started.challengeId, s.codeFor(email), laptop)
    expect(done).toMatchObject({ isNewUser: false, user: { id: user.id } })
  })

  test('error: a mail that cannot be sent fails the start and gives the cooldown back, so a retry at once is sent', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('smtp-down')
    const failure = new Error('SMTP down')
    s.mailer.failWith = failure
    await expect(startLogin(s.deps, email, ctx)).rejects.toBe(failure)
    expect(s.mails).toHaveLength(0)
    s.mailer.failWith = undefined
    const retried = await startLogin(s.deps, email, ctx)
    expect(s.mails.map((m) => m.to)).toEqual([email])
    await expect(verifyLogin(s.deps, retried.challengeId, s.codeFor(email), ctx)).resolves.toMatchObject({
      isNewUser: true,
    })
  })

  test('behavior: a second start inside the cooldown is refused and sends nothing; the first code still works', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('cooldown')
    const first = await startLogin(s.deps, email, ctx)
    const code = s.codeFor(email)
    s.clock.now += EMAIL_COOLDOWN_MS - 1
    await expect(startLogin(s.deps, email, newCtx())).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfter: 1 },
    })
    expect(s.mails).toHaveLength(1)
    expect(await count('SELECT 1 FROM otp_challenges WHERE email = $1', [email])).toBe(1)
    await expect(verifyLogin(s.deps, first.challengeId, code, ctx)).resolves.toMatchObject({ isNewUser: true })
  })
})

describe('loginStatus', () => {
  test('behavior: VERIFY_OTP while the code is live (until 1 ms before expiry), OTP_EXPIRED at exactly its end, OTP_USED once used', async () => {
    const s = setup()
    const start = s.clock.now
    const ctx = newCtx()
    const email = newEmail('status')
    const { challengeId } = await startLogin(s.deps, email, ctx)
    s.clock.now = start + OTP_TTL_MS - 1
    await expect(loginStatus(s.deps, challengeId, ctx)).resolves.toEqual({ action: 'VERIFY_OTP' })
    s.clock.now = start + OTP_TTL_MS
    await expect(loginStatus(s.deps, challengeId, ctx)).rejects.toMatchObject({ code: 'OTP_EXPIRED' })

    s.clock.now = start + EMAIL_COOLDOWN_MS
    const again = await startLogin(s.deps, email, ctx)
    await verifyLogin(s.deps, again.challengeId, s.codeFor(email), ctx)
    await expect(loginStatus(s.deps, again.challengeId, ctx)).rejects.toMatchObject({ code: 'OTP_USED' })
  })

  test('security: another device or project, an email-update challenge or an unknown id is "Login not found"', async () => {
    const s = setup()
    const ctx = newCtx()
    const email = newEmail('status-bound')
    const { challengeId } = await startLogin(s.deps, email, ctx)
    const update = await createChallenge(s.deps, db, {
      purpose: 'update_primary',
      email,
      userId: null,
      ctx,
      code: '123456',
      newEmail: newEmail('next'),
    })
    const notFound = { code: 'CHALLENGE_NOT_FOUND', message: 'Login not found' }
    await expect(loginStatus(s.deps, challengeId, newCtx())).rejects.toMatchObject(notFound)
    await expect(loginStatus(s.deps, challengeId, { ...ctx, projectId: 'other-project' })).rejects.toMatchObject(
      notFound,
    )
    await expect(loginStatus(s.deps, update.id, ctx)).rejects.toMatchObject(notFound)
    await expect(loginStatus(s.deps, 'no-such-challenge', ctx)).rejects.toMatchObject(notFound)
    await expect(verifyLogin(s.deps, update.id, '123456', ctx)).rejects.toMatchObject(notFound)
  })
})
