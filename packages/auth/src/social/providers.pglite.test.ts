// The social providers' configuration and what a login is bound to, against a stub OAuth 2 /
// OpenID Connect provider on loopback (no devnet): names outside the six or not configured,
// malformed or plain-http issuers, the discovery cache and its retry, and the state, nonce and
// PKCE verifier of a login bound to the device and project that started it. The real providers'
// login pages, tampered id tokens and replayed codes are in social.devnet.test.ts; the routes'
// bodies and limits in routes.pglite.test.ts.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import { openPglite, pgliteDevOptions } from '../db/pglite.js'
import { AuthError } from '../errors.js'
import type { AuthLogEntry } from '../log.js'
import { migrate } from '../migrate.js'
import { createTestClient } from '../test/client.js'
import {
  createClientCache,
  providerConfig,
  type SocialProviderConfig,
  type SocialProvidersConfig,
  socialProviderNames,
} from './providers.js'

const PAGE = 'http://127.0.0.1:5173'
const dataDir = mkdtempSync(join(tmpdir(), 'portico-auth-providers-'))
let db: Database
let stub: Server
let stubUrl: string
/** What the stub provider saw, by path. */
const seen: { path: string; body: URLSearchParams; authorization: string | undefined }[] = []
/** Answers of the discovery document still to fail (status 500), one per request. */
let failDiscovery = 0

beforeAll(async () => {
  stub = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const path = new URL(req.url ?? '/', 'http://x').pathname
    seen.push({
      path,
      body: new URLSearchParams(Buffer.concat(chunks).toString()),
      authorization: req.headers.authorization,
    })
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (path === '/.well-known/openid-configuration') {
      if (failDiscovery > 0) {
        failDiscovery -= 1
        return json(500, { error: 'down' })
      }
      return json(200, {
        issuer: stubUrl,
        authorization_endpoint: `${stubUrl}/authorize`,
        token_endpoint: `${stubUrl}/token`,
        jwks_uri: `${stubUrl}/jwks`,
        response_types_supported: ['code'],
      })
    }
    if (path === '/token') return json(200, { access_token: `at-${seen.length}`, token_type: 'bearer' })
    if (path === '/user') return json(200, { id: 4242, login: 'octo' })
    json(404, {})
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  db = await openPglite(pgliteDevOptions(dataDir))
  await migrate(db)
}, 120_000)

