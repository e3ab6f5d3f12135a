import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { MAX_BODY_BYTES, MAX_SHARE_BYTES } from '../constants.js'
import { type AuthServer, createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { AuthError } from '../errors.js'
import type { AuthLogEntry } from '../log.js'
import type { Mail } from '../mailer.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { emailSchema, keySchema, parse, shareBytes } from './request.js'

const PAGE = 'http://127.0.0.1:5173'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('request')
  db = opened.db
  return opened.close
}, 120_000)

/** A server on the file's database, its mails kept in memory, stopped after the test. */
async function start() {
  const mails: Mail[] = []
  const waiting: { path: string; resolve: (entry: AuthLogEntry) => void }[] = []
  /** Resolves with the log entry of the next finished request to `path`. */
  const done = (path: string) =>
    new Promise<AuthLogEntry>((resolve) => {
      waiting.push({ path, resolve })
    })
  const server: AuthServer = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
    mail: { send: async (mail) => void mails.push(mail) },
    database: db,
    secret: 'a test secret of at least thirty-two bytes!',
    rateLimit: false,
    log: (entry) => {
      if (entry.msg !== 'request') return
      const index = waiting.findIndex((w) => w.path === entry.path)
      if (index >= 0) waiting.splice(index, 1)[0]!.resolve(entry)
    },
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { server, url, mails, done }
}

let emails = 0
const newEmail = (tag: string) => `${tag}-${process.pid}-${++emails}-${Date.now()}@example.com`

const headers = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-project-id': 'test-project',
  'x-portico-origin': PAGE,
  'x-portico-device': newDeviceId(),
  ...extra,
})

async function challengesFor(email: string) {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM otp_challenges WHERE email = $1', [email])
  return rows.length
}

/** A login body of exactly `bytes` UTF-8 bytes, padded with `pad` (one character of any byte length). */
function loginBody(email: string, bytes: number, pad = 'x') {
  const head = `{"email":"${email}","pad":"`
  const tail = '"}'
  const room = bytes - Buffer.byteLength(head + tail)
  const padBytes = Buffer.byteLength(pad)
  const body = head + pad.repeat(Math.floor(room / padBytes)) + 'x'.repeat(room % padBytes) + tail
  expect(Buffer.byteLength(body)).toBe(bytes)
  return body
}

/** POSTs `chunks` with node:http and no content-length (chunked transfer encoding). */
function postChunked(url: string, path: string, chunks: Buffer[]) {
  return new Promise<{ status: number; body: string; sentLength: boolean }>((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: 'POST', headers: headers() }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sentLength: sentLength }),
      )
      res.on('error', reject)
    })
    const sentLength = req.hasHeader('content-length')
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })
}

/** Sends `raw` bytes on a fresh socket; resolves with the first response's status and body once one is complete. */
function rawExchange(url: string, raw: Buffer) {
  const { port } = new URL(url)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    let received = Buffer.alloc(0)
    socket.on('data', (part: Buffer) => {
      received = Buffer.concat([received, part])
      const text = received.toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      if (end < 0) return
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? Number.NaN)
      if (received.length < end + 4 + length) return
      socket.destroy()
      resolve({
        status: Number(text.slice(9, 12)),
        body: received.subarray(end + 4, end + 4 + length).toString(),
      })
    })
    socket.on('error', reject)
    socket.write(raw)
  })
}

