// The email update routes' edges on PGlite, through the server's `fetch` (the app as
// createAuthServer mounts it) with a fake clock: a session required on all three steps before the
// body is read, the body fields (missing, mistyped, malformed) named with nothing sent, the new
// address normalised (another spelling of the current one refused), the answers (exact keys,
// no-store, no code), the old token retired by the last step, two identical last steps at once,
// a foreign page or project leaving the code unspent, POST only, and the rate-limit groups. The
// steps' logic (swapped codes, expiry, attempts, races for one address) is in
// emailUpdate.pglite.test.ts; the whole flow over HTTP in ../test/suite.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_COOLDOWN_MS } from '../constants.js'
import type { AuthServerOptions } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { otherPage as OTHER_PAGE, startFetchServer } from '../test/routeServer.js'

const NOW = Date.UTC(2031, 2, 3, 4, 5, 6)
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('email-update-routes')
  db = opened.db
  return opened.close
}, 120_000)

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`

function start(overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: NOW }
  const { server, mails, logs, codeFor, ...running } = startFetchServer(db, { now: () => clock.now, ...overrides })
  const device = newDeviceId()
  let token: string | undefined
  const call = (method: string, path: string, body?: unknown, extra: Record<string, string | undefined> = {}) =>
    running.call(method, path, { device, token, body, extra })
  /** Logs a new user in on this server's device, then lets the address's mail cooldown pass. */
  const signIn = async (extra: Record<string, string> = {}) => {
    const email = newEmail('update-routes')
    const started = await call('POST', '/v1/email/login', { email }, extra)
    const done = await call(
      'POST',
      '/v1/email/otp',
      { challengeId: started.body.challengeId, otp: codeFor(email) },
      extra,
    )
    expect(done.status).toBe(200)
    token = done.body.token as string
    clock.now += EMAIL_COOLDOWN_MS
    return { email, token, userId: (done.body.user as { id: string }).id }
  }
  return {
    clock,
    mails,
    logs,
    call,
    codeFor,
    signIn,
    setToken: (value: string | undefined) => {
      token = value
    },
  }
}

const updateChallenges = async (userId: string) =>
  (
    await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM otp_challenges WHERE user_id = $1 AND purpose <> 'login'",
      [userId],
    )
  ).rows[0]!.n
const attempts = async (id: string) =>
  (await db.query<{ attempts: number }>('SELECT attempts FROM otp_challenges WHERE id = $1', [id])).rows[0]!.attempts
const emailOf = async (userId: string) =>
  (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]!.email

describe('a session first', () => {
  test('security: each step needs a session, checked before the body: a bad body reads "Missing session token"', async () => {
    const { call, mails } = start()
    const bodies = [{ email: newEmail('anon') }, {}, 'not json', { challengeId: 7, otp: 123456 }]
    for (const path of ['/v1/email/update', '/v1/email/update/primary', '/v1/email/update/secondary'])
      for (const body of bodies) {
        const r = await call('POST', path, body)
        expect([path, body, r.status, r.body]).toEqual([
          path,
          body,
          401,
          { error: { code: 'UNAUTHORIZED', message: 'Missing session token' } },
        ])
      }
    expect(mails).toEqual([])
  })

  test('security: a foreign page or another project with a valid token is refused; the code stays unspent', async () => {
    const { call, signIn, codeFor, mails } = start()
    const { email } = await signIn()
    const started = await call('POST', '/v1/email/update', { email: newEmail('next') })
    const body = { challengeId: started.body.challengeId, otp: codeFor(email) }
    const foreign = await call('POST', '/v1/email/update/primary', body, { origin: 'http://127.0.0.1:6666' })
    expect([foreign.status, foreign.body.error?.code]).toEqual([403, 'ORIGIN_NOT_ALLOWED'])
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const other = await call('POST', '/v1/email/update/primary', body, {
      'x-project-id': 'other-project',
      'x-portico-origin': OTHER_PAGE,
    })
    expect([other.status, other.body.error]).toEqual([
      401,
      { code: 'JWT_INVALID', message: 'JWT validation error: invalid token' },
    ])
    const otherDevice = await call('POST', '/v1/email/update/primary', body, { 'x-portico-device': newDeviceId() })
    expect([otherDevice.status, otherDevice.body.error?.code]).toEqual([403, 'DEVICE_NOT_VERIFIED'])
    expect(await attempts(started.body.challengeId as string)).toBe(0)
    const sent = mails.length
    expect((await call('POST', '/v1/email/update/primary', body)).status).toBe(200)
    expect(mails).toHaveLength(sent + 1)
  })
})

describe('bodies', () => {
  test('error: a bad new address is "Invalid email"; another spelling of the current one is refused; nothing sent', async () => {
    const { call, signIn, mails, logs } = start()
    const { email, userId } = await signIn()
    const sent = mails.length
    for (const body of [
      {},
      { email: 42 },
      { email: [newEmail('x')] },
      { email: 'nope' },
      { email: '' },
      { newEmail: 'a@example.com' },
    ]) {
      const r = await call('POST', '/v1/email/update', body)
      expect([body, r.status, r.body]).toEqual([
        body,
        400,
        { error: { code: 'BAD_REQUEST', message: 'Invalid email' } },
      ])
    }
    for (const same of [email, ` ${email.toUpperCase()} `]) {
      const r = await call('POST', '/v1/email/update', { email: same })
      expect([same, r.status, r.body]).toEqual([
        same,
        400,
        { error: { code: 'BAD_REQUEST', message: 'The new email is the current one' } },
      ])
    }
    const notJson = await call('POST', '/v1/email/update', `{"email":"${newEmail('x')}"`)
    expect(notJson.body.error).toEqual({ code: 'BAD_REQUEST', message: 'The body must be a JSON object' })
    expect(mails).toHaveLength(sent)
    expect(await updateChallenges(userId)).toBe(0)
    expect(logs.filter((l) => l.level === 'error')).toEqual([])
  })

  test('error: a bad challengeId is named before a bad otp on both code steps; none spends an attempt', async () => {
    const { call, signIn } = start()
    const { userId } = await signIn()
    const started = await call('POST', '/v1/email/update', { email: newEmail('fields') })
    const challengeId = started.body.challengeId as string
    const cases: [unknown, string][] = [
      [{}, 'Invalid challengeId'],
      [{ challengeId: '', otp: '123456' }, 'Invalid challengeId'],
      [{ challengeId: 1, otp: '123456' }, 'Invalid challengeId'],
      [{ challengeId: 'x'.repeat(65), otp: '123456' }, 'Invalid challengeId'],
      [{ challengeId }, 'Invalid otp'],
      [{ challengeId, otp: 123456 }, 'Invalid otp'],
      [{ challengeId, otp: '' }, 'Invalid otp'],
      [{ challengeId, otp: '1'.repeat(33) }, 'Invalid otp'],
    ]
    for (const path of ['/v1/email/update/primary', '/v1/email/update/secondary'])
      for (const [body, message] of cases) {
        const r = await call('POST', path, body)
        expect([path, body, r.status, r.body]).toEqual([path, body, 400, { error: { code: 'BAD_REQUEST', message } }])
      }
    expect(await attempts(challengeId)).toBe(0)
    expect(await updateChallenges(userId)).toBe(1)
  })
})

describe('the three steps', () => {
  test('default: each answer is the next step (no code, not cached); the last retires the old token for one with the new address', async () => {
    const { call, signIn, codeFor, setToken, logs } = start()
    const { email: oldEmail, token: oldToken, userId } = await signIn()
    const wanted = newEmail('NEW').toUpperCase()
    const newAddress = wanted.toLowerCase()
    const first = await call('POST', '/v1/email/update', { email: `  ${wanted}` })
    expect(first.status).toBe(200)
    expect(Object.keys(first.body).sort()).toEqual(['action', 'challengeId', 'expiresAt'])
    expect(first.body.action).toBe('VERIFY_PRIMARY_OTP')
    expect(first.headers.get('cache-control')).toBe('no-store')
    const primaryCode = codeFor(oldEmail)!
    expect(JSON.stringify(first.body)).not.toContain(primaryCode)
    const second = await call('POST', '/v1/email/update/primary', {
      challengeId: first.body.challengeId,
      otp: primaryCode,
    })
    expect(second.status).toBe(200)
    expect(Object.keys(second.body).sort()).toEqual(['action', 'challengeId', 'expiresAt'])
    expect(second.body.action).toBe('VERIFY_SECONDARY_OTP')
    // The second code goes to the new address, normalised.
    const secondaryCode = codeFor(newAddress)!
    expect(secondaryCode).toMatch(/^\d{6}$/)
    const last = await call('POST', '/v1/email/update/secondary', {
      challengeId: second.body.challengeId,
      otp: secondaryCode,
    })
    expect(last.status).toBe(200)
    expect(Object.keys(last.body).sort()).toEqual(['email', 'expiresAt', 'token'])
    expect(last.body.email).toBe(newAddress)
    expect(last.headers.get('cache-control')).toBe('no-store')
    const newToken = last.body.token as string
    expect(newToken).not.toBe(oldToken)
    expect(await emailOf(userId)).toBe(newAddress)
    const old = await call('GET', '/v1/session')
    expect([old.status, old.body]).toEqual([401, { error: { code: 'SESSION_REVOKED', message: 'Session signed out' } }])
    setToken(newToken)
    expect(((await call('GET', '/v1/session')).body.user as { email: string }).email).toBe(newAddress)
    const logged = JSON.stringify(logs)
    for (const secret of [oldToken.split('.')[2]!, newToken.split('.')[2]!, primaryCode, secondaryCode, newAddress])
      expect(logged).not.toContain(secret)
  })

  test('security: the same right last code sent twice at once changes the address once and opens one session', async () => {
    const { call, signIn, codeFor } = start()
    const { email, userId } = await signIn()
    const newAddress = newEmail('race')
    const first = await call('POST', '/v1/email/update', { email: newAddress })
    const second = await call('POST', '/v1/email/update/primary', {
      challengeId: first.body.challengeId,
      otp: codeFor(email),
    })
    const body = { challengeId: second.body.challengeId, otp: codeFor(newAddress) }
    const sessionsBefore = (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])
    ).rows[0]!.n
    const answers = await Promise.all([
      call('POST', '/v1/email/update/secondary', body),
      call('POST', '/v1/email/update/secondary', body),
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    const loser = answers.find((a) => a.status !== 200)!
    // The loser lost the code, or (the winner having retired the old token) its session.
    expect([
      { code: 'OTP_USED', message: 'Code already used' },
      { code: 'SESSION_REVOKED', message: 'Session signed out' },
    ]).toContainEqual(loser.body.error)
    expect(loser.body).not.toHaveProperty('token')
    const sessionsAfter = (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])
    ).rows[0]!.n
    expect(sessionsAfter).toBe(sessionsBefore + 1)
    expect(await emailOf(userId)).toBe(newAddress)
  })
})

describe('methods and limits', () => {
  test('error: the steps answer POST only; another method is 405 (Allow: POST) and starts nothing', async () => {
    const { call, signIn, mails } = start()
    const { userId } = await signIn()
    const sent = mails.length
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'])
      for (const path of ['/v1/email/update', '/v1/email/update/primary', '/v1/email/update/secondary']) {
        const r = await call(method, path, method === 'GET' ? undefined : { email: newEmail('method') })
        expect([method, path, r.status, r.headers.get('allow'), r.body.error?.code]).toEqual([
          method,
          path,
          405,
          'POST',
          'METHOD_NOT_ALLOWED',
        ])
      }
    expect(mails).toHaveLength(sent)
    expect(await updateChallenges(userId)).toBe(0)
  })

  test('behavior: the start counts in the email budget, the code steps in the code budget; a limited step spends nothing', async () => {
    const { call, signIn, codeFor } = start({ rateLimit: { perMinute: 2 }, trustProxy: true })
    const client = { 'x-forwarded-for': '198.51.100.90' }
    // The login took one call of each budget.
    const { email } = await signIn(client)
    // Calls refused for their session are not counted.
    for (const path of ['/v1/email/update', '/v1/email/update/primary', '/v1/email/update/secondary'])
      expect((await call('POST', path, {}, { ...client, authorization: undefined })).status).toBe(401)
    const started = await call('POST', '/v1/email/update', { email: newEmail('limit') }, client)
    expect(started.status).toBe(200)
    const challengeId = started.body.challengeId as string
    // The email budget is now spent, the code budget is not: a code step is still served (and a
    // primary challenge is no secondary one).
    const wrongStep = await call('POST', '/v1/email/update/secondary', { challengeId, otp: codeFor(email) }, client)
    expect([wrongStep.status, wrongStep.body.error]).toEqual([
      404,
      { code: 'CHALLENGE_NOT_FOUND', message: 'Email update not found' },
    ])
    const limited = await call('POST', '/v1/email/update/primary', { challengeId, otp: codeFor(email) }, client)
    expect([limited.status, limited.body.error?.code]).toEqual([429, 'RATE_LIMITED'])
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const again = await call('POST', '/v1/email/update', { email: newEmail('limit') }, client)
    expect([again.status, again.body.error?.code]).toEqual([429, 'RATE_LIMITED'])
    expect(await attempts(challengeId)).toBe(0)
    // The budget is the client's: another one is still served.
    const other = { 'x-forwarded-for': '198.51.100.91' }
    const served = await call('POST', '/v1/email/update/primary', { challengeId, otp: codeFor(email) }, other)
    expect(served.status).toBe(200)
  })
})