afterAll(async () => {
  await db?.close()
  stub?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** An OAuth 2 provider given by its endpoints (github's shape) on the stub. */
const oauth2 = (): SocialProviderConfig => ({
  issuer: stubUrl,
  authorizationEndpoint: `${stubUrl}/authorize`,
  tokenEndpoint: `${stubUrl}/token`,
  clientId: 'client-1',
  clientSecret: 'secret-1',
  scope: 'read:user',
  username: { userEndpoint: `${stubUrl}/user`, field: 'login', idField: 'id' },
  allowInsecureRequests: true,
})
/** An OpenID Connect provider discovered on the stub (google's shape). */
const oidc = (): SocialProviderConfig => ({
  issuer: stubUrl,
  clientId: 'client-2',
  clientSecret: 'secret-2',
  scope: 'openid email',
  username: { claim: 'email' },
  allowInsecureRequests: true,
})

async function start(
  social: SocialProvidersConfig | (() => SocialProvidersConfig),
  overrides: Partial<AuthServerOptions> = {},
) {
  const clock = { now: Date.now() }
  const logs: AuthLogEntry[] = []
  const server = createAuthServer({
    projects: [
      { id: 'test-project', allowedOrigins: [PAGE] },
      { id: 'other-project', allowedOrigins: [PAGE] },
    ],
    mail: { send: async () => {} },
    database: db,
    secret: 'a test secret of at least thirty-two bytes!',
    now: () => clock.now,
    rateLimit: false,
    log: (entry) => logs.push(entry),
    social,
    ...overrides,
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { url, clock, logs }
}

const loginRows = async (provider?: string) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM social_logins${provider ? ' WHERE provider = $1' : ''}`,
      provider ? [provider] : [],
    )
  ).rows[0]!.n
const hits = (path: string) => seen.filter((s) => s.path === path).length

function refusal(fn: () => unknown) {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError)
    const e = error as AuthError
    return { code: e.code, status: e.status, message: e.message }
  }
  throw new Error('expected a refusal')
}

describe('provider names', () => {
  test('error: a name outside the six is refused, however close or however it reaches into Object', () => {
    const providers: SocialProvidersConfig = { google: oidc() }
    for (const name of [
      'Google',
      'google ',
      ' google',
      'GOOGLE',
      'twitter',
      'farcaster',
      '',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
    ]) {
      expect(refusal(() => providerConfig(providers, name))).toEqual({
        code: 'BAD_REQUEST',
        status: 400,
        message: `Unknown social provider ${JSON.stringify(name)}`,
      })
    }
  })

  test('error: the echoed name of an unknown provider is cut at 32 characters and JSON-quoted', () => {
    const name = `"<script>${'a'.repeat(100)}`
    const { message } = refusal(() => providerConfig({}, name))
    expect(message).toBe(`Unknown social provider ${JSON.stringify(name.slice(0, 32))}`)
    expect(message.length).toBeLessThan(80)
  })

  test('error: each of the six, when not configured, is refused as not configured (and never as another one)', () => {
    for (const name of socialProviderNames) {
      const others = Object.fromEntries(socialProviderNames.filter((n) => n !== name).map((n) => [n, oauth2()]))
      expect(refusal(() => providerConfig(others, name))).toEqual({
        code: 'BAD_REQUEST',
        status: 400,
        message: `Social provider ${name} is not configured on this server`,
      })
      const mine = oauth2()
      expect(providerConfig({ ...others, [name]: mine }, name)).toEqual({ name, config: mine })
    }
  })

  test('default: the six names are the spec’s, in its order', () => {
    expect(socialProviderNames).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
  })
})

describe('the client of a provider', () => {
  test('behavior: an OpenID Connect issuer is discovered once per configuration object; a failed discovery is retried', async () => {
    const cache = createClientCache()
    const config = oidc()
    failDiscovery = 1
    const before = hits('/.well-known/openid-configuration')
    await expect(cache(config)).rejects.toThrow()
    const [a, b] = await Promise.all([cache(config), cache(config)])
    expect(a).toBe(b)
    expect(a.serverMetadata().token_endpoint).toBe(`${stubUrl}/token`)
    expect(hits('/.well-known/openid-configuration') - before).toBe(2)
    // Another object (a reloaded configuration) is discovered afresh.
    await cache({ ...config })
    expect(hits('/.well-known/openid-configuration') - before).toBe(3)
  })

  test('behavior: a provider given by its endpoints is built without any request, with its client id', async () => {
    const before = seen.length
    const configuration = await createClientCache()(oauth2())
    expect(seen.length).toBe(before)
    expect(configuration.serverMetadata()).toMatchObject({
      issuer: stubUrl,
      authorization_endpoint: `${stubUrl}/authorize`,
      token_endpoint: `${stubUrl}/token`,
    })
    expect(configuration.clientMetadata().client_id).toBe('client-1')
  })

  test('security: a plain-http issuer without allowInsecureRequests is never contacted, even on loopback', async () => {
    const before = seen.length
    const { allowInsecureRequests: _, ...insecure } = oidc()
    await expect(createClientCache()(insecure)).rejects.toThrow(/https/i)
    expect(seen.length).toBe(before)
  })

  test('error: a malformed issuer (given by a function, so read at the login) or a failed discovery fails the login with SOCIAL_LOGIN_FAILED, logged, nothing stored', async () => {
    for (const issuer of ['not a url', `${stubUrl}/nothing-here`]) {
      const { url, logs } = await start(() => ({ google: { ...oidc(), issuer } }))
      const before = await loginRows()
      const r = await createTestClient(url).call('POST', '/v1/social/start', { provider: 'google' })
      expect(r.status).toBe(401)
      expect(r.body.error).toEqual({ code: 'SOCIAL_LOGIN_FAILED', message: 'Could not reach google' })
      expect(logs.some((l) => l.msg === 'social.discovery_failed')).toBe(true)
      expect(await loginRows()).toBe(before)
    }
  })

  // Refused by createAuthServer with a clear error: accepted, each login would fail as "Could not
  // reach google" (above), which points the operator at the network.
  test('error: a provider with a malformed issuer or endpoint, or an empty client id or secret, is refused at start', () => {
    const create = (google: Record<string, unknown>) => () =>
      createAuthServer({
        projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
        mail: { send: async () => {} },
        database: db,
        secret: 'a test secret of at least thirty-two bytes!',
        log: () => {},
        social: { google: { ...oidc(), ...google } },
      })
    expect(create({ issuer: 'not a url' })).toThrow('social.google: issuer is not an http(s) URL')
    expect(create({ issuer: 'javascript:alert(1)' })).toThrow('social.google: issuer is not an http(s) URL')
    expect(create({ tokenEndpoint: 'ftp://x' })).toThrow('social.google: tokenEndpoint is not an http(s) URL')
    expect(create({ clientId: '' })).toThrow('social.google: clientId is empty')
    expect(create({ clientSecret: '' })).toThrow('social.google: clientSecret is empty')
    expect(create({})).not.toThrow()
  })
})

describe('a login is bound to the device and project that started it', () => {
  /** Starts a login on `client` and reads its state, challenge and nonce from the authorization URI. */
  async function begin(url: string, provider: string, client = createTestClient(url)) {
    const r = await client.call<{ uri: string }>('POST', '/v1/social/start', { provider })
    expect(r.status).toBe(200)
    const uri = new URL(r.body.uri)
    return { client, uri, state: uri.searchParams.get('state')! }
  }
  const resultUri = (url: string, state: string, code = 'the-code') =>
    `${url}/v1/social/callback?${new URLSearchParams({ code, state })}`

  test('behavior: the authorization URI carries the client, the callback, a fresh state and an S256 challenge; the state is stored only hashed', async () => {
    const { url } = await start({ github: oauth2() })
    const one = await begin(url, 'github')
    const two = await begin(url, 'github')
    expect(one.uri.origin + one.uri.pathname).toBe(`${stubUrl}/authorize`)
    expect(Object.fromEntries(one.uri.searchParams)).toMatchObject({
      client_id: 'client-1',
      redirect_uri: `${url}/v1/social/callback`,
      response_type: 'code',
      scope: 'read:user',
      code_challenge_method: 'S256',
    })
    // OAuth 2 without an id token: no nonce to check, none sent.
    expect(one.uri.searchParams.has('nonce')).toBe(false)
    expect(one.state.length).toBeGreaterThanOrEqual(32)
    expect(two.state).not.toBe(one.state)
    expect(two.uri.searchParams.get('code_challenge')).not.toBe(one.uri.searchParams.get('code_challenge'))
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM social_logins WHERE state_hash = $1', [
      sha256(one.state),
    ])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      provider: 'github',
      device_hash: sha256(one.client.deviceId),
      project_id: 'test-project',
      page_origin: PAGE,
    })
    expect(JSON.stringify(rows[0])).not.toContain(one.state)
  })

  test('behavior: an OpenID Connect login sends a nonce, the one stored with it', async () => {
    const { url } = await start({ google: oidc() })
    const { uri, state } = await begin(url, 'google')
    const nonce = uri.searchParams.get('nonce')
    expect(nonce).toBeTruthy()
    const { rows } = await db.query<{ nonce: string }>('SELECT nonce FROM social_logins WHERE state_hash = $1', [
      sha256(state),
    ])
    expect(rows[0]?.nonce).toBe(nonce)
  })

  test('security: another device or another project cannot finish the login, nor burn it, nor reach the provider; its own device can, with the PKCE verifier', async () => {
    const { url } = await start({ github: oauth2() })
    const { client, uri, state } = await begin(url, 'github')
    const tokenCalls = hits('/token')
    const elsewhere = [
      createTestClient(url),
      createTestClient(url, { projectId: 'other-project', deviceId: client.deviceId }),
    ]
    for (const other of elsewhere) {
      const r = await other.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
      expect(r.status).toBe(404)
      expect(r.body.error).toEqual({
        code: 'CHALLENGE_NOT_FOUND',
        message: 'Social login not found (unknown or tampered state)',
      })
    }
    expect(hits('/token')).toBe(tokenCalls)
    const { rows } = await db.query<{ consumed_at: Date | null }>(
      'SELECT consumed_at FROM social_logins WHERE state_hash = $1',
      [sha256(state)],
    )
    expect(rows[0]?.consumed_at).toBeNull()

    const done = await client.call<{ token: string; user: { socialProvider: string; username: string } }>(
      'POST',
      '/v1/social/connect',
      { uri: resultUri(url, state) },
    )
    expect(done.status).toBe(200)
    expect(done.body.user).toMatchObject({ socialProvider: 'github', username: 'octo' })
    const token = seen.filter((s) => s.path === '/token').at(-1)!
    const verifier = token.body.get('code_verifier')!
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(uri.searchParams.get('code_challenge'))
    expect(Object.fromEntries(token.body)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: `${url}/v1/social/callback`,
      client_id: 'client-1',
      client_secret: 'secret-1',
    })
  })

  test('behavior: client_secret_basic sends the secret in the Authorization header, not the body', async () => {
    const { url } = await start({ discord: { ...oauth2(), tokenEndpointAuthMethod: 'client_secret_basic' } })
    const { client, state } = await begin(url, 'discord')
    expect((await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })).status).toBe(200)
    const token = seen.filter((s) => s.path === '/token').at(-1)!
    expect(token.body.has('client_secret')).toBe(false)
    // RFC 6749 2.3.1: id and secret form-encoded, then base64.
    const basic = /^Basic (\S+)$/.exec(token.authorization ?? '')?.[1] ?? ''
    expect(Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)).toEqual(['client-1', 'secret-1'])
  })

  test('security: a login whose provider was removed from the configuration since is refused and stays consumed', async () => {
    let social: SocialProvidersConfig = { x: oauth2() }
    const { url, clock } = await start({}, { social: () => social })
    const { client, state } = await begin(url, 'x')
    social = {}
    const tokenCalls = hits('/token')
    const r = await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
    expect(r.status).toBe(400)
    expect(r.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Social provider x is not configured on this server' })
    expect(hits('/token')).toBe(tokenCalls)
    social = { x: oauth2() }
    clock.now += 1
    const again = await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
    expect(again.body.error).toEqual({ code: 'OTP_USED', message: 'Social login already used' })
  })

  // Two connects of one result at the same millisecond (the fake clock stands still): only the
  // update that finds the login unused takes it.
  test('security: the same result connected twice at the same instant opens one session only', async () => {
    const { url } = await start({ apple: oauth2() })
    const { client, state } = await begin(url, 'apple')
    const first = await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
    expect(first.status).toBe(200)
    const second = await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
    expect(second.body.error).toEqual({ code: 'OTP_USED', message: 'Social login already used' })
  })

  test('security: the same result connected again a millisecond later is refused as used', async () => {
    const { url, clock } = await start({ apple: oauth2() })
    const { client, state } = await begin(url, 'apple')
    expect((await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })).status).toBe(200)
    clock.now += 1
    const tokenCalls = hits('/token')
    const second = await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
    expect(second.status).toBe(410)
    expect(second.body.error).toEqual({ code: 'OTP_USED', message: 'Social login already used' })
    expect(hits('/token')).toBe(tokenCalls)
  })

  test('error: a login started longer ago than its lifetime is refused as expired, without reaching the provider', async () => {
    const { url, clock } = await start({ facebook: oauth2() })
    const { client, state } = await begin(url, 'facebook')
    clock.now += 10 * 60_000
    const tokenCalls = hits('/token')
    const r = await client.call('POST', '/v1/social/connect', { uri: resultUri(url, state) })
    expect(r.status).toBe(410)
    expect(r.body.error).toEqual({ code: 'OTP_EXPIRED', message: 'Social login expired' })
    expect(hits('/token')).toBe(tokenCalls)
    expect(await loginRows('facebook')).toBeGreaterThan(0)
  })
})
