// The social routes' edges on PGlite, with a provider given by its endpoints (no request reaches
// it here): the bodies of /v1/social/start and /v1/social/connect (missing, mistyped, huge, extra
// fields), the project and device every call needs, the rate limits of start and connect (and of
// Farcaster's routes), nothing stored after a refusal, and the callback page naming the page of a
// known state only, with a hostile parameter kept inert. Whole logins against real providers are
// in social.devnet.test.ts; a login's binding and the provider configuration in
// providers.pglite.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { createTestClient, newDeviceId } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { readCallbackPage } from '../test/socialBrowser.js'
import type { SocialProviderConfig } from './providers.js'

const PAGE = 'http://127.0.0.1:5173'
const FRAME = 'http://127.0.0.1:7001'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('social-routes')
  db = opened.db
  return opened.close
}, 120_000)

const github: SocialProviderConfig = {
  issuer: 'http://127.0.0.1:9',
  authorizationEndpoint: 'http://127.0.0.1:9/authorize',
  tokenEndpoint: 'http://127.0.0.1:9/token',
  clientId: 'client',
  clientSecret: 'secret',
  scope: 'read:user',
  username: { userEndpoint: 'http://127.0.0.1:9/user', field: 'login', idField: 'id' },
  allowInsecureRequests: true,
}

async function start(overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: Date.now() }
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
    frameOrigins: [FRAME],
    mail: { send: async () => {} },
    database: db,
    // Its own secret: the rate-limit windows of the servers of this file (one client, 127.0.0.1) stay apart.
    secret: randomBytes(32),
    now: () => clock.now,
    rateLimit: false,
    log: () => {},
    social: { github },
    ...overrides,
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { url, clock }
}

const logins = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM social_logins')).rows[0]!.n
const consumed = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM social_logins WHERE consumed_at IS NOT NULL')).rows[0]!
    .n

/** A raw POST with the given body text and content type (headers of a frame call). */
function raw(url: string, path: string, body: string, contentType = 'application/json') {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'x-project-id': 'test-project',
      'x-portico-origin': PAGE,
      'x-portico-device': newDeviceId(),
    },
    body,
  })
}

