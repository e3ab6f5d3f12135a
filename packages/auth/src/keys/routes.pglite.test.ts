// The key routes' edges on PGlite: a session required on every route (before the namespace or
// the body is looked at), the namespace in the path, the bodies of PUT (missing, mistyped, huge,
// extra fields such as another user's id), the spec status and message of each refusal with
// nothing stored, the rate limit of recovery only, methods not allowed (405 before the session
// check, as on every route: the methods are the public API's), and no route ever
// answering with another user's key or share. Which device gets which share is in
// keyShares.pglite.test.ts; the whole HTTP flow in ../test/suite.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { MAX_SHARE_BYTES } from '../constants.js'
import type { AuthServerOptions } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { createTestClient } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { startHttpServer } from '../test/routeServer.js'

const PAGE = 'http://127.0.0.1:5173'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('key-routes')
  db = opened.db
  return opened.close
}, 120_000)

async function start(overrides: Partial<AuthServerOptions> = {}) {
  const running = await startHttpServer(db, overrides)
  /** A new user signed in by email on a new device (verified: its first login). */
  return { ...running, signedIn: () => running.signIn() }
}

const b64 = (n = 33) => randomBytes(n).toString('base64')
const keysOf = async (userId: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM key_shares WHERE user_id = $1', [userId])).rows[0]!.n

describe('sessions', () => {
  test('security: every route needs a session, checked before the namespace or the body', async () => {
    const { url } = await start()
    const anonymous = createTestClient(url, { origin: PAGE })
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/keys'],
      ['PUT', '/v1/keys/eip155', { address: '0xabc', share: b64() }],
      ['PUT', '/v1/keys/bitcoin', 'not an object'],
      ['GET', '/v1/keys/eip155/share'],
      ['GET', '/v1/keys/solana/recovery'],
      ['PUT', '/v1/keys/eip155/device', { share: b64() }],
    ]
    for (const [method, path, body] of calls) {
      const r = await anonymous.call(method, path, body)
      expect(r.status).toBe(401)
      expect(r.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Missing session token' })
    }
    expect(
      (await db.query("SELECT id FROM key_shares WHERE address = '0xabc' AND created_at > now() - interval '1 minute'"))
        .rows.length,
    ).toBe(0)
  })
})

describe('the namespace', () => {
  test('error: a namespace outside eip155 and solana is a 400 on every route, nothing stored', async () => {
    const { signedIn } = await start()
    const { client, userId } = await signedIn()
    for (const namespace of ['bitcoin', 'EIP155', 'eip155%20', 'polkadot', 'x'.repeat(300)]) {
      for (const [method, path, body] of [
        ['PUT', `/v1/keys/${namespace}`, { address: '0xabc', share: b64() }],
        ['GET', `/v1/keys/${namespace}/share`],
        ['GET', `/v1/keys/${namespace}/recovery`],
        ['PUT', `/v1/keys/${namespace}/device`, { share: b64() }],
      ] as [string, string, unknown?][]) {
        const r = await client.call(method, path, body)
        expect(r.status).toBe(400)
        expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid namespace' })
      }
    }
    expect(await keysOf(userId)).toBe(0)
  })

  // The router has decoded the path parameter once; a second decoding threw a URIError on a lone `%`
  // (a 500 logged as a server fault) and read a twice-escaped name as the namespace.
  test('error: a namespace that is a malformed escape once decoded is a 400, not a 500', async () => {
    const { signedIn } = await start()
    const { client } = await signedIn()
    const r = await client.call('GET', '/v1/keys/%25/share')
    expect(r.status).toBe(400)
    expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid namespace' })
  })

  test('edge: a namespace escaped twice is decoded once: `%65ip155` is no namespace', async () => {
    const { signedIn } = await start()
    const { client } = await signedIn()
    expect((await client.call('PUT', '/v1/keys/eip155', { address: '0xabc', share: b64() })).status).toBe(201)
    const r = await client.call('GET', '/v1/keys/%2565ip155/share')
    expect(r.status).toBe(400)
    expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid namespace' })
  })
})

describe('PUT /v1/keys/:namespace', () => {
  test('error: each malformed field is a 400 naming it, and nothing is stored', async () => {
    const { signedIn } = await start()
    const { client, userId } = await signedIn()
    const good = { address: '0xabc', share: b64() }
    const tooBig = randomBytes(MAX_SHARE_BYTES + 3).toString('base64')
    const cases: [unknown, string][] = [
      [{ share: good.share }, 'Invalid body.address'],
      [{ ...good, address: '' }, 'Invalid body.address'],
      [{ ...good, address: 7 }, 'Invalid body.address'],
      [{ ...good, address: 'a'.repeat(129) }, 'Invalid body.address'],
      [{ address: '0xabc' }, 'Invalid body.share'],
      [{ ...good, share: 'not base64!' }, 'Invalid body.share'],
      [{ ...good, share: '' }, 'Invalid body.share'],
      [{ ...good, share: [1, 2] }, 'Invalid body.share'],
      [{ ...good, share: tooBig }, 'Invalid body.share'],
      [{ ...good, recoveryShare: 'x y' }, 'Invalid body.recoveryShare'],
      [{ ...good, recoveryShare: tooBig }, 'Invalid body.recoveryShare'],
      [{ ...good, recoveryMode: 'server-held' }, 'Invalid body.recoveryMode'],
    ]
    for (const [body, message] of cases) {
      const r = await client.call('PUT', '/v1/keys/eip155', body)
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message })
    }
    expect(await keysOf(userId)).toBe(0)
    expect((await client.call('PUT', '/v1/keys/eip155', good)).status).toBe(201)
  })

  test('security: extra fields are ignored: a body naming another user or device stores the key for the caller only', async () => {
    const { signedIn } = await start()
    const victim = await signedIn()
    const attacker = await signedIn()
    const share = b64()
    const r = await attacker.client.call<{ key: Record<string, unknown> }>('PUT', '/v1/keys/solana', {
      address: 'So1',
      share,
      userId: victim.userId,
      user_id: victim.userId,
      deviceHash: 'x',
      namespace: 'eip155',
    })
    expect(r.status).toBe(201)
    expect(r.body.key).toMatchObject({ namespace: 'solana', address: 'So1' })
    expect(JSON.stringify(r.body)).not.toContain(share)
    expect(await keysOf(victim.userId)).toBe(0)
    expect(await keysOf(attacker.userId)).toBe(1)
    // The victim's own first store still works.
    expect((await victim.client.call('PUT', '/v1/keys/solana', { address: 'So2', share: b64() })).status).toBe(201)
  })
})

