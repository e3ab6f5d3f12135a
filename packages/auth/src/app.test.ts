// Methods across the whole app (createAuthServer's `fetch`, no database opened): every route of
// every domain answers a method it does not serve with 405, its methods in `Allow` and the server's
// JSON error, before any of the route's own checks (no project, device or session is sent here);
// a path no route has is 404 whatever the method. Each domain's file checks the same on its own
// routes, with what a refused method must not do (start a login, sign out, approve a device).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createAuthServer } from './createAuthServer.js'

const BASE = 'http://127.0.0.1:8790'
const dir = mkdtempSync(join(tmpdir(), 'portico-auth-app-'))

// The database is named but never opened: a refused method reaches no route (checked at the end).
const server = createAuthServer({
  projects: [{ id: 'test-project', allowedOrigins: ['http://127.0.0.1:5173'] }],
  mail: { send: async () => {} },
  database: { dataDir: join(dir, 'never-opened') },
  secret: 'an app methods test secret of 32+ bytes',
  rateLimit: false,
  log: () => {},
})

afterAll(async () => {
  const health = await (await server.fetch(new Request(`${BASE}/health`))).json()
  expect(health).toMatchObject({ connection: 'idle' })
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Every route of the README's API and the `Allow` it answers (a GET route serves HEAD too). */
const ROUTES: Record<string, string> = {
  '/health': 'GET, HEAD',
  '/v1/email/login': 'POST',
  '/v1/email/device': 'POST',
  '/v1/email/otp': 'POST',
  '/v1/email/update': 'POST',
  '/v1/email/update/primary': 'POST',
  '/v1/email/update/secondary': 'POST',
  '/v1/devices/approve': 'GET, HEAD, POST',
  '/v1/origin': 'GET, HEAD',
  '/v1/session': 'GET, HEAD, DELETE',
  '/v1/keys': 'GET, HEAD',
  '/v1/keys/eip155': 'PUT',
  '/v1/keys/solana/share': 'GET, HEAD',
  '/v1/keys/eip155/recovery': 'GET, HEAD',
  '/v1/keys/solana/device': 'PUT',
  '/v1/passkeys': 'GET, HEAD',
  '/v1/passkeys/register/options': 'POST',
  '/v1/passkeys/register/verify': 'POST',
  '/v1/passkeys/login/options': 'POST',
  '/v1/passkeys/login/verify': 'POST',
  '/v1/passkeys/approve/options': 'POST',
  '/v1/passkeys/approve/verify': 'POST',
  '/v1/account': 'DELETE',
  '/v1/social/start': 'POST',
  '/v1/social/callback': 'GET, HEAD, POST',
  '/v1/social/connect': 'POST',
  '/v1/farcaster/start': 'POST',
  '/v1/farcaster/connect': 'POST',
}
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

const send = (method: string, path: string) =>
  server.fetch(
    new Request(`${BASE}${path}`, {
      method,
      ...(method === 'GET' || method === 'HEAD' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
    }),
  )

describe('a method a route does not serve', () => {
  test('error: every route answers 405 with its methods in Allow and the JSON error, asked by anyone', async () => {
    for (const [path, allow] of Object.entries(ROUTES))
      for (const method of METHODS.filter((m) => !allow.split(', ').includes(m))) {
        const r = await send(method, path)
        expect([method, path, r.status, r.headers.get('allow')]).toEqual([method, path, 405, allow])
        expect(r.headers.get('cache-control')).toBe('no-store')
        if (method === 'HEAD') expect(await r.text()).toBe('')
        else expect(await r.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' } })
      }
  })

  test('edge: a path parameter a route would refuse (an unknown namespace) still gets the route’s 405', async () => {
    for (const [path, allow] of [
      ['/v1/keys/bitcoin', 'PUT'],
      ['/v1/keys/%25/share', 'GET, HEAD'],
    ] as const) {
      const r = await send('POST', path)
      expect([path, r.status, r.headers.get('allow')]).toEqual([path, 405, allow])
    }
  })
})

describe('a path no route has', () => {
  test('error: is 404 NOT_FOUND whatever the method, with no Allow', async () => {
    for (const path of [
      '/',
      '/v1',
      '/v1/email',
      '/v1/email/login/',
      '/v1/email/LOGIN',
      '/v1/session/all',
      '/v1/sessions',
      '/v1/keys/eip155/other',
      '/v1/keys/eip155/share/x',
      '/v1/devices',
      '/v1/devices/approve/x',
      '/v1/social/callback/x',
      '/health/x',
    ])
      for (const method of METHODS) {
        const r = await send(method, path)
        expect([method, path, r.status, r.headers.get('allow')]).toEqual([method, path, 404, null])
        if (method !== 'HEAD')
          expect(((await r.json()) as { error: unknown }).error).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
      }
  })
})
