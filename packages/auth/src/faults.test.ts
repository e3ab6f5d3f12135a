// What a careful attacker tries next, and what an operator needs to run the server: the origin
// check a script cannot widen, forged or stale tokens, bodies too large or malformed, sessions
// fresh at every login, limits shared by several servers on one database, the purge, the health
// check, a shutdown that finishes requests in flight, and logs without secrets. On PGlite; the
// same rules across processes on Postgres are in cluster.postgres.test.ts.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT, UnsecuredJWT } from 'jose'
import { beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { type MailInbox, startMailInbox } from '../../devnet/src/mail/inbox.js'
import {
  EMAIL_COOLDOWN_MS,
  MAX_BODY_BYTES,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  RATE_LIMIT_WINDOW_MS,
  SESSION_TTL_MS,
} from './constants.js'
import { type AuthServer, type AuthServerOptions, createAuthServer } from './createAuthServer.js'
import type { Database } from './db/database.js'
import { openPglite, pgliteDevOptions } from './db/pglite.js'
import type { AuthLogEntry } from './log.js'
import type { Mail, Mailer } from './mailer.js'
import { createTestClient, newDeviceId, type TestClient } from './test/client.js'
import { openTestDatabase } from './test/database.js'

const SECRET = 'a test secret of at least thirty-two bytes!'
const PAGE = 'http://127.0.0.1:5173'
const FRAME = 'http://127.0.0.1:7001'
let db: Database
let inbox: MailInbox

beforeAll(async () => {
  const [opened, mail] = await Promise.all([openTestDatabase('faults'), startMailInbox()])
  ;[db, inbox] = [opened.db, mail]
  return async () => {
    await Promise.allSettled([opened.close(), mail.stop()])
  }
}, 120_000)

/** A server on the file's database with a fake clock and a captured log, stopped after the test. */
async function start(overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: Date.now() }
  const logs: AuthLogEntry[] = []
  const server: AuthServer = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE, 'https://*.example.com'] }],
    frameOrigins: [FRAME],
    mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico <login@portico.test>' },
    database: db,
    secret: SECRET,
    now: () => clock.now,
    rateLimit: false,
    log: (entry) => logs.push(entry),
    ...overrides,
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { server, url, clock, logs }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`

/** A login call with exactly the given origin headers (`undefined`: header absent). */
function loginWith(url: string, email: string, headers: { origin?: string; claimed?: string }) {
  return fetch(`${url}/v1/email/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-project-id': 'test-project',
      'x-portico-device': newDeviceId(),
      ...(headers.origin === undefined ? {} : { origin: headers.origin }),
      ...(headers.claimed === undefined ? {} : { 'x-portico-origin': headers.claimed }),
    },
    body: JSON.stringify({ email }),
  })
}

async function challengesFor(email: string) {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM otp_challenges WHERE email = $1', [email])
  return rows.length
}

async function login(client: TestClient, email: string) {
  const after = inbox.latest(email)?.id ?? 0
  const started = await client.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
  expect(started.status).toBe(200)
  const { code } = await inbox.waitFor(email, { after })
  const done = await client.call<{ token: string; user: { id: string } }>('POST', '/v1/email/otp', {
    challengeId: started.body.challengeId,
    otp: code,
  })
  expect(done.status).toBe(200)
  client.token = done.body.token
  return { ...done.body, code, challengeId: started.body.challengeId }
}

