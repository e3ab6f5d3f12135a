// The device approval routes' edges on PGlite, through the server's `fetch` (the app as
// createAuthServer mounts it): GET only shows the page (a mail scanner opening the link approves
// nothing), the page's headers and its escaping of the token, the form POST (or a browser asking
// for HTML) answered with pages (approved, not found, expired, a refused token or body) and an API
// client with JSON, the token field (missing, mistyped, too long), methods not allowed, two clicks at once mailing one code, the 'device' rate limit of
// the POST only, no CORS for a foreign page, and no token in the log. The approval logic (expiry
// to the ms, trust, mail failures) is in devices.pglite.test.ts; the whole flow in ../test/suite.ts.
import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { AuthLogEntry } from '../log.js'
import type { Mail } from '../mailer.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'

const PAGE = 'http://127.0.0.1:5173'
const BASE = 'http://127.0.0.1:8790'
const NOW = Date.UTC(2031, 2, 3, 4, 5, 6)
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('device-routes')
  db = opened.db
  return opened.close
}, 120_000)

function start(overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: NOW }
  const mails: Mail[] = []
  const logs: AuthLogEntry[] = []
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
    mail: { send: async (mail) => void mails.push(mail) },
    database: db,
    secret: randomBytes(32),
    now: () => clock.now,
    publicUrl: BASE,
    rateLimit: false,
    log: (entry) => logs.push(entry),
    ...overrides,
  })
  onTestFinished(() => server.close())
  const send = (path: string, init: RequestInit = {}) => server.fetch(new Request(`${BASE}${path}`, init))
  /** The click on the page's button: a form post with the token, from the server's own page. */
  const click = (token: string, extra: Record<string, string> = {}) =>
    send('/v1/devices/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, ...extra },
      body: new URLSearchParams({ token }).toString(),
    })
  const approveJson = async (body: unknown, extra: Record<string, string> = {}) => {
    const r = await send('/v1/devices/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: JSON.stringify(body),
    })
    return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> }
  }
  const frame = (device: string) => ({
    'content-type': 'application/json',
    'x-project-id': 'test-project',
    'x-portico-origin': PAGE,
    'x-portico-device': device,
  })
  /** A known user logging in from a new device: the login waits for the link mailed to them. */
  const pending = async () => {
    const email = `device-routes-${randomBytes(4).toString('hex')}@example.com`
    await db.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [
      randomUUID(),
      email,
      new Date(NOW),
    ])
    const device = newDeviceId()
    const r = await send('/v1/email/login', { method: 'POST', headers: frame(device), body: JSON.stringify({ email }) })
    const started = (await r.json()) as { action: string; challengeId: string }
    expect(started.action).toBe('VERIFY_DEVICE')
    const link = /https?:\/\/\S+/.exec(mails.at(-1)!.text)![0]
    const token = new URL(link).searchParams.get('token')!
    expect(link).toBe(`${BASE}/v1/devices/approve?token=${token}`)
    return { email, device, token, challengeId: started.challengeId }
  }
  /** What the waiting login's poll reads now. */
  const poll = async (device: string, challengeId: string) =>
    (
      (await (
        await send('/v1/email/device', {
          method: 'POST',
          headers: frame(device),
          body: JSON.stringify({ challengeId }),
        })
      ).json()) as { action: string }
    ).action
  return { clock, mails, logs, send, click, approveJson, pending, poll, frame }
}

const approvedAt = async (token: string) =>
  (
    await db.query<{ approved_at: Date | null }>('SELECT approved_at FROM device_verifications WHERE token_hash = $1', [
      sha256(token),
    ])
  ).rows[0]?.approved_at ?? null

function expectPageHeaders(headers: Headers) {
  expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(headers.get('cache-control')).toBe('no-store')
  expect(headers.get('referrer-policy')).toBe('no-referrer')
  expect(headers.get('x-frame-options')).toBe('DENY')
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  expect(headers.get('content-security-policy')).toContain("default-src 'none'")
}

describe('GET /v1/devices/approve', () => {
  test('security: opening the link only shows the button (with the token, not cached, not framed); nothing is approved or sent', async () => {
    const { send, pending, poll, mails } = start()
    const { token, device, challengeId } = await pending()
    const sent = mails.length
    for (const method of ['GET', 'HEAD']) {
      const r = await send(`/v1/devices/approve?token=${token}`, { method })
      expect([method, r.status]).toEqual([method, 200])
      expectPageHeaders(r.headers)
      if (method === 'GET') {
        const html = await r.text()
        expect(html).toContain('Approve this device?')
        expect(html).toContain(`<form method="post" action="approve">`)
        expect(html).toContain(`<input type="hidden" name="token" value="${token}">`)
      }
    }
    expect(await approvedAt(token)).toBeNull()
    expect(mails).toHaveLength(sent)
    expect(await poll(device, challengeId)).toBe('VERIFY_DEVICE')
  })

  test('security: a token that is markup is escaped in the page, never run', async () => {
    const { send } = start()
    const hostile = `"><script>alert(1)</script><a href='x'>&`
    const r = await send(`/v1/devices/approve?token=${encodeURIComponent(hostile)}`)
    const html = await r.text()
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('value=""')
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&#39;x&#39;&gt;&amp;"')
    // No token at all: the page shows an empty one, which approves nothing.
    expect(await (await send('/v1/devices/approve')).text()).toContain('name="token" value=""')
  })
})

