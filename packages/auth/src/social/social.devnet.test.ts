// Social login through the auth server against the devnet's six providers (oidc-provider), their
// real login pages driven over HTTP, through the auth server's callback page to a user record;
// then what must be refused: a tampered state or nonce, a replayed code, an id token for another
// audience or issuer or an expired one (re-written by a proxy in front of the token endpoint,
// since a real provider never issues one), another device, a provider outside the six.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  authSocialConfig,
  type SocialProviders,
  socialProviderNames,
  socialTestUsers,
  startSocialProviders,
} from '../../../devnet/src/index.js'
import { createSocialLogin } from '../../../secure/src/frame/social.js'
import { type AuthServer, createAuthServer } from '../createAuthServer.js'
import { pgliteDevOptions } from '../db/pglite.js'
import { createTestClient } from '../test/client.js'
import { browseToCallback, readCallbackPage } from '../test/socialBrowser.js'
import type { SocialProviderConfig, SocialProvidersConfig } from './providers.js'
import { socialCallbackPath } from './social.js'

const frameOrigin = 'http://127.0.0.1:5199'
let providers: SocialProviders
let auth: AuthServer
let url: string
let proxy: Server
/** What the proxy in front of Google's token endpoint changes in the id token, if anything. */
let tamper: ((claims: Record<string, unknown>) => void) | undefined
let config: SocialProvidersConfig

