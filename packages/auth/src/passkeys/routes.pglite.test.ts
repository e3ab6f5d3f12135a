import { beforeAll, describe, expect, test } from 'vitest'
import type { AuthServerOptions } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import { createTestClient, type TestClient } from '../test/client.js'
import { openTestDatabase } from '../test/database.js'
import { startHttpServer } from '../test/routeServer.js'
import { softAuthenticator } from '../test/softAuthenticator.js'

const FRAME = 'http://localhost:41999'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('passkey-routes')
  db = opened.db
  return opened.close
}, 120_000)

async function start(overrides: Partial<AuthServerOptions> = {}) {
  const running = await startHttpServer(db, { frameOrigins: [FRAME], ...overrides })
  /** A new user signed in by email on a new device. */
  return { ...running, signedIn: () => running.signIn() }
}

const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n
const unused = (id: string) => count('passkey_challenges WHERE id = $1 AND consumed_at IS NULL', [id])

async function register(client: TestClient) {
  const passkey = softAuthenticator({ rpId: 'localhost', origin: FRAME })
  const options = await client.call<{ challengeId: string; options: { challenge: string } }>(
    'POST',
    '/v1/passkeys/register/options',
  )
  const r = await client.call('POST', '/v1/passkeys/register/verify', {
    challengeId: options.body.challengeId,
    response: passkey.register(options.body.options.challenge),
  })
  expect(r.status).toBe(201)
  return passkey
}

describe('sessions', () => {
  test('security: listing and making passkeys need a session; without one nothing is stored', async () => {
    const { client } = await start()
    const before = await count('passkey_challenges')
    const anonymous = client()
    for (const [method, path] of [
      ['GET', '/v1/passkeys'],
      ['POST', '/v1/passkeys/register/options'],
      ['POST', '/v1/passkeys/register/verify'],
    ] as const) {
      const r = await anonymous.call(method, path, method === 'POST' ? { challengeId: 'x' } : undefined)
      expect(r.status).toBe(401)
      expect(r.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Missing session token' })
    }
    anonymous.token = 'not.a.jwt'
    const forged = await anonymous.call('POST', '/v1/passkeys/register/options')
    expect(forged.status).toBe(401)
    expect(forged.body.error?.code).toBe('JWT_INVALID')
    expect(await count('passkey_challenges')).toBe(before)
  })

  test('default: sign-in and approval options need no session, but a known project and a device id', async () => {
    const { url, client } = await start()
    expect((await client().call('POST', '/v1/passkeys/login/options')).status).toBe(200)
    const before = await count('passkey_challenges')
    const noProject = await createTestClient(url, { projectId: null }).call('POST', '/v1/passkeys/login/options')
    expect(noProject.status).toBe(401)
    expect(noProject.body.error).toEqual({ code: 'INVALID_PROJECT_ID', message: 'Unauthorized: invalid key' })
    const noDevice = await createTestClient(url, { deviceId: 'bad' }).call('POST', '/v1/passkeys/login/options')
    expect(noDevice.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid X-Portico-Device' })
    expect(await count('passkey_challenges')).toBe(before)
  })

  test('security: the list names only the caller’s passkeys, by id and dates, never a key or counter', async () => {
    const { signedIn } = await start()
    const a = await signedIn()
    const b = await signedIn()
    await register(a.client)
    const listA = await a.client.call<{ passkeys: Record<string, unknown>[] }>('GET', '/v1/passkeys')
    expect(listA.body.passkeys).toHaveLength(1)
    expect(Object.keys(listA.body.passkeys[0]!).sort()).toEqual(['createdAt', 'id', 'lastUsedAt'])
    const listB = await b.client.call<{ passkeys: unknown[] }>('GET', '/v1/passkeys')
    expect(listB.body.passkeys).toEqual([])
  })
})

describe('bodies of the verify and approve routes', () => {
  test('error: a missing, mistyped or over-long challengeId is a 400 naming it, and the challenge stays unused', async () => {
    const { client } = await start()
    const device = client()
    const challenge = await device.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/login/options',
    )
    const passkey = softAuthenticator({ rpId: 'localhost', origin: FRAME })
    const response = passkey.assert(challenge.body.options.challenge)
    for (const challengeId of [undefined, '', 5, 'c'.repeat(65), [challenge.body.challengeId]]) {
      for (const path of ['/v1/passkeys/login/verify', '/v1/passkeys/approve/verify']) {
        const r = await device.call('POST', path, { challengeId, response })
        expect(r.status).toBe(400)
        expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid challengeId' })
      }
    }
    expect(await unused(challenge.body.challengeId)).toBe(1)
  })

  test('error: a response off the schema is a 400 naming the field that is wrong', async () => {
    const { client } = await start()
    const device = client()
    const challenge = await device.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/login/options',
    )
    const good = softAuthenticator({ rpId: 'localhost', origin: FRAME }).assert(
      challenge.body.options.challenge,
    ) as Record<string, unknown> & { response: Record<string, unknown> }
    const cases: [unknown, string][] = [
      [undefined, 'Invalid response'],
      ['a string', 'Invalid response'],
      [{ ...good, id: 'i'.repeat(1025) }, 'Invalid response.id'],
      [{ ...good, rawId: '' }, 'Invalid response.rawId'],
      [{ ...good, type: 'password' }, 'Invalid response.type'],
      [
        { ...good, response: { ...good.response, clientDataJSON: 'c'.repeat(8193) } },
        'Invalid response.response.clientDataJSON',
      ],
      [{ ...good, response: 'x' }, 'Invalid response.response'],
      [{ ...good, clientExtensionResults: 'x' }, 'Invalid response.clientExtensionResults'],
    ]
    for (const [response, message] of cases) {
      const r = await device.call('POST', '/v1/passkeys/login/verify', {
        challengeId: challenge.body.challengeId,
        response,
      })
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message })
    }
    expect(await unused(challenge.body.challengeId)).toBe(1)
  })

  test('error: approval options need the login challenge: missing, mistyped or unknown ones store no challenge', async () => {
    const { client } = await start()
    const device = client()
    const before = await count('passkey_challenges')
    for (const loginChallengeId of [undefined, 42, '', 'l'.repeat(65)]) {
      const r = await device.call('POST', '/v1/passkeys/approve/options', { loginChallengeId })
      expect(r.status).toBe(400)
      expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid loginChallengeId' })
    }
    const unknown = await device.call('POST', '/v1/passkeys/approve/options', { loginChallengeId: 'no-such-login' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toEqual({ code: 'CHALLENGE_NOT_FOUND', message: 'Login not found' })
    expect(await count('passkey_challenges')).toBe(before)
  })
})

