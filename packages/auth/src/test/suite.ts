import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
// The devnet's SMTP inbox (a real SMTP server). Imported by path: @portico/devnet depends on this
// package, so a package dependency back would be a cycle.
import { type MailInbox, startMailInbox } from '../../../devnet/src/mail/inbox.js'
import { EMAIL_COOLDOWN_MS, OTP_MAX_ATTEMPTS, OTP_TTL_MS, SESSION_TTL_MS } from '../constants.js'
import { type AuthServer, type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { createTestClient, newDeviceId, type TestClient } from './client.js'

const SECRET = 'a test secret of at least thirty-two bytes!'
const ORIGIN = 'http://127.0.0.1:5173'

/**
 * Every rule of the auth server, against one database. Run once per file on PGlite and once on a
 * real Postgres server; `database` is read after the file's `beforeAll` opened it.
 */
export function describeAuthRules(label: string, database: () => Database | undefined) {
  describe(label, () => {
    let inbox: MailInbox
    beforeAll(async () => {
      inbox = await startMailInbox()
    })
    afterAll(() => inbox?.stop())

    /** A server on the file's database with its own fake clock (ms), stopped after the test. */
    async function start(overrides: Partial<AuthServerOptions> = {}) {
      const db = database()
      if (!db) throw new Error('database not opened')
      const clock = { now: Date.now() }
      const server: AuthServer = createAuthServer({
        projects: [{ id: 'test-project', allowedOrigins: [ORIGIN, 'https://*.example.com'] }],
        mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico <login@portico.test>' },
        database: db,
        secret: SECRET,
        now: () => clock.now,
        rateLimit: false,
        log: () => {},
        ...overrides,
      })
      const url = await server.listen()
      onTestFinished(() => server.close())
      const client = (options?: Parameters<typeof createTestClient>[1]) => createTestClient(url, options)
      return { server, url, clock, client }
    }

    const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`

    /** Logs `email` in on `client` (a known device or a new user) and keeps the token. */
    async function login(client: TestClient, email: string) {
      const after = inbox.latest(email)?.id ?? 0
      const started = await client.call<{ action: string; challengeId: string }>('POST', '/v1/email/login', { email })
      expect(started.body).toMatchObject({ action: 'VERIFY_OTP' })
      const mail = await inbox.waitFor(email, { after })
      const done = await client.call<{ token: string; user: { id: string; email: string } }>('POST', '/v1/email/otp', {
        challengeId: started.body.challengeId,
        otp: mail.code,
      })
      expect(done.status).toBe(200)
      client.token = done.body.token
      return done.body
    }

    describe('email login', () => {
      test('default: a new user gets a code, the code opens a session', async () => {
        const { client } = await start()
        const alice = client()
        const email = newEmail('alice')
        const started = await alice.call('POST', '/v1/email/login', { email: `  ${email.toUpperCase()} ` })
        expect(started.status).toBe(200)
        expect(started.body).toMatchObject({ action: 'VERIFY_OTP', challengeId: expect.any(String) })
        const mail = await inbox.waitFor(email)
        expect(mail.code).toMatch(/^\d{6}$/)
        expect(mail.subject).toBe(`${mail.code} is your Portico code`)
        const done = await alice.call<{ token: string; isNewUser: boolean; user: { email: string } }>(
          'POST',
          '/v1/email/otp',
          { challengeId: started.body.challengeId, otp: mail.code },
        )
        expect(done.status).toBe(200)
        expect(done.body).toMatchObject({ isNewUser: true, user: { email }, token: expect.any(String) })
        alice.token = done.body.token
        const session = await alice.call('GET', '/v1/session')
        expect(session.status).toBe(200)
        expect(session.body).toMatchObject({ user: { email }, session: { projectId: 'test-project' } })
      })

      test('behavior: a wrong code is refused with the attempts left, then the right one works', async () => {
        const { client } = await start()
        const c = client()
        const email = newEmail('wrong')
        const { body } = await c.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const { code } = await inbox.waitFor(email)
        const wrong = code === '000000' ? '111111' : '000000'
        const refused = await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: wrong })
        expect(refused.status).toBe(400)
        expect(refused.body.error).toEqual({
          code: 'OTP_INVALID',
          message: 'Invalid code',
          attemptsLeft: OTP_MAX_ATTEMPTS - 1,
        })
        const ok = await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })
        expect(ok.status).toBe(200)
      })

      test('behavior: a code expires after 10 minutes', async () => {
        const { client, clock } = await start()
        const c = client()
        const email = newEmail('expired')
        const { body } = await c.call<{ challengeId: string; expiresAt: string }>('POST', '/v1/email/login', { email })
        expect(Date.parse(body.expiresAt)).toBe(clock.now + OTP_TTL_MS)
        const { code } = await inbox.waitFor(email)
        clock.now += OTP_TTL_MS
        const late = await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })
        expect(late.status).toBe(410)
        expect(late.body.error).toEqual({ code: 'OTP_EXPIRED', message: 'Code expired' })
      })

      test('behavior: a code works once', async () => {
        const { client } = await start()
        const c = client()
        const email = newEmail('reuse')
        const { body } = await c.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const { code } = await inbox.waitFor(email)
        expect((await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })).status).toBe(200)
        const again = await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })
        expect(again.status).toBe(410)
        expect(again.body.error).toEqual({ code: 'OTP_USED', message: 'Code already used' })
      })

      test('behavior: after 5 wrong codes even the right one is refused', async () => {
        const { client } = await start()
        const c = client()
        const email = newEmail('attempts')
        const { body } = await c.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const { code } = await inbox.waitFor(email)
        const wrong = code === '000000' ? '111111' : '000000'
        const left: unknown[] = []
        for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
          const r = await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: wrong })
          left.push(r.body.error?.attemptsLeft ?? r.body.error?.code)
        }
        expect(left).toEqual([4, 3, 2, 1, 'OTP_ATTEMPTS_EXHAUSTED'])
        const right = await c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })
        expect(right.status).toBe(429)
        expect(right.body.error).toEqual({ code: 'OTP_ATTEMPTS_EXHAUSTED', message: 'Too many attempts' })
      })

      test('behavior: parallel guesses never exceed the attempt limit', async () => {
        const { client } = await start()
        const c = client()
        const email = newEmail('parallel-guess')
        const { body } = await c.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const { code } = await inbox.waitFor(email)
        const wrong = code === '000000' ? '111111' : '000000'
        const replies = await Promise.all(
          Array.from({ length: 12 }, () =>
            c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: wrong }),
          ),
        )
        expect(replies.filter((r) => r.body.error?.code === 'OTP_INVALID')).toHaveLength(OTP_MAX_ATTEMPTS - 1)
        expect(replies.filter((r) => r.body.error?.code === 'OTP_ATTEMPTS_EXHAUSTED')).toHaveLength(
          12 - (OTP_MAX_ATTEMPTS - 1),
        )
      })

      test('behavior: one mail per address every 30 s, with the seconds left rounded up', async () => {
        const { client, clock } = await start()
        const c = client()
        const email = newEmail('cooldown')
        expect((await c.call('POST', '/v1/email/login', { email })).status).toBe(200)
        clock.now += 12_500
        const early = await c.call('POST', '/v1/email/login', { email })
        expect(early.status).toBe(429)
        expect(early.headers.get('retry-after')).toBe('18')
        expect(early.body.error).toEqual({
          code: 'RATE_LIMITED',
          message: 'Please try again after 18 seconds',
          retryAfter: 18,
        })
        // Another device or tab asking for the same address is held back too.
        expect((await client().call('POST', '/v1/email/login', { email })).status).toBe(429)
        clock.now += EMAIL_COOLDOWN_MS - 12_500
        expect((await c.call('POST', '/v1/email/login', { email })).status).toBe(200)
        expect(inbox.messages(email)).toHaveLength(2)
      })

      test('behavior: a mail that cannot be sent frees the cooldown', async () => {
        const { client } = await start({
          mail: { host: '127.0.0.1', port: 1, from: 'login@portico.test' },
          log: () => {},
        })
        const c = client()
        const email = newEmail('smtp-down')
        const failed = await c.call('POST', '/v1/email/login', { email })
        expect(failed.status).toBe(502)
        expect(failed.body.error).toEqual({ code: 'MAIL_FAILED', message: 'Could not send the email' })
        expect((await c.call('POST', '/v1/email/login', { email })).status).toBe(502)
      })

      test('behavior: unknown challenge, or a challenge of another device, is not found', async () => {
        const { client } = await start()
        const c = client()
        const email = newEmail('bound')
        const { body } = await c.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const { code } = await inbox.waitFor(email)
        const other = await client().call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })
        expect(other.status).toBe(404)
        expect(other.body.error).toEqual({ code: 'CHALLENGE_NOT_FOUND', message: 'Login not found' })
        const unknown = await c.call('POST', '/v1/email/otp', { challengeId: 'nope', otp: code })
        expect(unknown.status).toBe(404)
      })

      test('behavior: bad input gets a 400 with what was wrong', async () => {
        const { client, url } = await start()
        const c = client()
        expect((await c.call('POST', '/v1/email/login', { email: 'not-an-email' })).body.error).toEqual({
          code: 'BAD_REQUEST',
          message: 'Invalid email',
        })
        expect((await c.call('POST', '/v1/email/otp', { challengeId: 'x', otp: 123456 })).body.error?.message).toBe(
          'Invalid otp',
        )
        const noDevice = createTestClient(url, { deviceId: 'short' })
        expect((await noDevice.call('POST', '/v1/email/login', { email: newEmail('d') })).body.error?.message).toBe(
          'Invalid X-Portico-Device',
        )
        const raw = await fetch(`${url}/v1/email/login`, {
          method: 'POST',
          headers: { 'x-project-id': 'test-project', 'x-portico-origin': ORIGIN, 'x-portico-device': newDeviceId() },
          body: '{nope',
        })
        expect(raw.status).toBe(400)
        expect(((await raw.json()) as { error: unknown }).error).toEqual({
          code: 'BAD_REQUEST',
          message: 'The body must be a JSON object',
        })
        expect((await c.call('GET', '/v1/nothing-here')).status).toBe(404)
      })
    })

    describe('project and origin', () => {
      test('behavior: an unknown or missing project id is refused with the spec message', async () => {
        const { client } = await start()
        for (const projectId of ['wrong-project', null]) {
          const r = await client({ projectId }).call('POST', '/v1/email/login', { email: newEmail('p') })
          expect(r.status).toBe(401)
          expect(r.body.error).toEqual({ code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' })
        }
      })

      test('behavior: a page origin off the allow-list is refused with the spec message', async () => {
        const { client, url } = await start()
        for (const origin of ['https://evil.test', 'http://127.0.0.1:5174', 'https://a.b.example.org', null]) {
          const r = await client({ origin }).call('POST', '/v1/email/login', { email: newEmail('o') })
          expect(r.status).toBe(403)
          expect(r.body.error).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' })
        }
        const wildcard = await client({ origin: 'https://shop.example.com' }).call('POST', '/v1/email/login', {
          email: newEmail('w'),
        })
        expect(wildcard.status).toBe(200)
        // Without the frame's header, the browser's own Origin is what is checked.
        const direct = (origin: string) =>
          fetch(`${url}/v1/email/login`, {
            method: 'POST',
            headers: { origin, 'x-project-id': 'test-project', 'x-portico-device': newDeviceId() },
            body: JSON.stringify({ email: newEmail('direct') }),
          })
        expect((await direct(ORIGIN)).status).toBe(200)
        expect((await direct('https://evil.test')).status).toBe(403)
      })

      test('behavior: GET /v1/origin names the page an allowed origin calls for, and refuses the others', async () => {
        const { client, url } = await start()
        const allowed = await client({ origin: 'https://shop.example.com' }).call('GET', '/v1/origin')
        expect(allowed.status).toBe(200)
        expect(allowed.body).toEqual({ origin: 'https://shop.example.com' })
        expect((await client().call('GET', '/v1/origin')).body).toEqual({ origin: ORIGIN })
        for (const origin of ['https://evil.test', 'https://a.b.example.com']) {
          const refused = await client({ origin }).call('GET', '/v1/origin')
          expect(refused.status).toBe(403)
          expect(refused.body.error).toEqual({
            code: 'ORIGIN_NOT_ALLOWED',
            message: 'Unauthorized: origin not allowed',
          })
        }
        // Asked before the frame's storage step, so without a device id (it may have nowhere to keep one).
        const withoutDevice = (origin: string) =>
          fetch(`${url}/v1/origin`, { headers: { 'x-project-id': 'test-project', 'x-portico-origin': origin } })
        const allowedWithoutDevice = await withoutDevice(ORIGIN)
        expect(allowedWithoutDevice.status).toBe(200)
        expect(await allowedWithoutDevice.json()).toEqual({ origin: ORIGIN })
        expect((await withoutDevice('https://evil.test')).status).toBe(403)
      })

      test('behavior: CORS preflight names the headers the frame sends, to the frame and the project pages only', async () => {
        const frame = 'http://127.0.0.1:9000'
        const { url } = await start({ frameOrigins: [frame] })
        const preflight = (origin: string) =>
          fetch(`${url}/v1/email/login`, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': 'POST',
              'access-control-request-headers': 'content-type, x-project-id, x-portico-origin, x-portico-device',
            },
          })
        for (const origin of [frame, ORIGIN, 'https://shop.example.com']) {
          const r = await preflight(origin)
          expect(r.status).toBe(204)
          expect(r.headers.get('access-control-allow-origin')).toBe(origin)
          expect(r.headers.get('access-control-allow-headers')).toContain('x-portico-device')
        }
        // A foreign page learns nothing it could use: no allow headers, so its browser never sends the call.
        for (const origin of ['https://evil.test', 'null', 'https://a.b.example.com']) {
          const r = await preflight(origin)
          expect(r.status).toBe(403)
          expect(r.headers.get('access-control-allow-origin')).toBeNull()
          expect(r.headers.get('access-control-allow-headers')).toBeNull()
          expect(r.headers.get('access-control-allow-methods')).toBeNull()
        }
      })
    })

    describe('sessions', () => {
      test('behavior: an expired token is refused', async () => {
        const { client, clock } = await start()
        const c = client()
        await login(c, newEmail('jwt-exp'))
        clock.now += SESSION_TTL_MS
        const r = await c.call('GET', '/v1/session')
        expect(r.status).toBe(401)
        expect(r.body.error).toEqual({ code: 'JWT_EXPIRED', message: 'JWT validation error: JWT Token has expired' })
      })

      test('behavior: a token from a server whose clock runs ahead is not yet valid', async () => {
        const ahead = await start()
        ahead.clock.now += 5 * 60_000
        const c = ahead.client()
        await login(c, newEmail('jwt-nbf'))
        const here = await start()
        const same = here.client({ deviceId: c.deviceId })
        same.token = c.token
        const r = await same.call('GET', '/v1/session')
        expect(r.status).toBe(401)
        expect(r.body.error).toEqual({
          code: 'JWT_NOT_YET_VALID',
          message: 'JWT validation error: JWT Token is not yet valid',
        })
      })

      test('behavior: a forged, foreign-project or other-device token is refused', async () => {
        const { client, url } = await start({
          projects: [
            { id: 'test-project', allowedOrigins: [ORIGIN] },
            { id: 'other-project', allowedOrigins: [ORIGIN] },
          ],
        })
        const c = client()
        await login(c, newEmail('jwt-bad'))
        const forged = client({ deviceId: c.deviceId })
        forged.token = `${c.token?.slice(0, -4)}AAAA`
        expect((await forged.call('GET', '/v1/session')).body.error?.message).toBe(
          'JWT validation error: invalid token',
        )
        const otherProject = createTestClient(url, { projectId: 'other-project', deviceId: c.deviceId })
        otherProject.token = c.token
        expect((await otherProject.call('GET', '/v1/session')).status).toBe(401)
        const otherDevice = client()
        otherDevice.token = c.token
        expect((await otherDevice.call('GET', '/v1/session')).body.error?.code).toBe('DEVICE_NOT_VERIFIED')
        const none = client({ deviceId: c.deviceId })
        expect((await none.call('GET', '/v1/session')).body.error).toEqual({
          code: 'UNAUTHORIZED',
          message: 'Missing session token',
        })
      })

      test('behavior: sign out revokes the token', async () => {
        const { client } = await start()
        const c = client()
        await login(c, newEmail('signout'))
        expect((await c.call('DELETE', '/v1/session')).body).toEqual({ signedOut: true })
        const r = await c.call('GET', '/v1/session')
        expect(r.status).toBe(401)
        expect(r.body.error).toEqual({ code: 'SESSION_REVOKED', message: 'Session signed out' })
      })
    })

    describe('concurrent logins', () => {
      test('behavior: several users log in at once', async () => {
        const { client } = await start()
        const results = await Promise.all(Array.from({ length: 4 }, (_, i) => login(client(), newEmail(`many${i}`))))
        expect(new Set(results.map((r) => r.user.id)).size).toBe(4)
      })

      test('behavior: parallel starts for one address send one mail', async () => {
        const { client } = await start()
        const email = newEmail('race-start')
        const replies = await Promise.all(
          Array.from({ length: 5 }, () => client().call('POST', '/v1/email/login', { email })),
        )
        expect(replies.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429])
        expect(inbox.messages(email)).toHaveLength(1)
      })

      test('behavior: the same code sent five times at once opens one session', async () => {
        const { client } = await start()
        const c = client()
        const email = newEmail('race-otp')
        const { body } = await c.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const { code } = await inbox.waitFor(email)
        const replies = await Promise.all(
          Array.from({ length: 5 }, () =>
            c.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code }),
          ),
        )
        expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
        expect(replies.filter((r) => r.body.error?.code === 'OTP_USED')).toHaveLength(4)
      })

      test('behavior: two first logins of one address on two devices make one user with two sessions', async () => {
        const { client, clock } = await start()
        const email = newEmail('race-user')
        const a = client()
        const b = client()
        const ca = await a.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const codeA = (await inbox.waitFor(email)).code
        clock.now += EMAIL_COOLDOWN_MS
        const cb = await b.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        expect(cb.body).toMatchObject({ action: 'VERIFY_OTP' }) // no user yet: no device check
        const codeB = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).code
        const [ra, rb] = await Promise.all([
          a.call<{ user: { id: string }; token: string }>('POST', '/v1/email/otp', {
            challengeId: ca.body.challengeId,
            otp: codeA,
          }),
          b.call<{ user: { id: string }; token: string }>('POST', '/v1/email/otp', {
            challengeId: cb.body.challengeId,
            otp: codeB,
          }),
        ])
        expect([ra.status, rb.status]).toEqual([200, 200])
        expect(ra.body.user.id).toBe(rb.body.user.id)
        a.token = ra.body.token
        b.token = rb.body.token
        expect((await a.call('GET', '/v1/session')).status).toBe(200)
        expect((await b.call('GET', '/v1/session')).status).toBe(200)
      })
    })

    describe('device verification', () => {
      test('default: a new device needs the emailed link, then a code', async () => {
        const { client, url, clock } = await start()
        const email = newEmail('device')
        await login(client(), email)
        clock.now += EMAIL_COOLDOWN_MS
        const laptop = client()
        const started = await laptop.call<{ action: string; challengeId: string }>('POST', '/v1/email/login', { email })
        expect(started.body).toMatchObject({ action: 'VERIFY_DEVICE' })
        const mail = await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })
        expect(mail.subject).toBe('Approve your new device for Portico')
        expect(mail.code).toBeUndefined()
        expect(mail.link).toMatch(new RegExp(`^${url}/v1/devices/approve\\?token=`))
        const pending = await laptop.call('POST', '/v1/email/device', { challengeId: started.body.challengeId })
        expect(pending.body).toEqual({ action: 'VERIFY_DEVICE' })
        // No code exists before approval.
        const early = await laptop.call('POST', '/v1/email/otp', {
          challengeId: started.body.challengeId,
          otp: '123456',
        })
        expect(early.body.error).toEqual({ code: 'DEVICE_NOT_VERIFIED', message: 'Device not verified yet' })
        // Opening the link shows a button; only the button's POST approves.
        const page = await fetch(mail.link!)
        expect(page.headers.get('content-type')).toContain('text/html')
        expect(await page.text()).toContain('Approve device')
        expect((await laptop.call('POST', '/v1/email/device', { challengeId: started.body.challengeId })).body).toEqual(
          {
            action: 'VERIFY_DEVICE',
          },
        )
        const token = new URL(mail.link!).searchParams.get('token')!
        const approved = await fetch(`${url}/v1/devices/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }),
        })
        expect(approved.status).toBe(200)
        expect(await approved.text()).toContain('Device approved')
        const codeMail = await inbox.waitFor(email, { after: mail.id })
        expect((await laptop.call('POST', '/v1/email/device', { challengeId: started.body.challengeId })).body).toEqual(
          {
            action: 'VERIFY_OTP',
          },
        )
        const done = await laptop.call<{ token: string; isNewUser: boolean }>('POST', '/v1/email/otp', {
          challengeId: started.body.challengeId,
          otp: codeMail.code,
        })
        expect(done.status).toBe(200)
        expect(done.body.isNewUser).toBe(false)
        // The device is known now: the next login goes straight to a code.
        // (The approval restarted the cooldown, as it sent a mail.)
        const again = await laptop.call('POST', '/v1/email/login', { email })
        expect(again.status).toBe(429)
      })

      test('behavior: an approval link expires, and a second click is harmless', async () => {
        const { client, clock, url } = await start()
        const email = newEmail('device-exp')
        await login(client(), email)
        clock.now += EMAIL_COOLDOWN_MS
        const phone = client()
        expect((await phone.call('POST', '/v1/email/login', { email })).body).toMatchObject({ action: 'VERIFY_DEVICE' })
        const first = await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })
        const approve = (token: string) =>
          fetch(`${url}/v1/devices/approve`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))
        clock.now += 15 * 60_000
        expect(await approve(new URL(first.link!).searchParams.get('token')!)).toEqual({
          status: 410,
          body: { error: { code: 'DEVICE_LINK_EXPIRED', message: 'Device approval link expired' } },
        })
        expect((await approve('not-a-token')).status).toBe(404)

        const tablet = client()
        const started = await tablet.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const second = await inbox.waitFor(email, { after: first.id })
        const token = new URL(second.link!).searchParams.get('token')!
        expect(await approve(token)).toEqual({ status: 200, body: { approved: true, email, alreadyApproved: false } })
        expect(await approve(token)).toEqual({ status: 200, body: { approved: true, email, alreadyApproved: true } })
        expect(inbox.messages(email).filter((m) => m.code)).toHaveLength(2) // first login + one code after approval
        const code = (await inbox.waitFor(email, { after: second.id })).code
        expect(
          (await tablet.call('POST', '/v1/email/otp', { challengeId: started.body.challengeId, otp: code })).status,
        ).toBe(200)
      })
    })

    describe('email update', () => {
      test('default: a code to the current address, then one to the new address', async () => {
        const { client, clock } = await start()
        const c = client()
        const oldEmail = newEmail('old')
        const nextEmail = newEmail('new')
        await login(c, oldEmail)
        clock.now += EMAIL_COOLDOWN_MS
        const before = inbox.latest(oldEmail)!.id
        const started = await c.call<{ action: string; challengeId: string }>('POST', '/v1/email/update', {
          email: nextEmail,
        })
        expect(started.body).toMatchObject({ action: 'VERIFY_PRIMARY_OTP' })
        const primaryMail = await inbox.waitFor(oldEmail, { after: before })
        const wrong = primaryMail.code === '000000' ? '111111' : '000000'
        expect(
          (await c.call('POST', '/v1/email/update/primary', { challengeId: started.body.challengeId, otp: wrong })).body
            .error?.code,
        ).toBe('OTP_INVALID')
        const primary = await c.call<{ action: string; challengeId: string }>('POST', '/v1/email/update/primary', {
          challengeId: started.body.challengeId,
          otp: primaryMail.code,
        })
        expect(primary.body).toMatchObject({ action: 'VERIFY_SECONDARY_OTP' })
        const secondaryMail = await inbox.waitFor(nextEmail)
        // The primary code does not work for the secondary step.
        expect(
          (
            await c.call('POST', '/v1/email/update/secondary', {
              challengeId: started.body.challengeId,
              otp: primaryMail.code,
            })
          ).status,
        ).toBe(404)
        const secondary = await c.call<{ email: string; token: string }>('POST', '/v1/email/update/secondary', {
          challengeId: primary.body.challengeId,
          otp: secondaryMail.code,
        })
        expect(secondary.body).toMatchObject({ email: nextEmail, token: expect.any(String) })
        // The old token named the old address: it is retired.
        expect((await c.call('GET', '/v1/session')).body.error?.code).toBe('SESSION_REVOKED')
        c.token = secondary.body.token
        expect((await c.call('GET', '/v1/session')).body).toMatchObject({ user: { email: nextEmail } })
        // The new address logs in on the same device with a code.
        clock.now += EMAIL_COOLDOWN_MS
        expect((await c.call('POST', '/v1/email/login', { email: nextEmail })).body).toMatchObject({
          action: 'VERIFY_OTP',
        })
      })

      test('behavior: an address in use, the same address, or no session is refused', async () => {
        const { client } = await start()
        const taken = newEmail('taken')
        await login(client(), taken)
        const c = client()
        const mine = newEmail('mine')
        await login(c, mine)
        expect((await c.call('POST', '/v1/email/update', { email: taken })).body.error).toEqual({
          code: 'EMAIL_IN_USE',
          message: 'Email already in use',
        })
        expect((await c.call('POST', '/v1/email/update', { email: mine })).status).toBe(400)
        const anonymous = client()
        expect((await anonymous.call('POST', '/v1/email/update', { email: newEmail('x') })).status).toBe(401)
      })
    })

    describe('key shares', () => {
      const share = Buffer.from(randomBytes(33)).toString('base64')

      test('default: stored once, released only to a signed-in verified device', async () => {
        const { client, clock, url } = await start()
        const email = newEmail('keys')
        const phone = client()
        const { user } = await login(phone, email)
        const anonymous = client()
        expect((await anonymous.call('PUT', '/v1/keys/eip155', { address: '0xabc', share })).status).toBe(401)
        const put = await phone.call('PUT', '/v1/keys/eip155', { address: '0xabc', share })
        expect(put.status).toBe(201)
        expect(put.body).toMatchObject({ key: { namespace: 'eip155', address: '0xabc' } })
        const again = await phone.call('PUT', '/v1/keys/eip155', { address: '0xdef', share })
        expect(again.body.error).toEqual({ code: 'KEY_EXISTS', message: 'A eip155 key already exists for this user' })
        expect((await phone.call('PUT', '/v1/keys/cosmos', { address: 'x', share })).body.error?.message).toBe(
          'Invalid namespace',
        )
        expect((await phone.call('PUT', '/v1/keys/solana', { address: 'So1', share: 'not base64!' })).status).toBe(400)
        const list = await phone.call<{ keys: Record<string, unknown>[] }>('GET', '/v1/keys')
        expect(list.body.keys).toEqual([expect.objectContaining({ namespace: 'eip155', address: '0xabc' })])
        expect(list.body.keys[0]).not.toHaveProperty('share')
        const released = await phone.call('GET', '/v1/keys/eip155/share')
        expect(released.body).toMatchObject({ share, key: { address: '0xabc' } })
        expect((await phone.call('GET', '/v1/keys/solana/share')).status).toBe(404)

        // The token alone is not enough: another device presenting it gets nothing.
        const thief = client()
        thief.token = phone.token
        expect((await thief.call('GET', '/v1/keys/eip155/share')).status).toBe(403)
        // A second device gets it only after the device link and a code.
        clock.now += EMAIL_COOLDOWN_MS
        const laptop = client()
        const started = await laptop.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        expect(started.body).toMatchObject({ action: 'VERIFY_DEVICE' })
        const link = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).link!
        expect((await laptop.call('GET', '/v1/keys/eip155/share')).status).toBe(401)
        await fetch(`${url}/v1/devices/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
        })
        const code = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).code
        const done = await laptop.call<{ token: string; user: { id: string } }>('POST', '/v1/email/otp', {
          challengeId: started.body.challengeId,
          otp: code,
        })
        expect(done.body.user.id).toBe(user.id)
        laptop.token = done.body.token
        // Share 2 belongs to the phone's pair: the laptop, though verified, gets its own pair only.
        expect((await laptop.call('GET', '/v1/keys/eip155/share')).body.error).toEqual({
          code: 'SHARE_NOT_FOUND',
          message: 'This device holds no share of the eip155 key',
        })
        expect((await phone.call('GET', '/v1/keys/eip155/share')).body).toMatchObject({ share })
        // Signed out: nothing.
        await phone.call('DELETE', '/v1/session')
        expect((await phone.call('GET', '/v1/keys/eip155/share')).status).toBe(401)
      })

      /** A user with a key made on `phone` (shares 2 and 3 sent), and a second device approved from the link. */
      async function userWithSecondDevice(started: Awaited<ReturnType<typeof start>>, recoveryShare: string) {
        const { client, clock, url } = started
        const email = newEmail('recover')
        const phone = client()
        await login(phone, email)
        const put = await phone.call('PUT', '/v1/keys/eip155', { address: '0xabc', share, recoveryShare })
        expect(put.status).toBe(201)
        clock.now += EMAIL_COOLDOWN_MS
        const laptop = client()
        const begun = await laptop.call<{ challengeId: string; action: string }>('POST', '/v1/email/login', { email })
        expect(begun.body.action).toBe('VERIFY_DEVICE')
        const link = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).link!
        await fetch(`${url}/v1/devices/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
        })
        const code = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).code
        const done = await laptop.call<{ token: string }>('POST', '/v1/email/otp', {
          challengeId: begun.body.challengeId,
          otp: code,
        })
        laptop.token = done.body.token
        return { email, phone, laptop }
      }

      test('behavior: a device approved from the link gets shares 2 and 3 once, then keeps its own pair', async () => {
        const started = await start({ recoveryKey: 'a recovery key of at least thirty-two bytes' })
        const recoveryShare = Buffer.from(randomBytes(33)).toString('base64')
        const { phone, laptop } = await userWithSecondDevice(started, recoveryShare)
        // The recovery share is sealed at rest: the database never holds it in the clear.
        const db = await started.server.database()
        const { rows } = await db.query<{ recovery_share: Uint8Array }>(
          "SELECT recovery_share FROM key_shares WHERE address = '0xabc' ORDER BY created_at DESC LIMIT 1",
        )
        const stored = Buffer.from(rows[0]!.recovery_share)
        expect(stored.includes(Buffer.from(recoveryShare, 'base64'))).toBe(false)
        expect(stored.length).toBe(Buffer.from(recoveryShare, 'base64').length + 28)

        const recovered = await laptop.call('GET', '/v1/keys/eip155/recovery')
        expect(recovered.status).toBe(200)
        expect(recovered.body).toMatchObject({ key: { namespace: 'eip155', address: '0xabc' }, share, recoveryShare })
        // The phone made the key and holds its pair: it never needs (nor gets) the recovery share.
        expect((await phone.call('GET', '/v1/keys/eip155/recovery')).body.error?.code).toBe('RECOVERY_NOT_ALLOWED')
        // The laptop stores the server half of its own split; from now on that is its share.
        const own = Buffer.from(randomBytes(33)).toString('base64')
        expect((await laptop.call('PUT', '/v1/keys/eip155/device', { share: own })).status).toBe(201)
        expect((await laptop.call('GET', '/v1/keys/eip155/share')).body).toMatchObject({ share: own })
        expect((await phone.call('GET', '/v1/keys/eip155/share')).body).toMatchObject({ share })
        expect((await laptop.call('PUT', '/v1/keys/solana/device', { share: own })).body.error?.code).toBe(
          'KEY_NOT_FOUND',
        )
        // Another server on the same database with another recovery key cannot open the share.
        const other = await start({ recoveryKey: 'another recovery key, also thirty-two bytes' })
        other.clock.now = started.clock.now
        const thief = other.client({ deviceId: laptop.deviceId })
        thief.token = laptop.token
        const refused = await thief.call('GET', '/v1/keys/eip155/recovery')
        expect(refused.status).toBe(500)
        expect(refused.body.error?.message).toBe('The recovery share could not be opened')
      })

      test('behavior: a device that only typed a code (no link) cannot get the recovery share', async () => {
        const { client, clock } = await start()
        const email = newEmail('race')
        const phone = client()
        const tablet = client()
        // Both start before the user exists: both are sent a code, no device link.
        const first = await phone.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
        const firstCode = (await inbox.waitFor(email)).code
        clock.now += EMAIL_COOLDOWN_MS
        const second = await tablet.call<{ challengeId: string; action: string }>('POST', '/v1/email/login', { email })
        expect(second.body.action).toBe('VERIFY_OTP')
        const secondCode = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).code
        phone.token = (
          await phone.call<{ token: string }>('POST', '/v1/email/otp', {
            challengeId: first.body.challengeId,
            otp: firstCode,
          })
        ).body.token
        const recoveryShare = Buffer.from(randomBytes(33)).toString('base64')
        await phone.call('PUT', '/v1/keys/eip155', { address: '0xabc', share, recoveryShare })
        tablet.token = (
          await tablet.call<{ token: string }>('POST', '/v1/email/otp', {
            challengeId: second.body.challengeId,
            otp: secondCode,
          })
        ).body.token
        const refused = await tablet.call('GET', '/v1/keys/eip155/recovery')
        expect(refused.status).toBe(403)
        expect(refused.body.error).toEqual({
          code: 'RECOVERY_NOT_ALLOWED',
          message: 'This device was not approved from the link in the mail: it cannot use this wallet',
        })
        expect((await tablet.call('PUT', '/v1/keys/eip155/device', { share })).status).toBe(403)
        // Its next login goes through the link now that the user has a key it holds no share of.
        clock.now += EMAIL_COOLDOWN_MS
        const again = await tablet.call<{ action: string }>('POST', '/v1/email/login', { email })
        expect(again.body.action).toBe('VERIFY_DEVICE')
        // The phone, which made the key, still logs in with a code.
        clock.now += EMAIL_COOLDOWN_MS
        expect((await phone.call<{ action: string }>('POST', '/v1/email/login', { email })).body.action).toBe(
          'VERIFY_OTP',
        )
      })
    })

    describe('rate limits', () => {
      test('behavior: a client over the per-minute budget waits for the next window', async () => {
        const { client, clock } = await start({ rateLimit: { perMinute: 3 } })
        const c = client()
        const statuses: number[] = []
        for (let i = 0; i < 4; i++)
          statuses.push((await c.call('POST', '/v1/email/login', { email: newEmail(`rl${i}`) })).status)
        expect(statuses).toEqual([200, 200, 200, 429])
        clock.now += 60_000
        expect((await c.call('POST', '/v1/email/login', { email: newEmail('rl') })).status).toBe(200)
      })
    })
  })
}