describe('POST /v1/social/start', () => {
  test('error: a missing, mistyped, empty or over-long provider is a 400 naming the field, nothing stored', async () => {
    const { url } = await start()
    const client = createTestClient(url)
    const before = await logins()
    for (const body of [
      {},
      { provider: 7 },
      { provider: ['github'] },
      { provider: '' },
      { provider: 'g'.repeat(33) },
      { provider: null },
    ]) {
      const r = await client.call('POST', '/v1/social/start', body)
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid provider' })
    }
    for (const text of ['[]', '"github"', 'null', '{"provider":', '12']) {
      const r = await raw(url, '/v1/social/start', text)
      expect(r.status).toBe(400)
      expect(await r.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The body must be a JSON object' } })
    }
    expect(await logins()).toBe(before)
  })

  test('error: a name of 32 characters passes the schema and is refused as unknown; a known one not configured as such', async () => {
    const { url } = await start()
    const client = createTestClient(url)
    const before = await logins()
    const long = await client.call('POST', '/v1/social/start', { provider: 'g'.repeat(32) })
    expect(long.status).toBe(400)
    expect(long.body.error).toEqual({ code: 'BAD_REQUEST', message: `Unknown social provider "${'g'.repeat(32)}"` })
    const google = await client.call('POST', '/v1/social/start', { provider: 'google' })
    expect(google.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Social provider google is not configured on this server',
    })
    expect(await logins()).toBe(before)
  })

  test('behavior: extra fields are ignored: a device, project or state named in the body is not the one stored', async () => {
    const { url } = await start()
    const client = createTestClient(url)
    const r = await client.call<{ uri: string }>('POST', '/v1/social/start', {
      provider: 'github',
      state: 'chosen-state',
      deviceHash: 'x',
      projectId: 'evil',
      redirect_uri: 'https://evil.test/cb',
    })
    expect(r.status).toBe(200)
    const uri = new URL(r.body.uri)
    expect(uri.searchParams.get('state')).not.toBe('chosen-state')
    expect(uri.searchParams.get('redirect_uri')).toBe(`${url}/v1/social/callback`)
    const { rows } = await db.query<{ project_id: string; device_hash: string }>(
      'SELECT project_id, device_hash FROM social_logins ORDER BY created_at DESC LIMIT 1',
    )
    expect(rows[0]?.project_id).toBe('test-project')
    expect(rows[0]?.device_hash).not.toBe('x')
  })

  test('error: without a known project or a device id the start is refused before anything is stored', async () => {
    const { url } = await start()
    const before = await logins()
    const noProject = await createTestClient(url, { projectId: null }).call('POST', '/v1/social/start', {
      provider: 'github',
    })
    expect(noProject.status).toBe(401)
    expect(noProject.body.error).toEqual({ code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' })
    const foreignPage = await createTestClient(url, { origin: 'https://evil.test' }).call('POST', '/v1/social/start', {
      provider: 'github',
    })
    expect(foreignPage.status).toBe(403)
    expect(foreignPage.body.error?.code).toBe('ORIGIN_NOT_ALLOWED')
    for (const deviceId of ['short', 'x'.repeat(129), 'has spaces in it, sixteen+']) {
      const r = await createTestClient(url, { deviceId }).call('POST', '/v1/social/start', { provider: 'github' })
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid X-Portico-Device' })
    }
    expect(await logins()).toBe(before)
  })

  test('error: a body over the limit is refused with 413 and nothing stored', async () => {
    const { url } = await start()
    const before = await logins()
    const r = await raw(url, '/v1/social/start', JSON.stringify({ provider: 'github', pad: 'x'.repeat(200_000) }))
    expect(r.status).toBe(413)
    expect(await logins()).toBe(before)
  })
})

describe('POST /v1/social/connect', () => {
  test('error: a missing, mistyped, empty or over-long uri is a 400 naming the field; no login is used', async () => {
    const { url } = await start()
    const client = createTestClient(url)
    const started = await client.call<{ uri: string }>('POST', '/v1/social/start', { provider: 'github' })
    const state = new URL(started.body.uri).searchParams.get('state')!
    const before = await consumed()
    const long = `${url}/v1/social/callback?code=c&state=${state}&pad=${'x'.repeat(4096)}`
    for (const body of [{}, { uri: 1 }, { uri: '' }, { uri: { href: 'x' } }, { uri: long }]) {
      const r = await client.call('POST', '/v1/social/connect', body)
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid uri' })
    }
    const notUrl = await client.call('POST', '/v1/social/connect', { uri: `state=${state}&code=c` })
    expect(notUrl.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid uri' })
    const noState = await client.call('POST', '/v1/social/connect', { uri: `${url}/v1/social/callback?code=c` })
    expect(noState.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid uri: no state' })
    expect(await consumed()).toBe(before)
  })

  test('error: an unknown state is not found, and no user or session is made', async () => {
    const { url } = await start()
    const users = (await db.query('SELECT id FROM users')).rows.length
    const r = await createTestClient(url).call('POST', '/v1/social/connect', {
      uri: `${url}/v1/social/callback?code=c&state=${'s'.repeat(43)}`,
    })
    expect(r.status).toBe(404)
    expect(r.body.error).toEqual({
      code: 'CHALLENGE_NOT_FOUND',
      message: 'Social login not found (unknown or tampered state)',
    })
    expect((await db.query('SELECT id FROM users')).rows.length).toBe(users)
  })
})

describe('rate limits', () => {
  test('behavior: start is limited per client; the refused start stores nothing; the next window is open again', async () => {
    const { url, clock } = await start({ rateLimit: { perMinute: 2 } })
    const client = createTestClient(url)
    const statuses: number[] = []
    for (let i = 0; i < 2; i++)
      statuses.push((await client.call('POST', '/v1/social/start', { provider: 'github' })).status)
    const before = await logins()
    const over = await client.call('POST', '/v1/social/start', { provider: 'github' })
    expect(statuses).toEqual([200, 200])
    expect(over.status).toBe(429)
    expect(over.body.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 60 })
    expect(over.body.error?.message).toBe('Please try again after 60 seconds')
    expect(await logins()).toBe(before)
    clock.now += 60_000
    expect((await client.call('POST', '/v1/social/start', { provider: 'github' })).status).toBe(200)
  })

  test('behavior: connect is limited per client before its body is read, and a refused connect uses no login', async () => {
    const { url } = await start({ rateLimit: { perMinute: 2 } })
    const client = createTestClient(url)
    const started = await client.call<{ uri: string }>('POST', '/v1/social/start', { provider: 'github' })
    const state = new URL(started.body.uri).searchParams.get('state')!
    for (let i = 0; i < 2; i++) expect((await client.call('POST', '/v1/social/connect', {})).status).toBe(400)
    const before = await consumed()
    const over = await client.call('POST', '/v1/social/connect', {
      uri: `${url}/v1/social/callback?code=c&state=${state}`,
    })
    expect(over.status).toBe(429)
    expect(over.body.error?.code).toBe('RATE_LIMITED')
    expect(await consumed()).toBe(before)
  })

  test('behavior: Farcaster start and connect are limited too, in the same budgets as social start and connect', async () => {
    const { url } = await start({ rateLimit: { perMinute: 1 } })
    const client = createTestClient(url)
    expect((await client.call('POST', '/v1/social/start', { provider: 'github' })).status).toBe(200)
    expect((await client.call('POST', '/v1/farcaster/start')).body.error?.code).toBe('RATE_LIMITED')
    expect((await client.call('POST', '/v1/social/connect', {})).status).toBe(400)
    expect((await client.call('POST', '/v1/farcaster/connect', { challengeId: 'x' })).body.error?.code).toBe(
      'RATE_LIMITED',
    )
  })

  test('default: the callback the provider redirects to is not limited and needs no project or device', async () => {
    const { url } = await start({ rateLimit: { perMinute: 1 } })
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${url}/v1/social/callback?code=c&state=s`)
      expect(page.status).toBe(200)
    }
  })
})

describe('the callback page', () => {
  test('behavior: it names the page of a state this server started, and no page for an unknown, over-long or absent state', async () => {
    const { url } = await start()
    const started = await createTestClient(url).call<{ uri: string }>('POST', '/v1/social/start', {
      provider: 'github',
    })
    const state = new URL(started.body.uri).searchParams.get('state')!
    const known = await readCallbackPage(new Request(`${url}/v1/social/callback?code=c&state=${state}`))
    expect(known).toMatchObject({ status: 200, frameOrigins: [FRAME], pageOrigin: PAGE })
    expect(new URL(known.uri).searchParams.get('state')).toBe(state)
    for (const query of ['code=c&state=unknown', `code=c&state=${'a'.repeat(257)}`, 'code=c']) {
      const page = await readCallbackPage(new Request(`${url}/v1/social/callback?${query}`))
      expect(page.pageOrigin).toBeUndefined()
      expect(page.frameOrigins).toEqual([FRAME])
    }
  })

  test('behavior: a form_post callback carries its string fields on, the same as a redirect; other values are dropped', async () => {
    const { url } = await start()
    const started = await createTestClient(url).call<{ uri: string }>('POST', '/v1/social/start', {
      provider: 'github',
    })
    const state = new URL(started.body.uri).searchParams.get('state')!
    const form = await readCallbackPage(
      new Request(`${url}/v1/social/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ code: 'c', state }).toString(),
      }),
    )
    expect(form.pageOrigin).toBe(PAGE)
    expect(Object.fromEntries(new URL(form.uri).searchParams)).toEqual({ code: 'c', state })
    const json = await readCallbackPage(
      new Request(`${url}/v1/social/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'c', state, user: { name: 'x' }, n: 1 }),
      }),
    )
    expect(Object.fromEntries(new URL(json.uri).searchParams)).toEqual({ code: 'c', state })
    // The result URI is this server's callback, whatever the host of the request said.
    expect(new URL(json.uri).origin).toBe(new URL(url).origin)
  })

  test('security: a parameter carrying markup stays data: no tag of it reaches the page', async () => {
    const { url } = await start()
    const evil = '</script><script>alert(1)</script><img src=x onerror=alert(1)>'
    const response = await fetch(`${url}/v1/social/callback?${new URLSearchParams({ code: evil, state: evil })}`)
    const html = await response.text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<img')
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })
})