describe('a challenge serves its own ceremony and user only', () => {
  test('security: a sign-in challenge cannot register a passkey, nor another user’s registration challenge; nothing is stored', async () => {
    const { signedIn } = await start()
    const a = await signedIn()
    const b = await signedIn()
    const passkey = softAuthenticator({ rpId: 'localhost', origin: FRAME })
    const login = await a.client.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/login/options',
    )
    const asRegistration = await a.client.call('POST', '/v1/passkeys/register/verify', {
      challengeId: login.body.challengeId,
      response: passkey.register(login.body.options.challenge),
    })
    expect(asRegistration.status).toBe(404)
    expect(asRegistration.body.error?.code).toBe('PASSKEY_CHALLENGE_INVALID')
    const ofB = await b.client.call<{ challengeId: string; options: { challenge: string } }>(
      'POST',
      '/v1/passkeys/register/options',
    )
    const stolen = await a.client.call('POST', '/v1/passkeys/register/verify', {
      challengeId: ofB.body.challengeId,
      response: passkey.register(ofB.body.options.challenge),
    })
    expect(stolen.status).toBe(404)
    expect(stolen.body.error?.code).toBe('PASSKEY_CHALLENGE_INVALID')
    expect(await count('passkeys WHERE user_id IN ($1, $2)', [a.userId, b.userId])).toBe(0)
    expect(await unused(ofB.body.challengeId)).toBe(1)
  })
})

describe('rate limits', () => {
  test('behavior: the sign-in and approval routes share one per-client budget; a refused call stores no challenge; registration is not counted', async () => {
    const { clock, client, signedIn } = await start({ rateLimit: { perMinute: 3 } })
    const { client: user } = await signedIn()
    // The email code counted in the same budget: a fresh window.
    clock.now += 60_000
    const device = client()
    expect((await device.call('POST', '/v1/passkeys/login/options')).status).toBe(200)
    expect((await device.call('POST', '/v1/passkeys/approve/options', {})).status).toBe(400)
    expect((await device.call('POST', '/v1/passkeys/login/verify', {})).status).toBe(400)
    const before = await count('passkey_challenges')
    for (const path of ['/v1/passkeys/login/options', '/v1/passkeys/approve/verify', '/v1/passkeys/login/verify']) {
      const r = await device.call('POST', path, {})
      expect(r.status).toBe(429)
      expect(r.body.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 60 })
    }
    expect(await count('passkey_challenges')).toBe(before)
    // Registration (signed in) is not in that budget.
    expect((await user.call('POST', '/v1/passkeys/register/options')).status).toBe(200)
    clock.now += 60_000
    expect((await device.call('POST', '/v1/passkeys/login/options')).status).toBe(200)
  })
})
