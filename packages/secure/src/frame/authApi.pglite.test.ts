// The frame's client of the auth server (createAuthApi, hostVerification): the headers each kind of
// call carries (project, page origin, device id, bearer token) and where they go, the real server's
// refusals as typed errors with its codes and messages (and the auth code the frame passes on),
// the origin check asked once, and every answer a broken server or proxy can give (not JSON, empty,
// huge, cut, a redirect, no server at all). Against createAuthServer on PGlite where the server
// can produce the answer, a small HTTP server on 127.0.0.1 where a fault must be made. The key
// routes through this client are keys.test.ts and packages/auth/src/keys/userHeldRecovery.pglite.test.ts;
// the vault behind the device id is vault.test.ts.
import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import { beforeAll, beforeEach, describe, expect, onTestFinished, test } from 'vitest'
import { type AuthServerOptions, createAuthServer } from '../../../auth/src/createAuthServer.js'
import type { Database } from '../../../auth/src/db/database.js'
import type { AuthErrorCode } from '../../../auth/src/errors.js'
import type { AuthLogEntry } from '../../../auth/src/log.js'
import { openTestDatabase } from '../../../auth/src/test/database.js'
import { type MailInbox, startMailInbox } from '../../../devnet/src/mail/inbox.js'
import { unverifiedDomainCode } from '../protocol/replies.js'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { AuthApiError, createAuthApi, hostVerification } from './authApi.js'
import { errorReply, UnverifiedDomainError } from './rpcError.js'
import { deviceId, memoryStore, StorageBlockedError, useStore } from './vault.js'

const PAGE = 'http://127.0.0.1:5173'
const SECRET = 'a test secret of at least thirty-two bytes!'
let db: Database
let inbox: MailInbox

beforeAll(async () => {
  const [opened, mail] = await Promise.all([openTestDatabase('frame-authapi'), startMailInbox()])
  ;[db, inbox] = [opened.db, mail]
  return async () => {
    await Promise.allSettled([opened.close(), mail.stop()])
  }
}, 120_000)
beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
})

