// The devnet's six social-login providers against the certified client library an auth server
// uses (openid-client 6): authorization code + PKCE, state and nonce, each provider's username
// read where the real provider puts it. The browser part (redirects, cookies, the login form) is
// driven over HTTP with a cookie jar, as a browser would send it.
import { createPublicKey, type JsonWebKey, verify } from 'node:crypto'
import * as client from 'openid-client'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
// @ts-expect-error: a plain .mjs script without types
import { chromiumArgs, headlessShellPath } from '../../../../scripts/ensure-chromium.mjs'
import { socialProviderNames, socialTestPassword, socialTestUsers } from './providers.js'
import { type DevnetSocialProvider, type SocialProviders, startSocialProviders } from './server.js'

const redirectUri = 'http://127.0.0.1:7/v1/social/callback'
let social: SocialProviders

beforeAll(async () => {
  social = await startSocialProviders({ redirectUris: [redirectUri] })
})
afterAll(() => social?.stop())

/** A browser's cookie handling, enough for one origin. */
class CookieJar {
  readonly #cookies = new Map<string, string>()
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a))
      if (!value || expired) this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
}

type Outcome =
  /** The provider redirected (or form-posted) to the client's redirect URI. */
  | { kind: 'callback'; callback: URL | Request }
  /** The provider showed a page (an error, or the login form again). */
  | { kind: 'page'; status: number; html: string }

/**
 * Follows the provider's redirects as a browser does until the client's redirect URI is reached,
 * signing in on the login page with `login` (a username + password, or a pick from the list).
 */
async function browse(
  start: URL,
  login: { username: string; password?: string } | { pick: string } | undefined,
  redirect = redirectUri,
): Promise<Outcome> {
  const jar = new CookieJar()
  let request: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: start, method: 'GET' }
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, request.url)
      if (next.href.startsWith(redirect)) return { kind: 'callback', callback: next }
      request = { url: next, method: 'GET' }
      continue
    }
    const html = await response.text()
    // Apple answers by form_post: a page whose form posts the code to the redirect URI.
    const formPost = /<form[^>]*action="([^"]+)"/.exec(html)
    if (formPost?.[1]?.startsWith(redirect)) {
      const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
        ([, name = '', value = '']) => [name, value] as [string, string],
      )
      return {
        kind: 'callback',
        callback: new Request(redirect, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        }),
      }
    }
    const uid = /action="\/interaction\/([^/"]+)\/login"/.exec(html)?.[1]
    if (response.status !== 200 || !uid || !login) return { kind: 'page', status: response.status, html }
    const body =
      'pick' in login
        ? new URLSearchParams({ account: login.pick })
        : new URLSearchParams({ username: login.username, password: login.password ?? socialTestPassword })
    request = {
      url: new URL(`/interaction/${uid}/${'pick' in login ? 'pick' : 'login'}`, request.url),
      method: 'POST',
      body,
    }
    login = undefined // a second login page means the first login failed
  }
  throw new Error('too many redirects')
}

/** The auth server's side: openid-client configured by issuer (OIDC) or by endpoints (OAuth 2). */
async function configure(provider: DevnetSocialProvider): Promise<client.Configuration> {
  const auth =
    provider.tokenEndpointAuthMethod === 'client_secret_basic'
      ? client.ClientSecretBasic(provider.clientSecret)
      : client.ClientSecretPost(provider.clientSecret)
  if (provider.protocol === 'openid-connect')
    return client.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
      execute: [client.allowInsecureRequests],
    })
  const config = new client.Configuration(
    {
      issuer: provider.issuer,
      authorization_endpoint: provider.authorizationEndpoint,
      token_endpoint: provider.tokenEndpoint,
    },
    provider.clientId,
    undefined,
    auth,
  )
  client.allowInsecureRequests(config)
  return config
}

async function startLogin(provider: DevnetSocialProvider, extra: Record<string, string> = {}) {
  const config = await configure(provider)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = provider.protocol === 'openid-connect' ? client.randomNonce() : undefined
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(nonce ? { nonce } : {}),
    ...(provider.name === 'apple' ? { response_mode: 'form_post' } : {}),
    ...extra,
  })
  return { config, url, verifier, state, nonce }
}

