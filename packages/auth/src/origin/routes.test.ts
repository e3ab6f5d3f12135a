// `GET /v1/origin` through the whole app (createAuthServer's `fetch`, no database opened): the
// page origin it answers for an allowed, a wildcard-matched, an unknown and a malformed origin, a
// header a script can set (`X-Portico-Origin`) never widening the allow-list whatever the browser's
// `Origin`, the frame naming its page, the project check, and the headers (CORS, no-store) of each
// answer. The origin rules themselves are in ../http/origin.test.ts; the same route on both
// databases, briefly, in ../test/suite.ts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createAuthServer } from '../createAuthServer.js'

const FRAME = 'http://localhost:41999'
const PAGE = 'http://127.0.0.1:5173'
const WILDCARD = 'https://*.example.com'
const dir = mkdtempSync(join(tmpdir(), 'portico-auth-origin-'))

// The database is named but never opened: the route needs none (checked by /health at the end).
const server = createAuthServer({
  projects: [
    { id: 'test-project', allowedOrigins: [PAGE, WILDCARD] },
    { id: 'other-project', allowedOrigins: ['https://other.test'] },
  ],
  frameOrigins: [FRAME],
  mail: { send: async () => {} },
  database: { dataDir: join(dir, 'never-opened') },
  secret: 'an origin test secret of at least 32 bytes',
  rateLimit: false,
  log: () => {},
})