/** The real auth server on the file's database, with a settable clock and its request log. */
async function startAuth(overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: Date.now() }
  const logs: AuthLogEntry[] = []
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
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
  const requests = (path: string) => logs.filter((e) => e.msg === 'request' && e.path === path).length
  return { url, clock, requests, api: createAuthApi({ url, projectId: 'test-project', hostOrigin: PAGE }) }
}
const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`

/** Logs in by email through the frame's client (first login of a new user: OTP at once). */
async function login(api: ReturnType<typeof createAuthApi>, email: string) {
  const after = inbox.latest(email)?.id ?? 0
  const started = await api.startLogin(email)
  expect(started.action).toBe('VERIFY_OTP')
  const mail = await inbox.waitFor(email, { after })
  const done = await api.verifyOtp(started.challengeId, mail.code ?? '')
  api.setToken(done.token)
  return { ...done, challengeId: started.challengeId, code: mail.code ?? '' }
}

type Seen = { method: string; path: string; headers: IncomingHttpHeaders; body: string }
/** A loopback HTTP server answering each request with `answer` (a fault the real server cannot make). */
async function startFake(answer: (res: ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = []
  const url = await startLoopbackServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
      seen.push(entry)
      answer(res, entry)
    })
  })
  return { url, seen, api: createAuthApi({ url, projectId: 'test-project', hostOrigin: PAGE }) }
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

const authError = (code: string, status: number, message: string | RegExp) =>
  expect.objectContaining({
    name: 'AuthApiError',
    code,
    status,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  })

describe('against the real auth server', () => {
  test('behavior: an email login through the client signs in; the session is known, then signed out', async () => {
    const { api } = await startAuth()
    const email = newEmail('login')
    const { token, user } = await login(api, email)
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(user).toMatchObject({ email })
    expect(await api.hasSession()).toBe(true)
    expect(await api.keys()).toEqual({ keys: [] })
    await api.signOut()
    expect(await api.hasSession()).toEqual({ refused: 'Session signed out' })
  })

  test('error: a wrong code, an unknown login and an invalid email are AuthApiErrors with the server’s code and message', async () => {
    const { api } = await startAuth()
    const email = newEmail('wrong')
    const started = await api.startLogin(email)
    await inbox.waitFor(email)
    expect(await rejection(api.verifyOtp(started.challengeId, '000000'))).toEqual(
      authError('OTP_INVALID', 400, 'Invalid code'),
    )
    expect(await rejection(api.verifyOtp('00000000-0000-4000-8000-000000000000', '123456'))).toEqual(
      authError('CHALLENGE_NOT_FOUND', 404, 'Login not found'),
    )
    expect(await rejection(api.startLogin('not an email'))).toEqual(authError('BAD_REQUEST', 400, /^Invalid/))
  })

  test('error: a used code is refused (OTP_USED) and the frame’s reply carries the auth code for the kit', async () => {
    const { api } = await startAuth()
    const { challengeId, code } = await login(api, newEmail('used'))
    const error = await rejection(api.verifyOtp(challengeId, code))
    expect(error).toEqual(authError('OTP_USED', 410, 'Code already used'))
    expect(errorReply({ id: '7', name: 'CONNECT_OTP' }, error).payload).toEqual({
      message: 'Code already used',
      authCode: 'OTP_USED',
    })
  })

  test('error: a second login mail inside the cooldown is RATE_LIMITED (429) with the wait the server gives', async () => {
    const { api } = await startAuth()
    const email = newEmail('cooldown')
    await api.startLogin(email)
    const error = await rejection(api.startLogin(email))
    expect(error).toEqual(authError('RATE_LIMITED', 429, 'Please try again after 30 seconds'))
    expect(errorReply({ id: '1', name: 'CONNECT_EMAIL' }, error).payload.authCode).toBe('RATE_LIMITED')
  })

  test('error: a forged, an expired and a missing session token: hasSession reports the server’s refusal', async () => {
    const { api, clock, requests } = await startAuth()
    await login(api, newEmail('tokens'))
    const real = api.token
    api.setToken('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')
    expect(await api.hasSession()).toEqual({ refused: 'JWT validation error: invalid token' })
    api.setToken(real)
    clock.now += 8 * 24 * 60 * 60_000
    expect(await api.hasSession()).toEqual({ refused: 'JWT validation error: JWT Token has expired' })
    // No token: refused here, nothing sent.
    api.setToken(undefined)
    const before = requests('/v1/session')
    expect(await api.hasSession()).toEqual({ refused: 'Not signed in' })
    expect(await rejection(api.keys())).toEqual(authError('UNAUTHORIZED', 401, 'Not signed in'))
    expect(requests('/v1/session')).toBe(before)
  })

  test('security: a session token used from another device is refused (the device id is sent and checked)', async () => {
    const { api } = await startAuth()
    await login(api, newEmail('device'))
    useStore(Promise.resolve(memoryStore()))
    // A 403, not a 401: hasSession throws it rather than reading it as a plain sign-out.
    expect(await rejection(api.hasSession())).toEqual(
      authError('DEVICE_NOT_VERIFIED', 403, 'Session opened on another device'),
    )
  })

  test('error: a key share the server does not have is an AuthApiError, not an empty answer', async () => {
    const { api } = await startAuth()
    await login(api, newEmail('noshare'))
    const error = (await rejection(api.getShare('eip155'))) as AuthApiError
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error.status).toBe(404)
    expect(error.code).toMatch(/^(KEY|SHARE)_NOT_FOUND$/)
  })

  test('error: a page off the allow-list: every call fails with UnverifiedDomainError (unverified_domain)', async () => {
    const { url } = await startAuth()
    const api = createAuthApi({ url, projectId: 'test-project', hostOrigin: 'http://127.0.0.1:6666' })
    for (const call of [() => api.checkOrigin(), () => api.startLogin(newEmail('off'))]) {
      const error = await rejection(call())
      expect(error).toBeInstanceOf(UnverifiedDomainError)
      expect(error).toMatchObject({ message: 'Unverified domain', code: unverifiedDomainCode })
    }
  })

  test('error: an unknown project is INVALID_PROJECT_ID with the spec’s text', async () => {
    const { url } = await startAuth()
    const api = createAuthApi({ url, projectId: 'no-such-project', hostOrigin: PAGE })
    expect(await rejection(api.startLogin(newEmail('project')))).toEqual(
      authError('INVALID_PROJECT_ID', 401, 'Unauthorized: invalid key'),
    )
  })

  test('behavior: the origin check needs no storage; a login call without storage is refused before it is sent', async () => {
    const { api, requests } = await startAuth()
    useStore(Promise.resolve(undefined))
    expect(await api.checkOrigin()).toEqual({ origin: PAGE })
    expect(await rejection(api.startLogin(newEmail('nostore')))).toBeInstanceOf(StorageBlockedError)
    expect(requests('/v1/email/login')).toBe(0)
  })
})

describe('hostVerification', () => {
  test('behavior: checks asked at once share one request; a passed check is not asked again', async () => {
    const { api, requests } = await startAuth()
    const verify = hostVerification(api)
    await Promise.all([verify(), verify(), verify()])
    await verify()
    expect(requests('/v1/origin')).toBe(1)
  })

  test('error: an unverified page is kept refused without asking again', async () => {
    const { url, requests } = await startAuth()
    const verify = hostVerification(createAuthApi({ url, projectId: 'test-project', hostOrigin: 'http://127.0.0.1:1' }))
    await expect(verify()).rejects.toBeInstanceOf(UnverifiedDomainError)
    await expect(verify()).rejects.toBeInstanceOf(UnverifiedDomainError)
    expect(requests('/v1/origin')).toBe(1)
  })

  test('edge: a server that could not be reached is asked again next time', async () => {
    let down = true
    const fake = await startFake((res) => (down ? res.socket?.destroy() : json(200, { origin: PAGE })(res)))
    const verify = hostVerification(fake.api)
    expect(await rejection(verify())).toMatchObject({ code: 'NETWORK' })
    down = false
    expect(await verify()).toEqual({ origin: PAGE })
    expect(fake.seen).toHaveLength(2)
  })
})

describe('what is sent, and where', () => {
  test('security: page calls send no device id nor token; device calls the device id, no token; session calls both', async () => {
    const fake = await startFake(json(200, { ok: true }))
    fake.api.setToken('the-session-token')
    const id = await deviceId()
    await fake.api.checkOrigin()
    await fake.api.startLogin('a@example.com')
    await fake.api.passkeyLoginOptions()
    await fake.api.keys()
    await fake.api.putDeviceShare('eip155', 'c2hhcmU=')
    const [page, login, passkey, keys, put] = fake.seen
    for (const seen of fake.seen) {
      expect(seen.headers['x-project-id']).toBe('test-project')
      expect(seen.headers['x-portico-origin']).toBe(PAGE)
      expect(seen.headers.cookie).toBeUndefined()
    }
    expect(page?.headers['x-portico-device']).toBeUndefined()
    expect(page?.headers.authorization).toBeUndefined()
    for (const device of [login, passkey]) {
      expect(device?.headers['x-portico-device']).toBe(id)
      expect(device?.headers.authorization).toBeUndefined()
    }
    for (const session of [keys, put]) {
      expect(session?.headers['x-portico-device']).toBe(id)
      expect(session?.headers.authorization).toBe('Bearer the-session-token')
    }
    expect(login).toMatchObject({ method: 'POST', path: '/v1/email/login', body: '{"email":"a@example.com"}' })
    expect(login?.headers['content-type']).toBe('application/json')
    expect(page?.headers['content-type']).toBeUndefined()
    expect(put).toMatchObject({ method: 'PUT', path: '/v1/keys/eip155/device', body: '{"share":"c2hhcmU="}' })
  })

  /** The auth server's URL answering 307 to another origin (another port of 127.0.0.1). */
  async function redirecting() {
    const other = await startFake(json(200, { keys: [] }))
    const fake = await startFake((res, seen) => {
      res.writeHead(307, { location: `${other.url}${seen.path}` })
      res.end()
    })
    fake.api.setToken('the-session-token')
    await fake.api.keys().catch(() => {})
    expect(fake.seen).toHaveLength(1)
    return other.seen
  }

  test('security: a redirect to another origin never carries the session token there', async () => {
    for (const seen of await redirecting()) expect(seen.headers.authorization).toBeUndefined()
  })

  // A followed cross-origin redirect drops only Authorization: the device id header (what the
  // server binds sessions and approvals to) would go to whichever origin it names. The API never
  // redirects, so the client follows none (`redirect: 'error'`).
  test('security: a redirect to another origin never carries the device id there', async () => {
    for (const seen of await redirecting()) expect(seen.headers['x-portico-device']).toBeUndefined()
  })

  // Two calls on a new device that start before either stored an id would each make their own, and
  // the server would then know this browser under an id it no longer sends (a login challenge or a
  // session bound to the other one refused: 'Session opened on another device').
  test('behavior: calls made at once on a new device send one device id, the one it keeps', async () => {
    const fake = await startFake(json(200, { ok: true }))
    await Promise.all([fake.api.startLogin('a@example.com'), fake.api.passkeyLoginOptions()])
    const sent = fake.seen.map((s) => s.headers['x-portico-device'])
    expect(new Set(sent).size).toBe(1)
    expect(sent[0]).toBe(await deviceId())
  })
})

/** Every code the auth server answers with, and its status (the compiler checks the list is whole). */
const codes = {
  BAD_REQUEST: 400,
  INVALID_PROJECT_ID: 401,
  ORIGIN_NOT_ALLOWED: 403,
  UNAUTHORIZED: 401,
  JWT_NOT_YET_VALID: 401,
  JWT_EXPIRED: 401,
  JWT_INVALID: 401,
  SESSION_REVOKED: 401,
  DEVICE_NOT_VERIFIED: 403,
  RATE_LIMITED: 429,
  CHALLENGE_NOT_FOUND: 404,
  OTP_INVALID: 400,
  OTP_EXPIRED: 410,
  OTP_USED: 410,
  OTP_ATTEMPTS_EXHAUSTED: 429,
  DEVICE_LINK_INVALID: 404,
  DEVICE_LINK_EXPIRED: 410,
  EMAIL_IN_USE: 409,
  KEY_EXISTS: 409,
  KEY_NOT_FOUND: 404,
  SHARE_NOT_FOUND: 404,
  RECOVERY_NOT_ALLOWED: 403,
  PASSKEY_CHALLENGE_INVALID: 404,
  PASSKEY_CHALLENGE_USED: 410,
  PASSKEY_CHALLENGE_EXPIRED: 410,
  PASSKEY_INVALID: 400,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_EXISTS: 409,
  SOCIAL_LOGIN_FAILED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  MAIL_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} satisfies Record<AuthErrorCode, number>

describe('every answer a server or a proxy can give', () => {
  test('error: each server error code is an AuthApiError with its code, status and message, passed on to the kit', async () => {
    const fake = await startFake((res, seen) => {
      const code = seen.path.split('/').at(-2) as AuthErrorCode
      json(codes[code], { error: { code, message: `message of ${code}` } })(res)
    })
    fake.api.setToken('t')
    for (const [code, status] of Object.entries(codes)) {
      const error = await rejection(fake.api.putDeviceShare(code, 'x'))
      if (code === 'ORIGIN_NOT_ALLOWED') {
        expect(error).toBeInstanceOf(UnverifiedDomainError)
        continue
      }
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error).toMatchObject({ code, status, message: `message of ${code}` })
      expect(errorReply({ id: '1', name: 'CONNECT_OTP' }, error).payload).toEqual({
        message: `message of ${code}`,
        authCode: code,
      })
    }
  })

  const faults: [string, (res: ServerResponse) => void, string, number][] = [
    ['a 200 that is not JSON', (res) => res.end('<html>ok</html>'), 'Auth server answered 200', 200],
    ['an empty 200', (res) => res.end(), 'Auth server answered 200', 200],
    ['a JSON null', (res) => res.end('null'), 'Auth server answered 200', 200],
    [
      "a proxy's HTML 502",
      (res) => {
        res.writeHead(502, { 'content-type': 'text/html' })
        res.end('<h1>Bad Gateway</h1>')
      },
      'Auth server answered 502',
      502,
    ],
    [
      'a 5 MB body that is not JSON',
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(`{"keys":[${'9,'.repeat(2_500_000)}`)
      },
      'Auth server answered 200',
      200,
    ],
    [
      'a body cut short (the connection dies mid-answer)',
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
        res.write('{"keys":[')
        setImmediate(() => res.socket?.destroy())
      },
      'Auth server answered 200',
      200,
    ],
  ]
  for (const [name, answer, message, status] of faults) {
    test(`error: ${name} is an AuthApiError (INTERNAL), never a success`, async () => {
      const fake = await startFake(answer)
      fake.api.setToken('t')
      expect(await rejection(fake.api.keys())).toEqual(authError('INTERNAL', status, message))
    })
  }

  test('error: a 429 from a proxy with Retry-After and no JSON is reported as a 429', async () => {
    const fake = await startFake((res) => {
      res.writeHead(429, { 'retry-after': '7' })
      res.end()
    })
    const error = await rejection(fake.api.startLogin('a@example.com'))
    expect(error).toEqual(authError('INTERNAL', 429, 'Auth server answered 429'))
  })

  test('edge: a huge error message reaches the kit cut at 1024 characters with its code', async () => {
    const fake = await startFake(json(400, { error: { code: 'OTP_INVALID', message: 'x'.repeat(200_000) } }))
    const error = await rejection(fake.api.verifyOtp('c', '1'))
    expect(error).toMatchObject({ code: 'OTP_INVALID', status: 400 })
    const payload = errorReply({ id: '1', name: 'CONNECT_OTP' }, error).payload
    expect(payload.message).toHaveLength(1024)
    expect(payload.authCode).toBe('OTP_INVALID')
  })

  test('security: an error code that is not a plain code is never passed on to the kit as one', async () => {
    const fake = await startFake(json(400, { error: { code: '<img src=x>', message: 'bad' } }))
    const error = await rejection(fake.api.startLogin('a@example.com'))
    expect(error).toMatchObject({ code: '<img src=x>', status: 400 })
    expect(errorReply({ id: '1', name: 'CONNECT_EMAIL' }, error).payload).toEqual({ message: 'bad' })
  })

  test('error: no server at all is NETWORK (status 0), with its own message', async () => {
    const fake = await startFake((res) => res.socket?.destroy())
    expect(await rejection(fake.api.startLogin('a@example.com'))).toEqual(
      authError('NETWORK', 0, 'Could not reach the auth server'),
    )
    const closed = createAuthApi({ url: 'http://127.0.0.1:1', projectId: 'p', hostOrigin: PAGE })
    expect(await rejection(closed.checkOrigin())).toEqual(authError('NETWORK', 0, 'Could not reach the auth server'))
  })

  // A login's 2xx answer is checked: `{}` (a proxy, a wrong server version) would resolve verifyOtp
  // with no token and no user, which the frame would sign in with.
  test('error: a 200 whose JSON lacks the fields the call needs is a typed error, not a silent success', async () => {
    const fake = await startFake(json(200, {}))
    const error = await rejection(fake.api.verifyOtp('c', '123456'))
    expect(error).toBeInstanceOf(AuthApiError)
  })
})