/** Reads the username where the real provider puts it: an id-token claim or the user endpoint. */
async function usernameOf(
  provider: DevnetSocialProvider,
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<string> {
  const source = provider.username
  if (source.kind === 'id_token') return String(tokens.claims()?.[source.claim])
  const response = await client.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(source.path, provider.issuer),
    'GET',
  )
  let value: unknown = await response.json()
  for (const key of source.field.split('.')) value = (value as Record<string, unknown>)[key]
  return String(value)
}

describe('each provider: authorization code + PKCE with openid-client, and the username', () => {
  test.each(socialProviderNames)('%s: login through the form, then through the account picker', async (name) => {
    const provider = social.providers[name]
    const [first, second] = socialTestUsers[name]
    for (const [user, login] of [
      [first, { username: first!.username }],
      [second, { pick: second!.id }],
    ] as const) {
      const { config, url, verifier, state, nonce } = await startLogin(provider)
      const outcome = await browse(url, login)
      if (outcome.kind !== 'callback') throw new Error(`no callback: ${outcome.status} ${outcome.html}`)
      const tokens = await client.authorizationCodeGrant(config, outcome.callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        ...(nonce ? { expectedNonce: nonce } : {}),
      })
      expect(await usernameOf(provider, config, tokens)).toBe(user!.username)
      if (provider.protocol === 'openid-connect') {
        expect(tokens.claims()).toMatchObject({ iss: provider.issuer, aud: provider.clientId, sub: user!.id, nonce })
      }
    }
  })
})