afterAll(async () => {
  const health = await (await server.fetch(new Request('http://127.0.0.1/health'))).json()
  expect(health).toMatchObject({ connection: 'idle' })
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

async function ask(headers: Record<string, string>, path = '/v1/origin', method = 'GET') {
  const response = await server.fetch(
    new Request(`http://127.0.0.1${path}`, { method, headers: { 'x-project-id': 'test-project', ...headers } }),
  )
  return {
    status: response.status,
    body: (await response.json()) as { origin?: string; error?: { code: string; message: string } },
    headers: response.headers,
  }
}

const REFUSED = { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' }

describe('what the page says (no Origin: a server or a script outside a browser)', () => {
  test('default: an allowed page is answered as its serialised origin', async () => {
    for (const [claimed, origin] of [
      [PAGE, PAGE],
      ['HTTP://127.0.0.1:5173/', PAGE],
      ['https://shop.example.com:443', 'https://shop.example.com'],
      ['https://SHOP.Example.COM', 'https://shop.example.com'],
    ]) {
      const r = await ask({ 'x-portico-origin': claimed! })
      expect(r.status, claimed).toBe(200)
      expect(r.body).toEqual({ origin })
    }
  })

  test('behavior: a wildcard covers one label of its own scheme and port; unicode hosts are answered in punycode', async () => {
    // A Latin-1 host (what a header can carry) is compared, and answered, as punycode.
    const idn = await ask({ 'x-portico-origin': 'https://shöp.example.com' })
    expect(idn.status).toBe(200)
    expect(idn.body).toEqual({ origin: 'https://xn--shp-tna.example.com' })
    for (const claimed of [
      'https://example.com',
      'https://a.b.example.com',
      'http://shop.example.com',
      'https://shop.example.com:8443',
      'https://shop.example.com.evil.test',
      'https://shopexample.com',
    ]) {
      const r = await ask({ 'x-portico-origin': claimed })
      expect(r.status, claimed).toBe(403)
      expect(r.body.error).toEqual(REFUSED)
    }
  })

  test('error: an unknown, missing or malformed origin is refused with the spec error, never a 500', async () => {
    for (const claimed of [
      'https://evil.test',
      'http://127.0.0.1:5174',
      'http://localhost:5173',
      'null',
      'not an origin',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://127.0.0.1:5173/path',
      'http://127.0.0.1:5173?x=1',
      'http://user@127.0.0.1:5173',
      'https://evil.test/.example.com',
      `https://${'a'.repeat(5000)}.evil.test`,
      ' ',
    ]) {
      const r = await ask({ 'x-portico-origin': claimed })
      expect(r.status, claimed).toBe(403)
      expect(r.body.error).toEqual(REFUSED)
      expect(r.headers.get('access-control-allow-origin')).toBeNull()
    }
    const none = await ask({})
    expect(none.status).toBe(403)
    expect(none.body.error).toEqual(REFUSED)
  })
})

describe('what the browser says (Origin): a header a script sets never widens the list', () => {
  test('behavior: an allowed page calling directly is its own origin, with CORS for it', async () => {
    const r = await ask({ origin: 'https://shop.example.com' })
    expect(r.body).toEqual({ origin: 'https://shop.example.com' })
    expect(r.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
    expect(r.headers.get('vary')).toContain('Origin')
    const same = await ask({ origin: PAGE, 'x-portico-origin': `${PAGE}/` })
    expect(same.body).toEqual({ origin: PAGE })
  })

  test('security: a foreign page naming an allowed one in X-Portico-Origin is refused, with no CORS header', async () => {
    for (const origin of ['https://evil.test', 'https://a.b.example.com', 'http://127.0.0.1:5174']) {
      const r = await ask({ origin, 'x-portico-origin': PAGE })
      expect(r.status, origin).toBe(403)
      expect(r.body.error).toEqual(REFUSED)
      expect(r.headers.get('access-control-allow-origin')).toBeNull()
    }
  })

  test('security: an allowed page cannot pass as another allowed page', async () => {
    const r = await ask({ origin: PAGE, 'x-portico-origin': 'https://shop.example.com' })
    expect(r.status).toBe(403)
    expect(r.body.error).toEqual(REFUSED)
  })

  test('security: an opaque or malformed Origin is refused whatever it claims', async () => {
    for (const origin of ['null', 'garbage', 'http://127.0.0.1:5173/x'])
      for (const claimed of [undefined, PAGE]) {
        const r = await ask({ origin, ...(claimed ? { 'x-portico-origin': claimed } : {}) })
        expect(r.status, `${origin} ${claimed}`).toBe(403)
      }
  })

  test('behavior: the secure frame names the page, which must be on the list; the frame itself is never the page', async () => {
    const ok = await ask({ origin: FRAME, 'x-portico-origin': 'https://Shop.example.com' })
    expect(ok.body).toEqual({ origin: 'https://shop.example.com' })
    expect(ok.headers.get('access-control-allow-origin')).toBe(FRAME)
    for (const claimed of [undefined, FRAME, 'https://evil.test', 'https://other.test']) {
      const r = await ask({ origin: FRAME, ...(claimed ? { 'x-portico-origin': claimed } : {}) })
      expect(r.status, String(claimed)).toBe(403)
      expect(r.body.error).toEqual(REFUSED)
    }
    // Without an Origin, naming the frame as the page is refused too.
    expect((await ask({ 'x-portico-origin': FRAME })).status).toBe(403)
  })
})

describe('project and request', () => {
  test('error: an unknown or missing project is refused before the origin is looked at', async () => {
    for (const projectId of ['', 'no-such-project', 'TEST-PROJECT']) {
      const r = await ask({ 'x-project-id': projectId, 'x-portico-origin': PAGE })
      expect(r.status).toBe(401)
      expect(r.body.error).toEqual({ code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' })
    }
  })

  test('security: each project has its own list: another project’s page is refused', async () => {
    const mine = await ask({ 'x-portico-origin': 'https://other.test' })
    expect(mine.status).toBe(403)
    const theirs = await ask({ 'x-project-id': 'other-project', 'x-portico-origin': 'https://other.test' })
    expect(theirs.body).toEqual({ origin: 'https://other.test' })
    // The header wins over the query string: a query cannot move the call to another project.
    const query = await ask({ 'x-portico-origin': 'https://other.test' }, '/v1/origin?projectId=other-project')
    expect(query.status).toBe(403)
  })

  test('default: no device id is needed, and every answer is no-store', async () => {
    const ok = await ask({ 'x-portico-origin': PAGE })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    const refused = await ask({ 'x-portico-origin': 'https://evil.test' })
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })

  test('edge: only GET answers; other methods are 405 naming GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const r = await ask({ 'x-portico-origin': PAGE }, '/v1/origin', method)
      expect([method, r.status, r.headers.get('allow')]).toEqual([method, 405, 'GET, HEAD'])
      expect(r.body.error?.code).toBe('METHOD_NOT_ALLOWED')
      expect(r.body.origin).toBeUndefined()
    }
  })
})