const requestHead = (url: string, path: string, contentLength: number) =>
  Buffer.from(
    [
      `POST ${path} HTTP/1.1`,
      `Host: ${new URL(url).host}`,
      ...Object.entries(headers()).map(([k, v]) => `${k}: ${v}`),
      `Content-Length: ${contentLength}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  )

describe('body size limit', () => {
  test('edge: a body of MAX_BODY_BYTES exactly is read; one byte more is 413 with nothing stored or sent', async () => {
    const { url, mails } = await start()
    const fits = newEmail('fits')
    const atLimit = await fetch(`${url}/v1/email/login`, {
      method: 'POST',
      headers: headers(),
      body: loginBody(fits, MAX_BODY_BYTES),
    })
    expect(atLimit.status).toBe(200)
    expect(await challengesFor(fits)).toBe(1)
    expect(mails.map((m) => m.to)).toEqual([fits])

    const over = newEmail('over')
    const r = await fetch(`${url}/v1/email/login`, {
      method: 'POST',
      headers: headers(),
      body: loginBody(over, MAX_BODY_BYTES + 1),
    })
    expect(r.status).toBe(413)
    expect(await r.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' } })
    expect(await challengesFor(over)).toBe(0)
    expect(mails.map((m) => m.to)).toEqual([fits])
  })

  test('edge: chunked without a content-length: MAX_BODY_BYTES in many chunks is read, one byte more is 413', async () => {
    const { url, mails } = await start()
    const split = (body: string) => {
      const bytes = Buffer.from(body)
      const chunks: Buffer[] = []
      for (let i = 0; i < bytes.length; i += 1000) chunks.push(bytes.subarray(i, i + 1000))
      return chunks
    }
    const fits = newEmail('chunked-fits')
    const atLimit = await postChunked(url, '/v1/email/login', split(loginBody(fits, MAX_BODY_BYTES)))
    expect(atLimit.sentLength).toBe(false)
    expect(atLimit.status).toBe(200)
    expect(await challengesFor(fits)).toBe(1)

    const over = newEmail('chunked-over')
    const r = await postChunked(url, '/v1/email/login', split(loginBody(over, MAX_BODY_BYTES + 1)))
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body)).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' } })
    expect(await challengesFor(over)).toBe(0)
    expect(mails.map((m) => m.to)).toEqual([fits])
  })

  test('edge: the limit counts bytes, not characters: multi-byte padding split inside a character', async () => {
    const { url } = await start()
    const over = newEmail('utf8-over')
    const body = loginBody(over, MAX_BODY_BYTES + 1, '€')
    expect(body.length).toBeLessThan(MAX_BODY_BYTES / 2)
    const bytes = Buffer.from(body)
    // Chunks of 1001 bytes cut the 3-byte characters apart.
    const chunks: Buffer[] = []
    for (let i = 0; i < bytes.length; i += 1001) chunks.push(bytes.subarray(i, i + 1001))
    expect((await postChunked(url, '/v1/email/login', chunks)).status).toBe(413)
    const sized = await fetch(`${url}/v1/email/login`, { method: 'POST', headers: headers(), body })
    expect(sized.status).toBe(413)
    expect(await challengesFor(over)).toBe(0)

    const fits = newEmail('utf8-fits')
    const atLimit = Buffer.from(loginBody(fits, MAX_BODY_BYTES, '€'))
    const fitChunks: Buffer[] = []
    for (let i = 0; i < atLimit.length; i += 1001) fitChunks.push(atLimit.subarray(i, i + 1001))
    expect((await postChunked(url, '/v1/email/login', fitChunks)).status).toBe(200)
    expect(await challengesFor(fits)).toBe(1)
  })

  test('security: a content-length over the limit is refused before the body is sent', async () => {
    const { url } = await start()
    // Only the head goes out: the answer must come without waiting for a single byte of body.
    const r = await rawExchange(url, requestHead(url, '/v1/email/login', MAX_BODY_BYTES + 1))
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } })
  })

  test('security: over HTTP a content-length that understates the body bounds what is read', async () => {
    const { url, mails } = await start()
    const email = newEmail('lying')
    const body = Buffer.from(loginBody(email, MAX_BODY_BYTES * 4))
    // The declared 20 bytes are all the app reads: a cut JSON object, refused at once, without
    // waiting for the rest (sent only after the answer, and never read as this body).
    const r = await rawExchange(url, Buffer.concat([requestHead(url, '/v1/email/login', 20), body.subarray(0, 20)]))
    expect(r.status).toBe(400)
    expect(JSON.parse(r.body)).toEqual({ error: { code: 'BAD_REQUEST', message: 'The body must be a JSON object' } })
    expect(await challengesFor(email)).toBe(0)
    expect(mails).toEqual([])
  })

  test('security: a body cut short of its content-length is never taken as complete', async () => {
    const { url, mails, done } = await start()
    const email = newEmail('short')
    const body = Buffer.from(JSON.stringify({ email }))
    // A whole JSON object, but 100 bytes fewer than declared, then the client stops sending.
    const finished = done('/v1/email/login')
    const socket = connect(Number(new URL(url).port), '127.0.0.1')
    socket.on('error', () => {})
    socket.end(Buffer.concat([requestHead(url, '/v1/email/login', body.length + 100), body]))
    const entry = await finished
    socket.destroy()
    expect(entry.status).not.toBe(200)
    expect(await challengesFor(email)).toBe(0)
    expect(mails).toEqual([])
  })

  // hono's bodyLimit trusts a declared length under the limit; over HTTP Node's parser cuts the body
  // to it, but a web Request handed to `AuthServer.fetch` (a host's own server) carries a stream of
  // any length.
  test('security: through `fetch`, a content-length that understates the body does not lift the limit', async () => {
    const { server, mails } = await start()
    const email = newEmail('lying-fetch')
    const r = await server.fetch(
      new Request('http://127.0.0.1/v1/email/login', {
        method: 'POST',
        headers: headers({ 'content-length': '10' }),
        body: loginBody(email, MAX_BODY_BYTES * 4),
      }),
    )
    expect(r.status).toBe(413)
    expect(mails).toEqual([])
  })
})

describe('readBody', () => {
  async function send(url: string, body: string, contentType = 'application/json') {
    const r = await fetch(`${url}/v1/email/login`, {
      method: 'POST',
      headers: headers({ 'content-type': contentType }),
      body,
    })
    return { status: r.status, body: (await r.json()) as { error?: { code: string; message: string } } }
  }

  test('error: JSON that is not an object is refused with the body message', async () => {
    const { url, mails } = await start()
    for (const body of ['42', 'true', 'false', '0', '-1', '1e400', '"{}"', '[{"email":"a@example.com"}]', '\u200B{}']) {
      const r = await send(url, body)
      expect([body, r.status, r.body]).toEqual([
        body,
        400,
        { error: { code: 'BAD_REQUEST', message: 'The body must be a JSON object' } },
      ])
    }
    expect(mails).toEqual([])
  })

  test('edge: an empty or blank body reads as an empty object: the missing field is named, not the body', async () => {
    const { url } = await start()
    for (const body of ['', '   ', '\n\t\r\n']) {
      const r = await send(url, body)
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid email' })
    }
  })

  test('security: a `__proto__` key is only data: it neither sets the email nor pollutes objects', async () => {
    const { url, mails } = await start()
    const r = await send(url, '{"__proto__":{"email":"victim@example.com"}}')
    expect(r.status).toBe(400)
    expect(r.body.error?.message).toBe('Invalid email')
    const form = await send(url, '__proto__=x&constructor=y', 'application/x-www-form-urlencoded')
    expect(form.body.error?.message).toBe('Invalid email')
    expect(({} as Record<string, unknown>).email).toBeUndefined()
    expect(mails).toEqual([])
  })

  test('behavior: a url-encoded form is read as fields; JSON sent as a form is not JSON', async () => {
    const { url, mails } = await start()
    const email = newEmail('form')
    const form = await send(
      url,
      `email=${encodeURIComponent(email)}`,
      'application/x-www-form-urlencoded; charset=UTF-8',
    )
    expect(form.status).toBe(200)
    expect(await challengesFor(email)).toBe(1)
    const other = newEmail('json-as-form')
    const r = await send(url, JSON.stringify({ email: other }), 'application/x-www-form-urlencoded')
    expect(r.status).toBe(400)
    expect(await challengesFor(other)).toBe(0)
    expect(mails.map((m) => m.to)).toEqual([email])
  })

  test('error: malformed bytes and a field of the wrong type are refused, nothing stored', async () => {
    const { url } = await start()
    const email = newEmail('bytes')
    for (const body of [`{"email":"${email}",}`, `{'email':'${email}'}`, `{"email":"${email}"}}`, '\uD800']) {
      expect((await send(url, body)).status).toBe(400)
    }
    for (const value of [{ email }, 1, true, null]) {
      const r = await send(url, JSON.stringify({ email: value }))
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid email' })
    }
    expect(await challengesFor(email)).toBe(0)
  })
})

describe('project, device and token headers', () => {
  test('behavior: the project id comes from the header, else from `?projectId=`; an empty header counts as none', async () => {
    const { url } = await start()
    const origin = (query: string, projectHeader?: string) =>
      fetch(`${url}/v1/origin${query}`, {
        headers: {
          'x-portico-origin': PAGE,
          ...(projectHeader === undefined ? {} : { 'x-project-id': projectHeader }),
        },
      })
    expect((await origin('?projectId=test-project')).status).toBe(200)
    expect((await origin('?projectId=test-project', '')).status).toBe(200)
    // The header wins: a wrong header is not rescued by the query.
    const wrong = await origin('?projectId=test-project', 'wrong')
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ error: { code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' } })
  })

  test('security: project ids named like object properties are unknown projects, not a crash', async () => {
    const { url } = await start()
    for (const projectId of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'TEST-PROJECT',
      ' test-project',
    ]) {
      const r = await fetch(`${url}/v1/origin?projectId=${encodeURIComponent(projectId)}`, {
        headers: { 'x-portico-origin': PAGE },
      })
      expect([projectId, r.status]).toEqual([projectId, 401])
    }
  })

  test('edge: the device id is 16 to 128 characters of base64url, checked before the body', async () => {
    const { url } = await start()
    const login = (device: string | undefined) =>
      fetch(`${url}/v1/email/login`, {
        method: 'POST',
        headers: Object.fromEntries(
          Object.entries(headers(device === undefined ? {} : { 'x-portico-device': device })).filter(
            ([name]) => device !== undefined || name !== 'x-portico-device',
          ),
        ),
        body: '{}',
      }).then(async (r) => ({ status: r.status, ...((await r.json()) as { error: { message: string } }) }))
    const deviceError = { status: 400, error: { code: 'BAD_REQUEST', message: 'Invalid X-Portico-Device' } }
    for (const bad of [
      'a'.repeat(15),
      'a'.repeat(129),
      `${'a'.repeat(20)}.`,
      `${'a'.repeat(20)}+/`,
      `${'a'.repeat(20)}=`,
    ]) {
      expect([bad, await login(bad)]).toEqual([bad, deviceError])
    }
    expect(await login(undefined)).toEqual(deviceError)
    for (const good of ['a'.repeat(16), 'A-_z'.repeat(32)]) {
      // Past the device check, the empty body's missing email is what is refused.
      expect((await login(good)).error.message).toBe('Invalid email')
    }
  })

  test('behavior: the bearer token is read case-insensitively with any spacing, and nothing else counts', async () => {
    const { url, mails } = await start()
    const device = newDeviceId()
    const email = newEmail('bearer')
    const call = (path: string, body?: unknown, auth?: string) =>
      fetch(`${url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...headers({ 'x-portico-device': device }), ...(auth === undefined ? {} : { authorization: auth }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const started = (await (await call('/v1/email/login', { email })).json()) as { challengeId: string }
    const otp = /\b(\d{6})\b/.exec(mails[0]!.text)![1]
    const { token } = (await (await call('/v1/email/otp', { challengeId: started.challengeId, otp })).json()) as {
      token: string
    }
    for (const auth of [`Bearer ${token}`, `bearer ${token}`, `BEARER \t ${token}`]) {
      expect([auth.slice(0, 10), (await call('/v1/session', undefined, auth)).status]).toEqual([auth.slice(0, 10), 200])
    }
    for (const auth of [
      token,
      `Bearer ${token} extra`,
      `Bearer${token}`,
      `Basic ${token}`,
      'Bearer ',
      `Token ${token}`,
    ]) {
      const r = await call('/v1/session', undefined, auth)
      expect([auth.slice(0, 12), r.status]).toEqual([auth.slice(0, 12), 401])
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
    }
  })
})