describe('POST /v1/devices/approve', () => {
  test('default: the button’s form post approves, answers a page naming the address, and mails the code the device logs in with', async () => {
    const { click, pending, poll, mails, send, frame } = start()
    const { email, token, device, challengeId } = await pending()
    const r = await click(token)
    expect(r.status).toBe(200)
    expectPageHeaders(r.headers)
    const html = await r.text()
    expect(html).toContain('Device approved')
    expect(html).toContain(`The device is approved for ${email}.`)
    expect(await approvedAt(token)).toEqual(new Date(NOW))
    expect(await poll(device, challengeId)).toBe('VERIFY_OTP')
    const otp = /^(\d{6}) /.exec(mails.at(-1)!.subject)![1]
    expect(mails.at(-1)!.to).toBe(email)
    const login = await send('/v1/email/otp', {
      method: 'POST',
      headers: frame(device),
      body: JSON.stringify({ challengeId, otp }),
    })
    expect(login.status).toBe(200)
    // A second click says so again, and mails nothing more.
    const sent = mails.length
    expect((await click(token)).status).toBe(200)
    expect(mails).toHaveLength(sent)
  })

  test('behavior: a JSON post answers JSON: approved, with alreadyApproved false then true', async () => {
    const { approveJson, pending, mails } = start()
    const { email, token } = await pending()
    const first = await approveJson({ token })
    expect([first.status, first.body]).toEqual([200, { approved: true, email, alreadyApproved: false }])
    expect(first.headers.get('cache-control')).toBe('no-store')
    const sent = mails.length
    expect((await approveJson({ token })).body).toEqual({ approved: true, email, alreadyApproved: true })
    expect(mails).toHaveLength(sent)
  })

  test('error: an unknown token is a 404 page for the form and DEVICE_LINK_INVALID for JSON; nothing approved', async () => {
    const { click, approveJson, pending } = start()
    const { token } = await pending()
    // The stored hash of the real token, or the token changed by one character, are other tokens.
    for (const wrong of [sha256(token), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'x']) {
      const page = await click(wrong)
      expect(page.status).toBe(404)
      expectPageHeaders(page.headers)
      const html = await page.text()
      expect(html).toContain('This link does not work')
      expect(html).toContain('Device approval link not found.')
      const json = await approveJson({ token: wrong })
      expect([json.status, json.body]).toEqual([
        404,
        { error: { code: 'DEVICE_LINK_INVALID', message: 'Device approval link not found' } },
      ])
    }
    expect(await approvedAt(token)).toBeNull()
  })

  test('edge: a link is taken until its last ms; at its expiry it is a 410 page (or DEVICE_LINK_EXPIRED), no code sent', async () => {
    const { click, approveJson, pending, mails } = start()
    // The link's own expiry moved to the clock (a 15-minute jump of the server's clock is avoided).
    const expired = await pending()
    await db.query('UPDATE device_verifications SET expires_at = $2 WHERE token_hash = $1', [
      sha256(expired.token),
      new Date(NOW),
    ])
    const sent = mails.length
    const page = await click(expired.token)
    expect(page.status).toBe(410)
    expectPageHeaders(page.headers)
    expect(await page.text()).toContain('Device approval link expired.')
    expect((await approveJson({ token: expired.token })).body).toEqual({
      error: { code: 'DEVICE_LINK_EXPIRED', message: 'Device approval link expired' },
    })
    expect(await approvedAt(expired.token)).toBeNull()
    expect(mails).toHaveLength(sent)
    const live = await pending()
    await db.query('UPDATE device_verifications SET expires_at = $2 WHERE token_hash = $1', [
      sha256(live.token),
      new Date(NOW + 1),
    ])
    expect((await click(live.token)).status).toBe(200)
  })

  test('error: a missing, empty, mistyped or over-long token is 400 "Invalid token" in JSON for JSON, and nothing approved', async () => {
    const { send, approveJson, pending } = start()
    const { token } = await pending()
    for (const body of [
      {},
      { token: '' },
      { token: 1 },
      { token: [token] },
      { token: { token } },
      { token: 'x'.repeat(129) },
    ]) {
      const r = await approveJson(body)
      expect([body, r.status, r.body]).toEqual([
        body,
        400,
        { error: { code: 'BAD_REQUEST', message: 'Invalid token' } },
      ])
    }
    const notJson = await send('/v1/devices/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"token":"${token}"`,
    })
    expect([notJson.status, await notJson.json()]).toEqual([
      400,
      { error: { code: 'BAD_REQUEST', message: 'The body must be a JSON object' } },
    ])
    expect(await approvedAt(token)).toBeNull()
  })

  test('error: a form post without its token, or with a malformed one, is the 400 error page, and nothing approved', async () => {
    const { send, pending } = start()
    const { token } = await pending()
    for (const form of ['', 'token=', 'tok=x', `token=${'x'.repeat(129)}`]) {
      const r = await send('/v1/devices/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      })
      expect([form, r.status]).toEqual([form, 400])
      expectPageHeaders(r.headers)
      const html = await r.text()
      expect(html).toContain('<h1>This link does not work</h1>')
      expect(html).toContain('<p>Invalid token.</p>')
    }
    expect(await approvedAt(token)).toBeNull()
  })

  test('behavior: a browser asking for HTML gets the error page whatever its body; a JSON body gets JSON whatever it accepts', async () => {
    const { send, pending } = start()
    const { token } = await pending()
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
    for (const [type, body, message] of [
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n--x--`,
        'The body must be a JSON object',
      ],
      ['text/plain', 'token', 'The body must be a JSON object'],
      ['text/plain', '{}', 'Invalid token'],
    ] as const) {
      const r = await send('/v1/devices/approve', {
        method: 'POST',
        headers: { 'content-type': type, accept: browser },
        body,
      })
      expect([type, message, r.status]).toEqual([type, message, 400])
      expectPageHeaders(r.headers)
      expect(await r.text()).toContain(`<p>${message}.</p>`)
    }
    const json = await send('/v1/devices/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: browser },
      body: '{}',
    })
    expect([json.status, json.headers.get('content-type'), await json.json()]).toEqual([
      400,
      'application/json',
      { error: { code: 'BAD_REQUEST', message: 'Invalid token' } },
    ])
    expect(await approvedAt(token)).toBeNull()
  })

  test('behavior: an API client that sends no form and asks no HTML gets JSON, refused or approved', async () => {
    const { send, pending } = start()
    const { email, token } = await pending()
    const post = async (body: string) => {
      const r = await send('/v1/devices/approve', { method: 'POST', headers: { 'content-type': 'text/plain' }, body })
      return [r.status, r.headers.get('content-type'), await r.json()]
    }
    expect(await post('{}')).toEqual([
      400,
      'application/json',
      { error: { code: 'BAD_REQUEST', message: 'Invalid token' } },
    ])
    expect(await post(JSON.stringify({ token }))).toEqual([
      200,
      'application/json',
      { approved: true, email, alreadyApproved: false },
    ])
  })

  test('security: two clicks at once approve once: one code mailed, the other click reads alreadyApproved', async () => {
    const { approveJson, pending, mails } = start()
    const { email, token } = await pending()
    const sent = mails.length
    const answers = await Promise.all([approveJson({ token }), approveJson({ token })])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers.map((a) => a.body.alreadyApproved).sort()).toEqual([false, true])
    expect(mails.slice(sent).map((m) => m.to)).toEqual([email])
  })
})

describe('methods, limits, CORS and the log', () => {
  test('error: a method other than GET and POST is 405 naming GET, HEAD and POST; another path is 404; neither approves', async () => {
    const { send, pending } = start()
    const { token } = await pending()
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const r = await send(`/v1/devices/approve?token=${token}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      })
      expect([method, r.status, r.headers.get('allow'), await r.json()]).toEqual([
        method,
        405,
        'GET, HEAD, POST',
        { error: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' } },
      ])
    }
    for (const path of ['/v1/devices', '/v1/devices/approve/', '/v1/devices/approve/x']) {
      const r = await send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      })
      expect([path, r.status]).toEqual([path, 404])
    }
    expect(await approvedAt(token)).toBeNull()
  })

  test('behavior: the POST is limited per client (a limited click approves nothing); opening the page is not', async () => {
    const { approveJson, send, pending } = start({ rateLimit: { perMinute: 2 }, trustProxy: true })
    const client = { 'x-forwarded-for': '198.51.100.40' }
    const { token } = await pending()
    expect((await approveJson({ token: 'a-wrong-token' }, client)).status).toBe(404)
    expect((await approveJson({ token: 'another-wrong-token' }, client)).status).toBe(404)
    const limited = await approveJson({ token }, client)
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await approvedAt(token)).toBeNull()
    for (let i = 0; i < 3; i++)
      expect((await send(`/v1/devices/approve?token=${token}`, { headers: client })).status).toBe(200)
    expect((await approveJson({ token }, { 'x-forwarded-for': '198.51.100.41' })).status).toBe(200)
  })

  test('security: a foreign page gets no CORS (no preflight, no readable answer); the token never reaches the log', async () => {
    const { approveJson, send, pending, logs } = start()
    const { token } = await pending()
    const preflight = await send('/v1/devices/approve', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:6666', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    await send(`/v1/devices/approve?token=${token}`, { headers: { origin: 'http://127.0.0.1:6666' } })
    const r = await approveJson({ token }, { origin: 'http://127.0.0.1:6666' })
    expect(r.status).toBe(200)
    expect(r.headers.get('access-control-allow-origin')).toBeNull()
    const logged = JSON.stringify(logs)
    expect(logged).not.toContain(token)
    expect(logs.filter((l) => l.msg === 'request' && String(l.path).includes('devices')).map((l) => l.path)).toEqual([
      '/v1/devices/approve',
      '/v1/devices/approve',
      '/v1/devices/approve',
    ])
  })
})