describe('what the client checks and the provider refuses', () => {
  test('a callback whose state is not the one sent is refused by openid-client', async () => {
    const google = social.providers.google
    const { config, url, verifier, nonce } = await startLogin(google)
    const outcome = await browse(url, { pick: socialTestUsers.google[0]!.id })
    if (outcome.kind !== 'callback' || !(outcome.callback instanceof URL)) throw new Error('no callback')
    const error = await client
      .authorizationCodeGrant(config, outcome.callback, {
        pkceCodeVerifier: verifier,
        expectedState: client.randomState(),
        expectedNonce: nonce!,
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'OAUTH_INVALID_RESPONSE' })
    expect((error as Error).cause).toMatchObject({ message: 'unexpected "state" response parameter value' })
  })

  test('an id token whose nonce is not the one sent is refused by openid-client', async () => {
    const google = social.providers.google
    const { config, url, verifier, state } = await startLogin(google)
    const outcome = await browse(url, { pick: socialTestUsers.google[0]!.id })
    if (outcome.kind !== 'callback') throw new Error('no callback')
    const error = await client
      .authorizationCodeGrant(config, outcome.callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: client.randomNonce(),
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' })
    expect((error as Error).cause).toMatchObject({ message: 'unexpected ID Token "nonce" claim value' })
  })

  test('PKCE is required: an authorization without a code challenge comes back invalid_request', async () => {
    const github = social.providers.github
    const config = await configure(github)
    const url = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: github.scope, state: 'x' })
    const outcome = await browse(url, undefined)
    if (outcome.kind !== 'callback' || !(outcome.callback instanceof URL)) throw new Error('no callback')
    expect(outcome.callback.searchParams.get('error')).toBe('invalid_request')
    expect(outcome.callback.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  test('a code redeemed with another PKCE verifier is refused; with the right one it works once only', async () => {
    const discord = social.providers.discord
    const { config, url, verifier, state } = await startLogin(discord)
    const outcome = await browse(url, { pick: socialTestUsers.discord[0]!.id })
    if (outcome.kind !== 'callback') throw new Error('no callback')
    const callback = outcome.callback as URL
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    })
    expect(tokens.access_token).toBeTruthy()
    await expect(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  test('a redirect URI nobody allowed gets an error page, never a redirect', async () => {
    const x = social.providers.x
    const { url } = await startLogin(x, { redirect_uri: 'http://127.0.0.1:9/elsewhere' })
    const outcome = await browse(url, { pick: socialTestUsers.x[0]!.id }, 'http://127.0.0.1:9/elsewhere')
    expect(outcome).toMatchObject({ kind: 'page', status: 400 })
    if (outcome.kind === 'page') expect(outcome.html).toMatch(/redirect_uri/)
  })

  test('redirect URIs can be allowed at run time, by exact URI or by origin', async () => {
    const facebook = social.providers.facebook
    const later = 'http://127.0.0.1:11/auth/callback'
    social.allowRedirectOrigin('http://127.0.0.1:11')
    const { config, url, verifier, state } = await startLogin(facebook, { redirect_uri: later })
    const outcome = await browse(url, { pick: socialTestUsers.facebook[1]!.id }, later)
    if (outcome.kind !== 'callback') throw new Error('no callback')
    const tokens = await client.authorizationCodeGrant(config, outcome.callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    })
    expect(await usernameOf(facebook, config, tokens)).toBe(socialTestUsers.facebook[1]!.username)
  })

  test('Apple refuses name/email scopes unless the response mode is form_post, as Apple does', async () => {
    const apple = social.providers.apple
    const { url } = await startLogin(apple, { response_mode: 'query' })
    const outcome = await browse(url, { pick: socialTestUsers.apple[0]!.id })
    expect(outcome).toMatchObject({ kind: 'page', status: 400 })
    if (outcome.kind === 'page') expect(outcome.html).toContain('response_mode must be form_post')
  })

  test('a wrong password shows the login page again with an error, and no code', async () => {
    const github = social.providers.github
    const { url } = await startLogin(github)
    const outcome = await browse(url, { username: 'ada-lovelace', password: 'not-the-password' })
    expect(outcome).toMatchObject({ kind: 'page', status: 401 })
    if (outcome.kind === 'page') expect(outcome.html).toContain('Wrong username or password.')
  })

  test('a login page opened without its cookie (another browser, or expired) is an error page, not a crash', async () => {
    const { url } = await startLogin(social.providers.github)
    const first = await fetch(url, { redirect: 'manual' })
    const page = await fetch(new URL(first.headers.get('location')!, url)) // no cookie sent
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('invalid_request: interaction session id cookie not found')
  })

  test('the user endpoints refuse a missing or unknown token the way the real provider answers', async () => {
    const answers = await Promise.all(
      (['github', 'x', 'discord', 'facebook'] as const).map(async (name) => {
        const provider = social.providers[name]
        const response = await fetch(provider.userEndpoint!, { headers: { authorization: 'Bearer not-a-token' } })
        return [name, response.status, await response.json()] as const
      }),
    )
    expect(answers).toEqual([
      ['github', 401, expect.objectContaining({ message: 'Bad credentials' })],
      ['x', 401, expect.objectContaining({ title: 'Unauthorized' })],
      ['discord', 401, { message: '401: Unauthorized', code: 0 }],
      ['facebook', 400, { error: expect.objectContaining({ type: 'OAuthException', code: 190 }) }],
    ])
  })
})

describe('the provider-error switch', () => {
  test('failNextAuthorization(): the next authorization answers access_denied, the one after works', async () => {
    const google = social.providers.google
    google.failNextAuthorization('access_denied')
    const denied = await startLogin(google)
    const outcome = await browse(denied.url, { pick: socialTestUsers.google[0]!.id })
    if (outcome.kind !== 'callback') throw new Error('no callback')
    await expect(
      client.authorizationCodeGrant(denied.config, outcome.callback, {
        pkceCodeVerifier: denied.verifier,
        expectedState: denied.state,
        expectedNonce: denied.nonce!,
      }),
    ).rejects.toMatchObject({ error: 'access_denied' })

    const again = await startLogin(google)
    const ok = await browse(again.url, { pick: socialTestUsers.google[0]!.id })
    expect(ok.kind).toBe('callback')
  })

  test('over HTTP: POST /__devnet/switches {nextAuthorization} sets it; bad values are refused', async () => {
    const x = social.providers.x
    const set = await fetch(`${x.issuer}/__devnet/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nextAuthorization: 'access_denied' }),
    })
    expect(await set.json()).toEqual({ nextAuthorization: 'access_denied' })
    const bad = await fetch(`${x.issuer}/__devnet/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nextAuthorization: 'nope' }),
    })
    expect(bad.status).toBe(400)
    const { url } = await startLogin(x)
    const outcome = await browse(url, { pick: socialTestUsers.x[0]!.id })
    if (outcome.kind !== 'callback' || !(outcome.callback instanceof URL)) throw new Error('no callback')
    expect(outcome.callback.searchParams.get('error')).toBe('access_denied')
    expect(await (await fetch(`${x.issuer}/__devnet/switches`)).json()).toEqual({ nextAuthorization: null })
  })

  test('Cancel on the login page answers access_denied', async () => {
    const discord = social.providers.discord
    const { url } = await startLogin(discord)
    const jar = new CookieJar()
    const first = await fetch(url, { redirect: 'manual' })
    jar.take(first)
    const pageUrl = new URL(first.headers.get('location')!, url)
    const page = await fetch(pageUrl, { headers: { cookie: jar.header() } })
    jar.take(page)
    const abort = await fetch(new URL(`${pageUrl.pathname}/abort`, pageUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header() },
    })
    jar.take(abort)
    const resumed = await fetch(new URL(abort.headers.get('location')!, pageUrl), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    })
    expect(new URL(resumed.headers.get('location')!).searchParams.get('error')).toBe('access_denied')
  })
})