describe('parse, shareBytes and the schemas', () => {
  const caught = (run: () => unknown) => {
    try {
      run()
    } catch (error) {
      return error
    }
    return undefined
  }

  test('error: parse names the first bad field under what was parsed', () => {
    const share = Buffer.alloc(33, 1).toString('base64')
    expect(caught(() => parse(keySchema, { address: '0xabc', share: 'not base64!' }, 'key'))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid key.share',
    })
    expect(caught(() => parse(keySchema, { address: '', share }, 'key'))).toMatchObject({
      message: 'Invalid key.address',
    })
    expect(caught(() => parse(keySchema, 'nope', 'key'))).toMatchObject({ message: 'Invalid key' })
    expect(parse(keySchema, { address: '0xabc', share }, 'key')).toEqual({ address: '0xabc', share })
  })

  test('behavior: an email is trimmed and lower-cased; over 254 characters or no address is refused', () => {
    expect(parse(emailSchema, '  Ann@Example.COM ', 'email')).toBe('ann@example.com')
    const local = 'a'.repeat(64)
    const at254 = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(254 - 64 - 1 - 63 - 1 - 63 - 1)}`
    expect(at254).toHaveLength(254)
    expect(parse(emailSchema, at254, 'email')).toBe(at254)
    for (const bad of [`${at254}x`, '', 'ann', 'ann@', '@example.com', 'ann @example.com', 42, null])
      expect(caught(() => parse(emailSchema, bad, 'email'))).toBeInstanceOf(AuthError)
  })

  test('edge: a share of MAX_SHARE_BYTES is taken; one byte more, or none, is refused', () => {
    expect(shareBytes(Buffer.alloc(MAX_SHARE_BYTES, 7).toString('base64'), 'share')).toHaveLength(MAX_SHARE_BYTES)
    for (const base64 of [Buffer.alloc(MAX_SHARE_BYTES + 1, 7).toString('base64'), '', '!!!!', '===='])
      expect(caught(() => shareBytes(base64, 'share'))).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid share' })
  })
})