describe('no route answers with another user’s key or share', () => {
  test('security: with two users holding keys, each route gives each one its own, and a user without one nothing', async () => {
    const { signedIn } = await start()
    const a = await signedIn()
    const b = await signedIn()
    const c = await signedIn()
    const shareA = b64()
    const shareB = b64()
    expect(
      (await a.client.call('PUT', '/v1/keys/eip155', { address: '0xa', share: shareA, recoveryShare: b64() })).status,
    ).toBe(201)
    expect(
      (await b.client.call('PUT', '/v1/keys/eip155', { address: '0xb', share: shareB, recoveryShare: b64() })).status,
    ).toBe(201)
    const getA = await a.client.call<{ share: string; key: { address: string } }>('GET', '/v1/keys/eip155/share')
    const getB = await b.client.call<{ share: string; key: { address: string } }>('GET', '/v1/keys/eip155/share')
    expect([getA.body.share, getA.body.key.address]).toEqual([shareA, '0xa'])
    expect([getB.body.share, getB.body.key.address]).toEqual([shareB, '0xb'])
    const listC = await c.client.call<{ keys: unknown[] }>('GET', '/v1/keys')
    expect(listC.body.keys).toEqual([])
    for (const path of ['/v1/keys/eip155/share', `/v1/keys/eip155/share?userId=${a.userId}`]) {
      const r = await c.client.call('GET', path)
      expect(r.status).toBe(404)
      expect(r.body.error).toEqual({ code: 'KEY_NOT_FOUND', message: 'No eip155 key for this user' })
    }
    const recovery = await c.client.call('GET', '/v1/keys/eip155/recovery')
    expect(recovery.body.error?.code).toMatch(/^(KEY_NOT_FOUND|RECOVERY_NOT_ALLOWED)$/)
    expect(JSON.stringify(recovery.body)).not.toMatch(/share/i)
    const listA = await a.client.call<{ keys: { address: string }[] }>('GET', '/v1/keys')
    expect(listA.body.keys.map((k) => k.address)).toEqual(['0xa'])
    expect(JSON.stringify(listA.body)).not.toContain(shareA)
  })

  test('error: a device share for a namespace without a key is refused, and a malformed one stores nothing', async () => {
    const { signedIn } = await start()
    const { client, userId } = await signedIn()
    const r = await client.call('PUT', '/v1/keys/solana/device', { share: b64() })
    expect(r.status).toBeGreaterThanOrEqual(403)
    expect(r.body.error?.code).toMatch(/^(KEY_NOT_FOUND|RECOVERY_NOT_ALLOWED)$/)
    for (const body of [{}, { share: 'not base64!' }, { share: '' }]) {
      const bad = await client.call('PUT', '/v1/keys/solana/device', body)
      expect(bad.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid body.share' })
    }
    expect((await db.query('SELECT 1 FROM device_key_shares WHERE user_id = $1', [userId])).rows.length).toBe(0)
  })
})

describe('methods and limits', () => {
  test('error: a method a route does not have is 405 naming the route’s methods, signed in or not', async () => {
    const { url, signedIn } = await start()
    const { client } = await signedIn()
    const anonymous = createTestClient(url, { origin: PAGE })
    for (const caller of [client, anonymous])
      for (const [method, path, allow] of [
        ['DELETE', '/v1/keys/eip155', 'PUT'],
        ['POST', '/v1/keys/eip155', 'PUT'],
        ['PUT', '/v1/keys/eip155/share', 'GET, HEAD'],
        ['DELETE', '/v1/keys/eip155/recovery', 'GET, HEAD'],
        ['GET', '/v1/keys/eip155/device', 'PUT'],
        ['PUT', '/v1/keys', 'GET, HEAD'],
        ['DELETE', '/v1/keys', 'GET, HEAD'],
      ] as const) {
        const r = await caller.call(method, path)
        expect([method, path, r.status, r.headers.get('allow')]).toEqual([method, path, 405, allow])
        expect(r.body.error).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' })
      }
  })

  test('behavior: recovery is limited per client (the refused call reveals nothing); reading the share is not', async () => {
    const { signedIn, clock } = await start({ rateLimit: { perMinute: 2 } })
    const { client } = await signedIn()
    clock.now += 60_000
    expect(
      (await client.call('PUT', '/v1/keys/eip155', { address: '0xa', share: b64(), recoveryShare: b64() })).status,
    ).toBe(201)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await client.call('GET', '/v1/keys/eip155/recovery')).status)
    expect(statuses.slice(2)).toEqual([429])
    const over = await client.call('GET', '/v1/keys/eip155/recovery')
    expect(over.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Please try again after 60 seconds', retryAfter: 60 },
    })
    for (let i = 0; i < 4; i++) expect((await client.call('GET', '/v1/keys/eip155/share')).status).toBe(200)
    clock.now += 60_000
    expect((await client.call('GET', '/v1/keys/eip155/recovery')).status).not.toBe(429)
  })
})