beforeAll(async () => {
  providers = await startSocialProviders()
  const google = providers.providers.google
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const upstream = await fetch(google.tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': String(req.headers['content-type']),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      },
      body: Buffer.concat(chunks),
    })
    const body = (await upstream.json()) as { id_token?: string }
    if (tamper && body.id_token) {
      const [header, payload, signature] = body.id_token.split('.') as [string, string, string]
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
      tamper(claims)
      body.id_token = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const devnet = authSocialConfig(providers.providers)
  // Google by its endpoints, its token endpoint behind the proxy (an OpenID Connect provider all the same).
  const proxiedGoogle: SocialProviderConfig = {
    ...devnet.google,
    authorizationEndpoint: google.authorizationEndpoint,
    tokenEndpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/token`,
  }
  config = { ...devnet, google: proxiedGoogle }
  auth = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: ['http://127.0.0.1:5173'] }],
    frameOrigins: [frameOrigin],
    mail: { send: async () => {} },
    database: pgliteDevOptions('memory://'),
    secret: 'x'.repeat(32),
    rateLimit: false,
    log: () => {},
    social: () => config,
  })
  url = await auth.listen()
  providers.allowRedirectOrigin(url)
  await auth.ready()
}, 120_000)

afterAll(async () => {
  await auth?.close()
  await providers?.stop()
  proxy?.close()
})

const counts = async () => {
  const db = await auth.database()
  const [users, identities] = await Promise.all([
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM social_identities'),
  ])
  return { users: users.rows[0]!.n, identities: identities.rows[0]!.n }
}

/** Start → the provider's page → the callback page: the result URI the frame would receive. */
async function loginUpToCallback(
  name: string,
  login: { username: string } | { pick: string },
  client = createTestClient(url),
) {
  const started = await client.call<{ uri: string }>('POST', '/v1/social/start', { provider: name })
  expect(started.status).toBe(200)
  const request = await browseToCallback(started.body.uri, login, `${url}${socialCallbackPath}`)
  const page = await readCallbackPage(request)
  return { client, page }
}

describe('each of the six providers logs a user in, through its real login page', () => {
  test.each(socialProviderNames)(
    '%s: a new user, then the same user again, with the provider username',
    async (name) => {
      const [first] = socialTestUsers[name]
      const { client, page } = await loginUpToCallback(name, { username: first!.username })
      expect(page.frameOrigins).toEqual([frameOrigin])
      expect(page.pageOrigin).toBe('http://127.0.0.1:5173')
      const connected = await client.call<{ token: string; isNewUser: boolean; user: Record<string, unknown> }>(
        'POST',
        '/v1/social/connect',
        { uri: page.uri },
      )
      expect(connected.status, JSON.stringify(connected.body)).toBe(200)
      expect(connected.body.isNewUser).toBe(true)
      expect(connected.body.user).toMatchObject({ socialProvider: name, username: first!.username, email: null })
      client.token = connected.body.token
      const session = await client.call<{ user: Record<string, unknown> }>('GET', '/v1/session')
      expect(session.body.user).toMatchObject({
        id: connected.body.user.id,
        socialProvider: name,
        username: first!.username,
      })

      // Next time (another device, by the account picker): the same user, hence the same wallet.
      const again = await loginUpToCallback(name, { pick: first!.id })
      const second = await again.client.call<{ isNewUser: boolean; user: { id: string } }>(
        'POST',
        '/v1/social/connect',
        {
          uri: again.page.uri,
        },
      )
      expect(second.body).toMatchObject({ isNewUser: false, user: { id: connected.body.user.id } })
      const db = await auth.database()
      const { rows } = await db.query<{ provider: string; subject: string; username: string }>(
        'SELECT provider, subject, username FROM social_identities WHERE user_id = $1',
        [connected.body.user.id],
      )
      expect(rows).toEqual([{ provider: name, subject: first!.id, username: first!.username }])
    },
  )
})

describe('refused, with a clear error and nothing stored', () => {
  test('a provider outside the six, and a known name not configured', async () => {
    const client = createTestClient(url)
    const unknown = await client.call('POST', '/v1/social/start', { provider: 'myspace' })
    expect([unknown.status, unknown.body.error]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: 'Unknown social provider "myspace"' },
    ])
    const saved = config
    config = { github: saved.github! }
    try {
      const missing = await client.call('POST', '/v1/social/start', { provider: 'google' })
      expect(missing.body.error?.message).toBe('Social provider google is not configured on this server')
    } finally {
      config = saved
    }
  })

  test('a tampered state', async () => {
    const { client, page } = await loginUpToCallback('github', { pick: socialTestUsers.github[1]!.id })
    const before = await counts()
    const tampered = new URL(page.uri)
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`)
    const refused = await client.call('POST', '/v1/social/connect', { uri: tampered.href })
    expect([refused.status, refused.body.error?.code, refused.body.error?.message]).toEqual([
      404,
      'CHALLENGE_NOT_FOUND',
      'Social login not found (unknown or tampered state)',
    ])
    expect(await counts()).toEqual(before)
  })

  test('a replayed code: the second connect is refused, one user only', async () => {
    const { client, page } = await loginUpToCallback('discord', { pick: socialTestUsers.discord[1]!.id })
    const first = await client.call('POST', '/v1/social/connect', { uri: page.uri })
    expect(first.status).toBe(200)
    const before = await counts()
    const replay = await client.call('POST', '/v1/social/connect', { uri: page.uri })
    expect([replay.status, replay.body.error?.message]).toEqual([410, 'Social login already used'])
    expect(await counts()).toEqual(before)
  })

  test('a result from another device (a code carried elsewhere) is not found there', async () => {
    const { page } = await loginUpToCallback('x', { pick: socialTestUsers.x[1]!.id })
    const before = await counts()
    const elsewhere = await createTestClient(url).call('POST', '/v1/social/connect', { uri: page.uri })
    expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([404, 'CHALLENGE_NOT_FOUND'])
    expect(await counts()).toEqual(before)
  })

  test('the provider answering access_denied (the user cancelled) fails the login', async () => {
    providers.providers.facebook.failNextAuthorization('access_denied')
    const client = createTestClient(url)
    const started = await client.call<{ uri: string }>('POST', '/v1/social/start', { provider: 'facebook' })
    const request = await browseToCallback(started.body.uri, { pick: 'x' }, `${url}${socialCallbackPath}`)
    const page = await readCallbackPage(request)
    const before = await counts()
    const refused = await client.call('POST', '/v1/social/connect', { uri: page.uri })
    expect([refused.status, refused.body.error?.message]).toEqual([401, 'facebook login refused: access_denied'])
    expect(await counts()).toEqual(before)
  })

  const set =
    (claim: string, value: unknown) =>
    (claims: Record<string, unknown>): void => {
      claims[claim] = value
    }
  test.each([
    ['another nonce', set('nonce', 'not-the-nonce'), /nonce/],
    ['another audience', set('aud', 'someone-else'), /aud/],
    ['another issuer', set('iss', 'https://evil.example'), /iss/],
    ['expired', set('exp', Math.floor(Date.now() / 1000) - 3600), /exp|expired|timestamp/],
  ])('an id token with %s', async (_, change, reason) => {
    const { client, page } = await loginUpToCallback('google', { pick: socialTestUsers.google[1]!.id })
    const before = await counts()
    tamper = change
    try {
      const refused = await client.call('POST', '/v1/social/connect', { uri: page.uri })
      expect([refused.status, refused.body.error?.code]).toEqual([401, 'SOCIAL_LOGIN_FAILED'])
      expect(refused.body.error?.message).toMatch(/^google login refused: /)
      expect(refused.body.error?.message).toMatch(reason)
    } finally {
      tamper = undefined
    }
    expect(await counts()).toEqual(before)
  })
})