test('id tokens are RS256, signed with the provider’s own key from its JWKS (and no other’s)', async () => {
  const tokenOf = async (provider: DevnetSocialProvider) => {
    const { config, url, verifier, state, nonce } = await startLogin(provider)
    const outcome = await browse(url, { pick: provider.users[0]!.id })
    if (outcome.kind !== 'callback') throw new Error('no callback')
    const tokens = await client.authorizationCodeGrant(config, outcome.callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce!,
    })
    return tokens.id_token!
  }
  const jwksOf = async (provider: DevnetSocialProvider) =>
    ((await (await fetch(provider.jwksUri)).json()) as { keys: (JsonWebKey & { kid: string; alg: string })[] }).keys
  const verifies = (token: string, keys: (JsonWebKey & { kid: string })[]) => {
    const [header = '', payload = '', signature = ''] = token.split('.')
    const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string; alg: string }
    const jwk = keys.find((k) => k.kid === kid)
    if (alg !== 'RS256' || !jwk) return false
    return verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      createPublicKey({ key: jwk, format: 'jwk' }),
      Buffer.from(signature, 'base64url'),
    )
  }
  const google = social.providers.google
  const apple = social.providers.apple
  const [googleToken, googleKeys, appleKeys] = await Promise.all([tokenOf(google), jwksOf(google), jwksOf(apple)])
  expect(googleKeys.map((k) => k.alg)).toEqual(['RS256'])
  expect(googleKeys.some((k) => 'd' in k)).toBe(false) // public keys only
  expect(verifies(googleToken, googleKeys)).toBe(true)
  expect(verifies(googleToken, appleKeys)).toBe(false)
})

test('the "try this" page runs a whole login and names the user', async () => {
  const github = social.providers.github
  const outcome = await browse(new URL(github.tryUrl), { pick: socialTestUsers.github[1]!.id }, 'http://never/')
  expect(outcome).toMatchObject({ kind: 'page', status: 200 })
  if (outcome.kind === 'page') expect(outcome.html).toContain('Signed in to GitHub as gracehopper.')
})

describe('the login page in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: headlessShellPath as string, args: chromiumArgs as string[] })
  })
  afterAll(() => browser?.close())

  test('a person fills Username and Password, presses Sign in, and lands back signed in (X, basic client auth)', async () => {
    const x = social.providers.x
    const page = await browser.newPage()
    try {
      await page.goto(x.tryUrl)
      await page.getByRole('heading', { name: 'Sign in with X' }).waitFor()
      await page.getByLabel('Username').fill('gracehopper')
      await page.getByLabel('Password').fill(socialTestPassword)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText('Signed in to X as gracehopper.').waitFor()
    } finally {
      await page.close()
    }
  })

  test('the account picker signs in with one click (Apple, form_post back to the client)', async () => {
    const apple = social.providers.apple
    const page = await browser.newPage()
    try {
      await page.goto(apple.tryUrl)
      await page.getByRole('button', { name: 'Continue as ada@icloud.com' }).click()
      await page.getByText('Signed in to Apple as ada@icloud.com.').waitFor()
    } finally {
      await page.close()
    }
  })
})
