// The email login routes' edges on PGlite, through the server's `fetch` (the app as
// createAuthServer mounts it): POST only on /v1/email/login, /device and /otp (another method 405), the body fields
// (missing, mistyped, too long) refused with the field's name before a code is spent, the answers
// (exact keys, no code, no-store), the token kept out of the URL and the log, the rate-limit group
// of each route, a refused origin leaving the code unspent, and two identical code checks at once.
// The login logic (codes, expiry, device links) is in login.pglite.test.ts; bodies and headers in
// general in ../http/request.pglite.test.ts; the whole flow over HTTP in ../test/suite.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { MAX_BODY_BYTES, OTP_MAX_ATTEMPTS } from '../constants.js'
import type { AuthServerOptions } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { otherPage as OTHER_PAGE, testPage as PAGE, startFetchServer } from '../test/routeServer.js'

let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('login-routes')
  db = opened.db
  return opened.close
}, 120_000)

/** A server on the file's database (test/fetchServer.ts), called on one device. */
function start(overrides: Partial<AuthServerOptions> = {}) {
  const running = startFetchServer(db, overrides)
  const device = newDeviceId()
  /** A call the way the frame makes it (JSON body, project, page and device headers), headers overridable. */
  const call = (method: string, path: string, body?: unknown, extra: Record<string, string | undefined> = {}) =>
    running.call(method, path, { device, body, extra })
  return { ...running, call }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`
const challenge = async (id: string) =>
  (
    await db.query<{ attempts: number; consumed_at: Date | null }>(
      'SELECT attempts, consumed_at FROM otp_challenges WHERE id = $1',
      [id],
    )
  ).rows[0]
const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n

describe('methods and paths', () => {
  test('error: the three routes answer POST only; another method is 405 (Allow: POST) and starts or spends nothing', async () => {
    const { call, mails } = start()
    const email = newEmail('method')
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'])
      for (const path of ['/v1/email/login', '/v1/email/device', '/v1/email/otp']) {
        const withBody = method !== 'GET'
        const r = await call(method, `${path}?email=${encodeURIComponent(email)}`, withBody ? { email } : undefined)
        expect([method, path, r.status, r.headers.get('allow'), r.body]).toEqual([
          method,
          path,
          405,
          'POST',
          { error: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' } },
        ])
      }
    // A GET with the address in the query (a link anyone could plant) starts nothing either.
    expect(mails).toEqual([])
    expect(await count('otp_challenges WHERE email = $1', [email])).toBe(0)
  })

  test('edge: a trailing slash or another case is another path, not the login', async () => {
    const { call, mails } = start()
    const email = newEmail('path')
    for (const path of ['/v1/email/login/', '/v1/email/LOGIN', '/v1/Email/login', '/v1/email//login']) {
      const r = await call('POST', path, { email })
      expect([path, r.status, r.body.error?.code]).toEqual([path, 404, 'NOT_FOUND'])
    }
    expect(mails).toEqual([])
  })
})

describe('POST /v1/email/login', () => {
  test('default: the answer is the next step, the challenge id and its expiry, never the code; not cached', async () => {
    const { call, mails, codeFor } = start()
    const email = newEmail('start')
    const r = await call('POST', '/v1/email/login', { email })
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['action', 'challengeId', 'expiresAt'])
    expect(r.body.action).toBe('VERIFY_OTP')
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    expect(mails).toHaveLength(1)
    const code = codeFor(email)!
    expect(code).toMatch(/^\d{6}$/)
    expect(JSON.stringify(r.body)).not.toContain(code)
  })

  test('edge: the address is trimmed and lower-cased before anything: the mail goes to the canonical address', async () => {
    const { call, mails } = start()
    const email = newEmail('case')
    const r = await call('POST', '/v1/email/login', { email: `  ${email.toUpperCase()}\t` })
    expect(r.status).toBe(200)
    expect(mails.map((m) => m.to)).toEqual([email])
    // The cooldown is the canonical address's: another spelling within 30 s is refused.
    const again = await call('POST', '/v1/email/login', { email: email.replace(/^./, (c) => c.toUpperCase()) })
    expect(again.status).toBe(429)
    expect(again.body.error?.code).toBe('RATE_LIMITED')
    expect(mails).toHaveLength(1)
  })

  test('error: a missing, mistyped or malformed address is 400 "Invalid email", nothing stored or sent', async () => {
    const { call, mails } = start()
    const long = `${'a'.repeat(243)}@example.com`
    expect(long.length).toBe(255)
    for (const body of [
      {},
      { email: '' },
      { email: 42 },
      { email: ['a@example.com'] },
      { email: { value: 'a@example.com' } },
      { email: null },
      { email: 'not-an-address' },
      { email: 'a@b@example.com' },
      { email: long },
      { Email: 'a@example.com' },
    ]) {
      const r = await call('POST', '/v1/email/login', body)
      expect([body, r.status, r.body]).toEqual([
        body,
        400,
        { error: { code: 'BAD_REQUEST', message: 'Invalid email' } },
      ])
    }
    expect(mails).toEqual([])
  })
})

describe('POST /v1/email/otp', () => {
  test('default: the answer holds the session token with its expiry and the user, not cached; the token never reaches the log', async () => {
    const { call, codeFor, logs } = start()
    const email = newEmail('otp')
    const started = await call('POST', '/v1/email/login', { email })
    const otp = codeFor(email)!
    const r = await call('POST', '/v1/email/otp', { challengeId: started.body.challengeId, otp })
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['expiresAt', 'isNewUser', 'token', 'user'])
    expect(r.body).toMatchObject({ isNewUser: true, user: { email } })
    expect(r.headers.get('cache-control')).toBe('no-store')
    const token = r.body.token as string
    expect(token.split('.')).toHaveLength(3)
    const logged = JSON.stringify(logs)
    expect(logged).not.toContain(token)
    expect(logged).not.toContain(token.split('.')[2])
    expect(logged).not.toContain(otp)
    expect(logged).not.toContain(email)
    expect(logs.filter((l) => l.msg === 'request').map((l) => [l.path, l.status])).toEqual([
      ['/v1/email/login', 200],
      ['/v1/email/otp', 200],
    ])
  })

  test('error: a bad challengeId is named first, then a bad otp; none of them spends an attempt', async () => {
    const { call, codeFor } = start()
    const email = newEmail('fields')
    const started = await call('POST', '/v1/email/login', { email })
    const challengeId = started.body.challengeId as string
    const otp = codeFor(email)!
    const cases: [unknown, string][] = [
      [{}, 'Invalid challengeId'],
      [{ otp }, 'Invalid challengeId'],
      [{ challengeId: '', otp }, 'Invalid challengeId'],
      [{ challengeId: 'x'.repeat(65), otp }, 'Invalid challengeId'],
      [{ challengeId: 7, otp }, 'Invalid challengeId'],
      [{ challengeId: [challengeId], otp }, 'Invalid challengeId'],
      [{ challengeId }, 'Invalid otp'],
      [{ challengeId, otp: '' }, 'Invalid otp'],
      // The spec: the code is a string; the number of the right digits is not it.
      [{ challengeId, otp: Number(otp) }, 'Invalid otp'],
      [{ challengeId, otp: [otp] }, 'Invalid otp'],
      [{ challengeId, otp: '1'.repeat(33) }, 'Invalid otp'],
    ]
    for (const [body, message] of cases) {
      const r = await call('POST', '/v1/email/otp', body)
      expect([body, r.status, r.body]).toEqual([body, 400, { error: { code: 'BAD_REQUEST', message } }])
    }
    expect(await challenge(challengeId)).toMatchObject({ attempts: 0, consumed_at: null })
    // A well-formed wrong code is what spends an attempt, and says how many are left.
    const wrong = await call('POST', '/v1/email/otp', { challengeId, otp: 'x' })
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { error: { code: 'OTP_INVALID', message: 'Invalid code', attemptsLeft: OTP_MAX_ATTEMPTS - 1 } },
    ])
    expect((await call('POST', '/v1/email/otp', { challengeId, otp })).status).toBe(200)
  })

  test('error: a body that is no JSON object, or over the size limit, is refused and spends no attempt', async () => {
    const { call, codeFor } = start()
    const email = newEmail('body')
    const started = await call('POST', '/v1/email/login', { email })
    const challengeId = started.body.challengeId as string
    const otp = codeFor(email)!
    for (const body of [`{"challengeId":"${challengeId}","otp":"${otp}"`, '[1]', 'null', `"${otp}"`]) {
      const r = await call('POST', '/v1/email/otp', body)
      expect([body, r.status, r.body.error]).toEqual([
        body,
        400,
        { code: 'BAD_REQUEST', message: 'The body must be a JSON object' },
      ])
    }
    const huge = JSON.stringify({ challengeId, otp, pad: 'x'.repeat(MAX_BODY_BYTES) })
    const tooLarge = await call('POST', '/v1/email/otp', huge)
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' })
    expect(await challenge(challengeId)).toMatchObject({ attempts: 0, consumed_at: null })
    // JSON sent as text/plain is still JSON (only a form is read as a form): the code works.
    const r = await call('POST', '/v1/email/otp', JSON.stringify({ challengeId, otp }), {
      'content-type': 'text/plain',
    })
    expect(r.status).toBe(200)
  })

  test('security: the same right code sent twice at once opens one session; the other reads "Code already used"', async () => {
    const { call, codeFor } = start()
    const email = newEmail('race')
    const started = await call('POST', '/v1/email/login', { email })
    const body = { challengeId: started.body.challengeId, otp: codeFor(email) }
    const answers = await Promise.all([call('POST', '/v1/email/otp', body), call('POST', '/v1/email/otp', body)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410])
    const loser = answers.find((a) => a.status === 410)!
    expect(loser.body).toEqual({ error: { code: 'OTP_USED', message: 'Code already used' } })
    expect(loser.body).not.toHaveProperty('token')
    expect(await count('sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [email])).toBe(1)
    expect(await count('users WHERE email = $1', [email])).toBe(1)
  })

  test('security: a code sent from a page off the allow-list, or for another project, is refused and stays unspent', async () => {
    const { call, codeFor, mails } = start()
    const email = newEmail('origin')
    const started = await call('POST', '/v1/email/login', { email })
    const body = { challengeId: started.body.challengeId, otp: codeFor(email) }
    // A foreign page claiming the allowed one in the header a script can set.
    const foreign = await call('POST', '/v1/email/otp', body, { origin: 'http://127.0.0.1:6666' })
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const unknown = await call('POST', '/v1/email/otp', body, { 'x-project-id': 'nope' })
    expect(unknown.body.error).toEqual({ code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' })
    // Another project's page, rightly its own: the challenge is not that project's.
    const other = await call('POST', '/v1/email/otp', body, {
      'x-project-id': 'other-project',
      'x-portico-origin': OTHER_PAGE,
      origin: OTHER_PAGE,
    })
    expect(other.status).toBe(404)
    expect(other.body.error).toEqual({ code: 'CHALLENGE_NOT_FOUND', message: 'Login not found' })
    expect(await challenge(started.body.challengeId as string)).toMatchObject({ attempts: 0, consumed_at: null })
    const ok = await call('POST', '/v1/email/otp', body, { origin: PAGE })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe(PAGE)
    expect(ok.headers.get('vary')).toMatch(/Origin/)
    expect(mails).toHaveLength(1)
  })
})

describe('POST /v1/email/device', () => {
  test('behavior: the poll reads the login’s step; a bad id is 400, another device’s or project’s login is not found', async () => {
    const { call } = start()
    const email = newEmail('poll')
    const started = await call('POST', '/v1/email/login', { email })
    const challengeId = started.body.challengeId as string
    const r = await call('POST', '/v1/email/device', { challengeId })
    expect([r.status, r.body, r.headers.get('cache-control')]).toEqual([200, { action: 'VERIFY_OTP' }, 'no-store'])
    for (const body of [{}, { challengeId: '' }, { challengeId: 1 }, { challengeId: 'x'.repeat(65) }]) {
      const bad = await call('POST', '/v1/email/device', body)
      expect([body, bad.status, bad.body]).toEqual([
        body,
        400,
        { error: { code: 'BAD_REQUEST', message: 'Invalid challengeId' } },
      ])
    }
    const notFound = { error: { code: 'CHALLENGE_NOT_FOUND', message: 'Login not found' } }
    expect(
      (await call('POST', '/v1/email/device', { challengeId }, { 'x-portico-device': newDeviceId() })).body,
    ).toEqual(notFound)
    const otherProject = await call(
      'POST',
      '/v1/email/device',
      { challengeId },
      { 'x-project-id': 'other-project', 'x-portico-origin': OTHER_PAGE },
    )
    expect([otherProject.status, otherProject.body]).toEqual([404, notFound])
    expect((await call('POST', '/v1/email/device', { challengeId: 'x'.repeat(64) })).status).toBe(404)
  })
})

describe('rate limits', () => {
  test('behavior: the login and the code each have their own budget per client; polling the device has none', async () => {
    const { call, codeFor } = start({ rateLimit: { perMinute: 2 }, trustProxy: true })
    const client = { 'x-forwarded-for': '198.51.100.77' }
    const email = newEmail('limits')
    const started = await call('POST', '/v1/email/login', { email }, client)
    expect(started.status).toBe(200)
    const challengeId = started.body.challengeId as string
    // Two more logins: the second is over the budget of 2.
    expect((await call('POST', '/v1/email/login', { email: newEmail('limits') }, client)).status).toBe(200)
    const limited = await call('POST', '/v1/email/login', { email: newEmail('limits') }, client)
    expect(limited.status).toBe(429)
    expect(limited.body.error?.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Polls are not counted at all.
    for (let i = 0; i < 4; i++)
      expect((await call('POST', '/v1/email/device', { challengeId }, client)).status).toBe(200)
    // The code's budget is its own: a wrong guess and the right code pass, the next call is limited
    // before its code is looked at.
    expect((await call('POST', '/v1/email/otp', { challengeId, otp: 'nope' }, client)).status).toBe(400)
    expect((await call('POST', '/v1/email/otp', { challengeId, otp: codeFor(email) }, client)).status).toBe(200)
    const third = await call('POST', '/v1/email/otp', { challengeId, otp: codeFor(email) }, client)
    expect(third.status).toBe(429)
    // Another client is not affected.
    expect(
      (await call('POST', '/v1/email/login', { email: newEmail('limits') }, { 'x-forwarded-for': '198.51.100.78' }))
        .status,
    ).toBe(200)
  })
})