test('the callback page: one hashed script, no framing, and the result for the frame origins only', async () => {
  const { page } = await loginUpToCallback('apple', { pick: socialTestUsers.apple[1]!.id })
  expect(page.status).toBe(200)
  expect(page.csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; .*frame-ancestors 'none'/)
  expect(new URL(page.uri).searchParams.get('code')).toBeTruthy() // Apple's form_post, turned into a URI
  const stray = await fetch(`${url}${socialCallbackPath}?code=x&state=unknown`)
  const html = await stray.text()
  expect(html).toContain('"frameOrigins":["http://127.0.0.1:5199"]')
  expect(html).not.toContain('pageOrigin":"http')
})

describe('the secure frame’s half: the popup result only from the auth server’s origin', () => {
  /** The frame's social login over this test's client (the frame's own API client needs a browser's IndexedDB). */
  const frameLogin = (client = createTestClient(url)) => {
    const call = async <T>(path: string, body: unknown) => {
      const reply = await client.call<T>('POST', path, body)
      if (reply.status !== 200) throw new Error(reply.body.error?.message)
      return reply.body as T
    }
    return createSocialLogin({
      api: {
        startSocial: (provider) => call('/v1/social/start', { provider }),
        connectSocial: (uri) => call('/v1/social/connect', { uri }),
      },
      resultOrigin: new URL(url).origin,
    })
  }
  const result = (uri: string, origin: string) =>
    new MessageEvent('message', { data: { type: '@portico-social/result', uri }, origin })

  test('a result from another origin is ignored (the login goes on with the real one); the real one logs in', async () => {
    const login = frameLogin()
    const { uri } = await login.redirectUri('github')
    const request = await browseToCallback(uri, { pick: socialTestUsers.github[0]!.id }, `${url}${socialCallbackPath}`)
    const page = await readCallbackPage(request)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(login.onMessage(result(page.uri, 'http://127.0.0.1:5173'))).toBe(true)
      expect(warn).toHaveBeenCalledWith(
        '[portico] Ignored a social login result from another origin',
        'http://127.0.0.1:5173',
      )
    } finally {
      warn.mockRestore()
    }
    const connecting = login.connect()
    expect(login.onMessage(result(page.uri, new URL(url).origin))).toBe(true)
    await expect(connecting).resolves.toMatchObject({ user: { socialProvider: 'github', username: 'ada-lovelace' } })
  })

  test('only a result from another origin: nothing is stored and connect fails with the spec’s text', async () => {
    const login = createSocialLogin({
      api: {
        startSocial: async (provider) =>
          (await createTestClient(url).call<{ uri: string }>('POST', '/v1/social/start', { provider })).body,
        connectSocial: () => Promise.reject(new Error('must not be called')),
      },
      resultOrigin: new URL(url).origin,
      timeoutMs: 200,
    })
    const { uri } = await login.redirectUri('discord')
    const state = new URL(uri).searchParams.get('state')
    const before = await counts()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      login.onMessage(result(`${url}${socialCallbackPath}?code=stolen&state=${state}`, 'http://evil.127.0.0.1.nip.io'))
    } finally {
      warn.mockRestore()
    }
    await expect(login.connect()).rejects.toThrow('Failed to connect')
    expect(await counts()).toEqual(before)
  })

  test('a provider outside the six: Failed to initiate social connection', async () => {
    await expect(frameLogin().redirectUri('myspace')).rejects.toThrow('Failed to initiate social connection')
  })

  test('a tampered result (another state) from the right origin is ignored too', async () => {
    const login = frameLogin()
    await login.redirectUri('x')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(login.onMessage(result(`${url}${socialCallbackPath}?code=c&state=other`, new URL(url).origin))).toBe(true)
      expect(warn).toHaveBeenCalledWith('[portico] Ignored a social login result for no login in progress')
    } finally {
      warn.mockRestore()
    }
  })
})