describe('the page origin: the browser decides, a header a script sets never widens the list', () => {
  test('behavior: a foreign Origin naming an allowed page in X-Portico-Origin is refused, and no mail is sent', async () => {
    const { url } = await start()
    const email = newEmail('spoof')
    const r = await loginWith(url, email, { origin: 'https://evil.test', claimed: PAGE })
    expect(r.status).toBe(403)
    expect(await r.json()).toEqual({
      error: { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
    })
    expect(await challengesFor(email)).toBe(0)
    expect(inbox.messages(email)).toEqual([])
  })

  test('behavior: an allowed page cannot pass as another allowed page', async () => {
    const { url } = await start()
    const email = newEmail('other-page')
    const r = await loginWith(url, email, { origin: 'https://shop.example.com', claimed: PAGE })
    expect(r.status).toBe(403)
    expect(await challengesFor(email)).toBe(0)
    // Naming itself is fine.
    const same = await loginWith(url, newEmail('same'), {
      origin: 'https://shop.example.com',
      claimed: 'https://shop.example.com/',
    })
    expect(same.status).toBe(200)
  })

  test('behavior: the secure frame names the page it is embedded in, which must itself be allowed', async () => {
    const { url } = await start()
    expect((await loginWith(url, newEmail('frame'), { origin: FRAME, claimed: PAGE })).status).toBe(200)
    expect(
      (await loginWith(url, newEmail('frame-foreign'), { origin: FRAME, claimed: 'https://evil.test' })).status,
    ).toBe(403)
    // The frame's own origin is not a page, even where a wildcard would cover it.
    expect((await loginWith(url, newEmail('frame-none'), { origin: FRAME })).status).toBe(403)
    expect((await loginWith(url, newEmail('frame-self'), { origin: FRAME, claimed: FRAME })).status).toBe(403)
  })

  test('behavior: an opaque or malformed Origin is refused whatever it claims', async () => {
    const { url } = await start()
    for (const origin of ['null', 'not an origin', 'https://app.example.com/path']) {
      const email = newEmail('opaque')
      expect((await loginWith(url, email, { origin, claimed: PAGE })).status).toBe(403)
      expect(await challengesFor(email)).toBe(0)
    }
    // An X-Portico-Origin that is no origin at all is refused too.
    expect((await loginWith(url, newEmail('bad-claim'), { origin: FRAME, claimed: 'javascript:1' })).status).toBe(403)
  })

  test('behavior: without a frame origin configured, the frame (a foreign Origin) is refused', async () => {
    const { url } = await start({ frameOrigins: [] })
    expect((await loginWith(url, newEmail('no-frame'), { origin: FRAME, claimed: PAGE })).status).toBe(403)
    // Pages calling directly still work.
    expect((await loginWith(url, newEmail('direct'), { origin: PAGE })).status).toBe(200)
  })

  test('behavior: answers carry CORS headers for the frame and allowed pages only', async () => {
    const { url } = await start()
    const frame = await loginWith(url, newEmail('cors'), { origin: FRAME, claimed: PAGE })
    expect(frame.headers.get('access-control-allow-origin')).toBe(FRAME)
    const foreign = await loginWith(url, newEmail('cors-foreign'), { origin: 'https://evil.test', claimed: PAGE })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('session tokens', () => {
  async function signedIn() {
    const started = await start()
    const client = Object.assign(createTestClient(started.url, { origin: PAGE }), { url: started.url })
    const { user } = await login(client, newEmail('jwt'))
    const claims = JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >
    return { ...started, client, user, claims }
  }
  /** The same device presenting another token. */
  const withToken = (client: TestClient & { url?: string }, token: string) => {
    const other = createTestClient(client.url!, { origin: PAGE, deviceId: client.deviceId })
    other.token = token
    return other
  }

  test('behavior: a token with `alg: none` is refused', async () => {
    const { client, claims } = await signedIn()
    const unsigned = new UnsecuredJWT(claims).encode()
    const forged = withToken(client, unsigned)
    const r = await forged.call('GET', '/v1/session')
    expect(r.status).toBe(401)
    expect(r.body.error).toEqual({ code: 'JWT_INVALID', message: 'JWT validation error: invalid token' })
  })

  test('behavior: a token signed with another key is refused', async () => {
    const { client, claims } = await signedIn()
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another secret, also thirty-two bytes long'))
    const r = await withToken(client, other).call('GET', '/v1/session')
    expect(r.status).toBe(401)
    expect(r.body.error?.code).toBe('JWT_INVALID')
    // The same claims with the server's key pass: the signature is what was refused.
    const genuine = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(SECRET))
    expect((await withToken(client, genuine).call('GET', '/v1/session')).status).toBe(200)
  })

  test('behavior: expired and not-yet-valid claims are refused with the spec messages', async () => {
    const { client, claims, clock } = await signedIn()
    const sign = (changes: Record<string, number>) =>
      new SignJWT({ ...claims, ...changes })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(SECRET))
    const nowSeconds = Math.floor(clock.now / 1000)
    const expired = await withToken(client, await sign({ exp: nowSeconds - 1 })).call('GET', '/v1/session')
    expect(expired.body.error).toEqual({ code: 'JWT_EXPIRED', message: 'JWT validation error: JWT Token has expired' })
    const early = await withToken(client, await sign({ nbf: nowSeconds + 600 })).call('GET', '/v1/session')
    expect(early.body.error).toEqual({
      code: 'JWT_NOT_YET_VALID',
      message: 'JWT validation error: JWT Token is not yet valid',
    })
    clock.now += SESSION_TTL_MS
    expect((await client.call('GET', '/v1/session')).body.error?.code).toBe('JWT_EXPIRED')
  })

  test('behavior: every login opens a new session, whatever token the request carried', async () => {
    const { url, clock } = await start()
    const attacker = createTestClient(url, { origin: PAGE })
    await login(attacker, newEmail('attacker'))
    const attackerSid = (await attacker.call<{ session: { id: string } }>('GET', '/v1/session')).body.session.id
    // The victim's login request carries a token someone else chose: it is ignored.
    const victim = createTestClient(url, { origin: PAGE })
    victim.token = attacker.token
    const email = newEmail('victim')
    await login(victim, email)
    const session = await victim.call<{ user: { email: string }; session: { id: string } }>('GET', '/v1/session')
    expect(session.body.user.email).toBe(email)
    expect(session.body.session.id).not.toBe(attackerSid)
    // Logging in again on the same device opens another session; the first is not reused.
    clock.now += EMAIL_COOLDOWN_MS
    await login(victim, email)
    const next = await victim.call<{ session: { id: string } }>('GET', '/v1/session')
    expect(next.body.session.id).not.toBe(session.body.session.id)
    expect(next.body.session.id).not.toBe(attackerSid)
  })
})

describe('bodies', () => {
  test('behavior: an oversized body is refused with 413 before anything is stored or sent', async () => {
    const { url } = await start()
    const email = newEmail('big')
    const headers = {
      'content-type': 'application/json',
      'x-project-id': 'test-project',
      'x-portico-origin': PAGE,
      'x-portico-device': newDeviceId(),
    }
    const padded = JSON.stringify({ email, pad: 'x'.repeat(MAX_BODY_BYTES) })
    const r = await fetch(`${url}/v1/email/login`, { method: 'POST', headers, body: padded })
    expect(r.status).toBe(413)
    expect(await r.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' } })
    // Streamed without a length, it is cut off as it grows past the limit.
    const chunks = [padded.slice(0, 40_000), padded.slice(40_000)]
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift()
        if (next === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(next))
      },
    })
    const streamed = await fetch(`${url}/v1/email/login`, {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(((await streamed.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(await challengesFor(email)).toBe(0)
    expect(inbox.messages(email)).toEqual([])
  })

  test('behavior: malformed bodies are refused with 400 and a JSON error, nothing stored', async () => {
    const { url } = await start()
    const email = newEmail('malformed')
    const send = (body: string, contentType = 'application/json') =>
      fetch(`${url}/v1/email/login`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'x-project-id': 'test-project',
          'x-portico-origin': PAGE,
          'x-portico-device': newDeviceId(),
        },
        body,
      })
    for (const body of ['{nope', '[]', '"text"', 'null', `{"email": "${email}"`, '\u0000']) {
      const r = await send(body)
      expect(r.status).toBe(400)
      expect(r.headers.get('content-type')).toContain('application/json')
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST')
    }
    expect((await send(JSON.stringify({ email: [email] }))).status).toBe(400)
    expect((await send(JSON.stringify({ email: `${'a'.repeat(250)}@example.com` }))).status).toBe(400)
    expect(await challengesFor(email)).toBe(0)
    expect(inbox.messages(email)).toEqual([])
  })
})

describe('limits shared by every server on the database', () => {
  test('behavior: the per-client limit counts requests to either of two servers', async () => {
    const a = await start({ rateLimit: { perMinute: 3 }, trustProxy: true })
    const b = await start({ rateLimit: { perMinute: 3 }, trustProxy: true })
    b.clock.now = a.clock.now
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    const statuses: number[] = []
    for (const url of [a.url, b.url, a.url, b.url]) {
      const r = await fetch(`${url}/v1/email/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-project-id': 'test-project',
          'x-portico-origin': PAGE,
          'x-portico-device': newDeviceId(),
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ email: newEmail('shared-limit') }),
      })
      statuses.push(r.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    // Nothing stores the address in the clear.
    const { rows } = await db.query<{ key: string }>('SELECT key FROM rate_limits')
    expect(rows.some((row) => row.key.includes(ip))).toBe(false)
  })

  test('behavior: guesses at one code on two servers share its 5 attempts', async () => {
    const a = await start()
    const b = await start()
    b.clock.now = a.clock.now
    const device = newDeviceId()
    const ca = createTestClient(a.url, { origin: PAGE, deviceId: device })
    const cb = createTestClient(b.url, { origin: PAGE, deviceId: device })
    const email = newEmail('brute')
    const { body } = await ca.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
    const { code } = await inbox.waitFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? ca : cb).call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: wrong }),
      ),
    )
    expect(replies.filter((r) => r.body.error?.code === 'OTP_INVALID')).toHaveLength(OTP_MAX_ATTEMPTS - 1)
    expect(replies.filter((r) => r.body.error?.code === 'OTP_ATTEMPTS_EXHAUSTED')).toHaveLength(
      12 - (OTP_MAX_ATTEMPTS - 1),
    )
    expect((await cb.call('POST', '/v1/email/otp', { challengeId: body.challengeId, otp: code })).status).toBe(429)
  })
})

describe('operations', () => {
  test('behavior: purge deletes expired codes, sessions, cooldowns and windows, and keeps live ones', async () => {
    const { server, url, clock } = await start({ rateLimit: { perMinute: 100 } })
    const old = createTestClient(url, { origin: PAGE })
    const oldEmail = newEmail('old')
    const oldLogin = await login(old, oldEmail)
    // A day and a session lifetime later, everything of that login has expired.
    const later = clock.now + SESSION_TTL_MS + 24 * 60 * 60_000 + OTP_TTL_MS
    // Another login shortly before: its code and session stay live. Two rate-limit windows before the
    // purge, so this client's window (one per client, renewed by any request) has ended by then.
    clock.now = later - 2 * RATE_LIMIT_WINDOW_MS
    const fresh = createTestClient(url, { origin: PAGE })
    const freshLogin = await login(fresh, newEmail('fresh'))
    clock.now = later
    // A social login started then (its state, PKCE verifier and nonce), and one started now.
    const socialLogin = (id: string, at: number) =>
      db.query(
        `INSERT INTO social_logins (id, provider, state_hash, code_verifier, nonce, device_hash, project_id, page_origin, created_at, expires_at)
         VALUES ($1, 'github', $1, 'verifier', 'nonce', 'device', 'project', $2, $3, $4)`,
        [id, PAGE, new Date(at), new Date(at + 10 * 60_000)],
      )
    const oldSocial = `old-social-${newEmail('s')}`
    const freshSocial = `fresh-social-${newEmail('s')}`
    await socialLogin(oldSocial, clock.now - SESSION_TTL_MS - 24 * 60 * 60_000 - OTP_TTL_MS)
    await socialLogin(freshSocial, clock.now)
    const purged = await server.purge()
    expect(purged.challenges).toBeGreaterThanOrEqual(1)
    expect(purged.socialLogins).toBeGreaterThanOrEqual(1)
    expect(purged.sessions).toBeGreaterThanOrEqual(1)
    expect(purged.cooldowns).toBeGreaterThanOrEqual(1)
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1)
    const rows = async (sql: string, value: string) => (await db.query(sql, [value])).rows.length
    expect(await rows('SELECT 1 FROM otp_challenges WHERE id = $1', oldLogin.challengeId)).toBe(0)
    expect(await rows('SELECT 1 FROM email_cooldowns WHERE email = $1', oldEmail)).toBe(0)
    expect(await rows('SELECT 1 FROM otp_challenges WHERE id = $1', freshLogin.challengeId)).toBe(1)
    expect(await rows('SELECT 1 FROM social_logins WHERE id = $1', oldSocial)).toBe(0)
    expect(await rows('SELECT 1 FROM social_logins WHERE id = $1', freshSocial)).toBe(1)
    expect((await fresh.call('GET', '/v1/session')).status).toBe(200)
    // The old token is refused as expired, with or without its row.
    expect((await old.call('GET', '/v1/session')).body.error?.code).toBe('JWT_EXPIRED')
    // The user and their keys are never purged.
    expect(await rows('SELECT 1 FROM users WHERE email = $1', oldEmail)).toBe(1)
  })

  test('behavior: the purge also runs by itself once the database is open', async () => {
    const { url, clock } = await start({ purgeIntervalMs: 20 })
    const email = newEmail('periodic')
    await createTestClient(url, { origin: PAGE }).call('POST', '/v1/email/login', { email })
    clock.now += EMAIL_COOLDOWN_MS + 1
    await vi.waitFor(
      async () => {
        const { rows } = await db.query('SELECT 1 FROM email_cooldowns WHERE email = $1', [email])
        expect(rows).toHaveLength(0)
      },
      { timeout: 30_000, interval: 20 },
    )
  })

  test('behavior: /health reports the database: idle before first use, ok, then 503 when it is unreachable', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'portico-auth-health-'))
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }))
    const own = await openPglite(pgliteDevOptions(folder))
    const { server, url } = await start({ database: own })
    const health = async () => {
      const r = await fetch(`${url}/health`)
      return { status: r.status, body: await r.json() }
    }
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'pglite', connection: 'idle' } })
    await server.ready()
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'pglite', connection: 'ok' } })
    await own.close()
    expect(await health()).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'pglite', connection: 'failed' },
    })
    // A second PGlite folder opens here: seconds on a busy machine.
  }, 120_000)

  test('behavior: close() lets a request in flight finish, and refuses new ones meanwhile', async () => {
    let release!: () => void
    let entered!: () => void
    const inMailer = new Promise<void>((resolve) => {
      entered = resolve
    })
    const sent: Mail[] = []
    const slowMailer: Mailer = {
      async send(mail) {
        entered()
        await new Promise<void>((resolve) => {
          release = resolve
        })
        sent.push(mail)
      },
    }
    const { server, url } = await start({ mail: slowMailer })
    const email = newEmail('slow')
    const inFlight = loginWith(url, email, { origin: PAGE })
    await inMailer
    let closed = false
    const closing = server.close().then(() => {
      closed = true
    })
    // A new request on a fresh connection while stopping: the socket no longer accepts, or a 503.
    const late = await fetch(`${url}/health`).then(
      (r) => r.status,
      () => 'refused' as const,
    )
    expect([503, 'refused']).toContain(late)
    expect(closed).toBe(false)
    release()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(((await response.json()) as { action: string }).action).toBe('VERIFY_OTP')
    await closing
    expect(closed).toBe(true)
    expect(sent).toHaveLength(1)
    expect(await challengesFor(email)).toBe(1)
  })

  test('behavior: the log of a whole login holds no code, token, share, device id or full address', async () => {
    const { url, logs, clock } = await start({ recoveryKey: 'a recovery key of at least thirty-two bytes' })
    const phone = createTestClient(url, { origin: PAGE })
    const email = newEmail('logged')
    const { code, token } = { ...(await login(phone, email)), token: phone.token! }
    const share = Buffer.from(randomBytes(33)).toString('base64')
    const recoveryShare = Buffer.from(randomBytes(33)).toString('base64')
    expect((await phone.call('PUT', '/v1/keys/eip155', { address: '0xabc', share, recoveryShare })).status).toBe(201)
    // A second device through the mailed link.
    clock.now += EMAIL_COOLDOWN_MS
    const laptop = createTestClient(url, { origin: PAGE })
    const begun = await laptop.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
    const linkMail = await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })
    const linkToken = new URL(linkMail.link!).searchParams.get('token')!
    await fetch(`${url}/v1/devices/approve?token=${linkToken}`)
    await fetch(`${url}/v1/devices/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: linkToken }),
    })
    const second = await inbox.waitFor(email, { after: linkMail.id })
    const done = await laptop.call<{ token: string }>('POST', '/v1/email/otp', {
      challengeId: begun.body.challengeId,
      otp: second.code,
    })
    laptop.token = done.body.token
    expect((await laptop.call('GET', '/v1/keys/eip155/recovery')).status).toBe(200)
    await laptop.call('POST', '/v1/email/otp', { challengeId: begun.body.challengeId, otp: second.code })

    const text = logs.map((entry) => JSON.stringify(entry)).join('\n')
    expect(logs.filter((entry) => entry.msg === 'request').length).toBeGreaterThan(8)
    expect(logs.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([
        'login.code_sent',
        'login.verified',
        'login.device_link_sent',
        'device.approved',
        'key.recovered',
      ]),
    )
    for (const secret of [
      code,
      second.code!,
      token,
      done.body.token,
      linkToken,
      share,
      recoveryShare,
      phone.deviceId,
      laptop.deviceId,
      email,
    ])
      expect(text).not.toContain(secret)
    expect(text).toContain(`${email[0]}***@example.com`)
    for (const entry of logs) expect(Object.keys(entry)).toEqual(expect.arrayContaining(['time', 'level', 'msg']))
  })
})

test('behavior: the database holds no code, link token or device id in the clear', async () => {
  const { url, clock } = await start()
  const phone = createTestClient(url, { origin: PAGE })
  const email = newEmail('at-rest')
  const { code } = await login(phone, email)
  clock.now += EMAIL_COOLDOWN_MS
  const laptop = createTestClient(url, { origin: PAGE })
  await laptop.call('POST', '/v1/email/login', { email })
  const link = (await inbox.waitFor(email, { after: inbox.latest(email)!.id - 1 })).link!
  const linkToken = new URL(link).searchParams.get('token')!
  const dump = async (table: string) => JSON.stringify((await db.query(`SELECT * FROM ${table}`)).rows)
  const stored = (await Promise.all(['otp_challenges', 'device_verifications', 'devices', 'sessions'].map(dump))).join(
    '\n',
  )
  for (const secret of [linkToken, phone.deviceId, laptop.deviceId, phone.token!]) expect(stored).not.toContain(secret)
  const { rows } = await db.query<{ code_hash: string }>('SELECT code_hash FROM otp_challenges WHERE email = $1', [
    email,
  ])
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) expect(row.code_hash ?? '').not.toContain(code)
})

describe('mounting', () => {
  test('behavior: `handle` serves the API from a Node server of the host', async () => {
    const { server } = await start()
    const host = createServer((request, response) => {
      if (request.url === '/host') response.end('the host')
      else server.handle(request, response)
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => host.close(() => resolve())))
    const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
    expect(await (await fetch(`${base}/host`)).text()).toBe('the host')
    const client = createTestClient(base, { origin: PAGE })
    await login(client, newEmail('node-mount'))
    expect((await client.call('GET', '/v1/session')).status).toBe(200)
  })

  test('behavior: `fetch` serves the API as Next.js route handlers under a base path (web Request and Response only)', async () => {
    const { server } = await start({ basePath: '/api/auth', publicUrl: 'https://app.example.com/api/auth' })
    // app/api/auth/[...path]/route.ts
    const route = {
      GET: server.fetch,
      POST: server.fetch,
      PUT: server.fetch,
      DELETE: server.fetch,
      OPTIONS: server.fetch,
    }
    const base = 'https://app.example.com/api/auth'
    const headers = {
      'content-type': 'application/json',
      'x-project-id': 'test-project',
      origin: 'https://shop.example.com',
      'x-portico-device': newDeviceId(),
    }
    const preflight = await route.OPTIONS(
      new Request(`${base}/v1/email/login`, { method: 'OPTIONS', headers: { origin: 'https://shop.example.com' } }),
    )
    expect(preflight.status).toBe(204)
    const email = newEmail('next-mount')
    const started = await route.POST(
      new Request(`${base}/v1/email/login`, { method: 'POST', headers, body: JSON.stringify({ email }) }),
    )
    expect(started.status).toBe(200)
    const { challengeId } = (await started.json()) as { challengeId: string }
    const { code } = await inbox.waitFor(email)
    const done = await route.POST(
      new Request(`${base}/v1/email/otp`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ challengeId, otp: code }),
      }),
    )
    const { token } = (await done.json()) as { token: string }
    const session = await route.GET(
      new Request(`${base}/v1/session`, { headers: { ...headers, authorization: `Bearer ${token}` } }),
    )
    expect(await session.json()).toMatchObject({ user: { email } })
    expect((await route.GET(new Request(`${base}/health`))).status).toBe(200)
    // Outside the base path nothing answers.
    expect((await route.GET(new Request('https://app.example.com/v1/session'))).status).toBe(404)
  })
})
