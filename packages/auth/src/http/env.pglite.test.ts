// What the HTTP layer's environment (AuthEnv, AuthHttpConfig, AuthProject) means at run time, on
// PGlite: the `incoming` binding is there under the Node server (the socket address is the client)
// and absent through `fetch` (no per-client limit, one warning); `trustProxy` and bad
// X-Forwarded-For values; `frameOrigins` read on every request; each project its own allow-list.
// The per-client limit shared by two servers is in faults.test.ts, the budget's window in
// test/suite.ts; the origin rules themselves in origin.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type AuthServer, type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import type { AuthLogEntry } from '../log.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'

const PAGE = 'http://127.0.0.1:5173'
const OTHER_PAGE = 'http://127.0.0.1:5174'
const FRAME = 'http://127.0.0.1:7001'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('env')
  db = opened.db
  return opened.close
}, 120_000)

/**
 * A server on the file's database, stopped after the test. Each gets its own secret, so its
 * rate-limit keys (keyed with the secret) are its own too.
 */
async function start(overrides: Partial<AuthServerOptions> = {}) {
  const logs: AuthLogEntry[] = []
  const server: AuthServer = createAuthServer({
    projects: [
      { id: 'project-a', allowedOrigins: [PAGE] },
      { id: 'project-b', allowedOrigins: [OTHER_PAGE] },
    ],
    mail: { send: async () => {} },
    database: db,
    secret: randomBytes(32).toString('hex'),
    rateLimit: false,
    log: (entry) => logs.push(entry),
    ...overrides,
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { server, url, logs }
}

let emails = 0
const newEmail = () => `env-${process.pid}-${++emails}-${Date.now()}@example.com`

const loginRequest = (url: string, extra: Record<string, string> = {}) =>
  new Request(`${url}/v1/email/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-project-id': 'project-a',
      'x-portico-origin': PAGE,
      'x-portico-device': newDeviceId(),
      ...extra,
    },
    body: JSON.stringify({ email: newEmail() }),
  })

/** Statuses of `requests` logins sent one after another over HTTP, each with its own extra headers. */
async function statuses(url: string, extras: Record<string, string>[]) {
  const out: number[] = []
  for (const extra of extras) out.push((await fetch(loginRequest(url, extra))).status)
  return out
}

describe('the `incoming` binding and the client address', () => {
  test('behavior: through `fetch` (no Node request) the per-client limit cannot apply: requests pass, one warning', async () => {
    const { server, logs } = await start({ rateLimit: { perMinute: 1 } })
    const results: number[] = []
    for (let i = 0; i < 3; i++)
      results.push((await server.fetch(loginRequest('http://127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }))).status)
    expect(results).toEqual([200, 200, 200])
    const warnings = logs.filter((l) => l.msg === 'rate_limit.no_client_address')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ level: 'warn', hint: expect.stringContaining('trustProxy') })
  })

  test('behavior: through `fetch` with trustProxy, X-Forwarded-For is the client, and no warning', async () => {
    const { server, logs } = await start({ rateLimit: { perMinute: 1 }, trustProxy: true })
    const send = (ip: string) => server.fetch(loginRequest('http://127.0.0.1', { 'x-forwarded-for': ip }))
    expect((await send('198.51.100.2')).status).toBe(200)
    const limited = await send('198.51.100.2')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send('198.51.100.3')).status).toBe(200)
    expect(logs.filter((l) => l.msg === 'rate_limit.no_client_address')).toEqual([])
  })

  test('security: over the Node server without trustProxy, a changing X-Forwarded-For does not reset the budget', async () => {
    const { url, logs } = await start({ rateLimit: { perMinute: 2 } })
    expect(
      await statuses(url, [
        { 'x-forwarded-for': '198.51.100.10' },
        { 'x-forwarded-for': '198.51.100.11' },
        { 'x-forwarded-for': '198.51.100.12' },
        {},
      ]),
    ).toEqual([200, 200, 429, 429])
    expect(logs.filter((l) => l.msg === 'rate_limit.no_client_address')).toEqual([])
  })

  test('behavior: with trustProxy, the first X-Forwarded-For entry is the client, whatever the proxies after it', async () => {
    const { url } = await start({ rateLimit: { perMinute: 2 }, trustProxy: true })
    expect(
      await statuses(url, [
        { 'x-forwarded-for': '203.0.113.5, 10.0.0.1' },
        { 'x-forwarded-for': ' 203.0.113.5 ,10.0.0.2, 10.0.0.3' },
        { 'x-forwarded-for': '203.0.113.5' },
        { 'x-forwarded-for': '10.0.0.1, 203.0.113.5' },
      ]),
    ).toEqual([200, 200, 429, 200])
  })

  test('edge: with trustProxy, an empty or blank first entry falls back to the socket address', async () => {
    const { url } = await start({ rateLimit: { perMinute: 2 }, trustProxy: true })
    // Both count against 127.0.0.1, the socket's address, as a request without the header does.
    expect(await statuses(url, [{ 'x-forwarded-for': ' , 203.0.113.9' }, { 'x-forwarded-for': ',' }, {}])).toEqual([
      200, 200, 429,
    ])
    // Someone else's first entry is still its own client.
    expect(await statuses(url, [{ 'x-forwarded-for': '203.0.113.9' }])).toEqual([200])
  })

  test('edge: a huge or odd X-Forwarded-For value is only a key: it is served and limited like any other', async () => {
    const { url } = await start({ rateLimit: { perMinute: 1 }, trustProxy: true })
    const odd = `${'x'.repeat(4000)}'; DROP TABLE rate_limits; --ünï`
    const encoded = Buffer.from(odd).toString('latin1')
    expect(await statuses(url, [{ 'x-forwarded-for': encoded }, { 'x-forwarded-for': encoded }])).toEqual([200, 429])
    const { rows } = await db.query<{ key: string }>('SELECT key FROM rate_limits')
    for (const { key } of rows) expect(key).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('frameOrigins and projects', () => {
  test('behavior: `frameOrigins` as a function is read on every request, for the origin check and CORS', async () => {
    let frames: string[] = []
    const { url } = await start({ frameOrigins: () => frames })
    const viaFrame = () => fetch(loginRequest(url, { origin: FRAME }))
    const preflight = () =>
      fetch(`${url}/v1/email/login`, {
        method: 'OPTIONS',
        headers: { origin: FRAME, 'access-control-request-method': 'POST' },
      })
    expect((await viaFrame()).status).toBe(403)
    expect((await preflight()).status).toBe(403)
    frames = [FRAME]
    const accepted = await viaFrame()
    expect(accepted.status).toBe(200)
    expect(accepted.headers.get('access-control-allow-origin')).toBe(FRAME)
    expect((await preflight()).headers.get('access-control-allow-origin')).toBe(FRAME)
    frames = []
    expect((await viaFrame()).status).toBe(403)
    expect((await preflight()).headers.get('access-control-allow-origin')).toBeNull()
  })

  test('security: a page of one project cannot call as another project, and gets no CORS for it', async () => {
    const { url } = await start()
    const asProject = (projectId: string, origin: string) =>
      fetch(loginRequest(url, { 'x-project-id': projectId, 'x-portico-origin': origin, origin }))
    const own = await asProject('project-b', OTHER_PAGE)
    expect(own.status).toBe(200)
    expect(own.headers.get('access-control-allow-origin')).toBe(OTHER_PAGE)
    const foreign = await asProject('project-a', OTHER_PAGE)
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('behavior: a preflight names no project, so any project page gets one; naming a project narrows it', async () => {
    const { url } = await start()
    const preflight = (origin: string, query = '') =>
      fetch(`${url}/v1/email/login${query}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    expect((await preflight(PAGE)).status).toBe(204)
    expect((await preflight(OTHER_PAGE)).status).toBe(204)
    expect((await preflight(OTHER_PAGE, '?projectId=project-a')).status).toBe(403)
    // An unknown project id in the query is as good as none.
    expect((await preflight(OTHER_PAGE, '?projectId=nope')).status).toBe(204)
    expect((await preflight('http://127.0.0.1:5175')).status).toBe(403)
  })
})
