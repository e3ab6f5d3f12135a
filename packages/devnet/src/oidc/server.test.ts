// What a real OAuth 2 / OpenID Connect provider enforces, asked of the devnet providers over raw
// HTTP (plain fetch, a hand-made cookie jar): the token endpoint (code single use and the grant
// revoked on reuse, redirect_uri, PKCE, client authentication, expiry, malformed requests), id
// token claims and scopes, the user and userinfo endpoints, the login page (HTML escaping,
// refusals), the "try this" page and the error switch. The happy path of every provider with
// openid-client, state/nonce checks, JWKS and the browser pages are in social.test.ts; the devnet
// wiring (ports, auth server callbacks) in ../startDevnet.social.test.ts.
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { socialTestPassword, socialTestUsers } from './providers.js'
import { type DevnetSocialProvider, type SocialProviders, startSocialProviders } from './server.js'

const redirectUri = 'http://127.0.0.1:7/v1/social/callback'
const otherRedirectUri = 'http://127.0.0.1:7/other/callback'
let social: SocialProviders

beforeAll(async () => {
  social = await startSocialProviders({ redirectUris: [redirectUri, otherRedirectUri] })
})
afterAll(() => social?.stop())
afterEach(() => {
  vi.useRealTimers()
})

class CookieJar {
  readonly #cookies = new Map<string, string>()
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1).trim()
      if (value) this.#cookies.set(pair.slice(0, at).trim(), value)
      else this.#cookies.delete(pair.slice(0, at).trim())
    }
  }
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

interface Started {
  jar: CookieJar
  /** The login page's URL (`/interaction/<uid>`). */
  page: URL
  verifier: string
  state: string
  nonce: string
}

/** Sends the authorization request and follows it to the login page. */
async function startAuthorization(
  provider: DevnetSocialProvider,
  params: Record<string, string> = {},
): Promise<Started> {
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(8).toString('base64url')
  const nonce = randomBytes(8).toString('base64url')
  const url = new URL(provider.authorizationEndpoint)
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: provider.scope,
    state,
    ...(provider.protocol === 'openid-connect' ? { nonce } : {}),
    code_challenge: challengeOf(verifier),
    code_challenge_method: 'S256',
    ...params,
  }).toString()
  const jar = new CookieJar()
  const response = await fetch(url, { redirect: 'manual' })
  jar.take(response)
  const location = response.headers.get('location')
  if (response.status !== 303 || !location)
    throw new Error(`no login page: ${response.status} ${await response.text()}`)
  return { jar, page: new URL(location, url), verifier, state, nonce }
}

/** Posts a form to the login page (`/pick`, `/login`, `/abort`) and follows back to the client. */
/** Posts the login page's form `action` as the browser does; the answer as it comes (no redirect followed). */
function postForm(started: Started, action: string, form: Record<string, string>): Promise<Response> {
  return fetch(new URL(`${started.page.pathname}/${action}`, started.page), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: started.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
}

async function submit(started: Started, action: string, form: Record<string, string>): Promise<URL> {
  const { jar, page } = started
  const posted = await postForm(started, action, form)
  jar.take(posted)
  if (posted.status !== 303) throw new Error(`not signed in: ${posted.status}`)
  const resumed = await fetch(new URL(posted.headers.get('location')!, page), {
    redirect: 'manual',
    headers: { cookie: jar.header() },
  })
  jar.take(resumed)
  return new URL(resumed.headers.get('location')!, page)
}

/** A whole authorization by the account picker: the callback URL, and what was sent. */
async function authorize(provider: DevnetSocialProvider, params: Record<string, string> = {}, user = 0) {
  const started = await startAuthorization(provider, params)
  const callback = await submit(started, 'pick', { account: provider.users[user]!.id })
  return { ...started, callback, code: callback.searchParams.get('code') ?? '' }
}

/** A token request with the provider's own client authentication unless `auth` says otherwise. */
async function tokenRequest(
  provider: DevnetSocialProvider,
  params: Record<string, string>,
  auth: 'own' | 'post' | 'basic' | 'none' = 'own',
  secret = provider.clientSecret,
) {
  const method = auth === 'own' ? (provider.tokenEndpointAuthMethod === 'client_secret_basic' ? 'basic' : 'post') : auth
  const body = new URLSearchParams(params)
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (method === 'post') {
    body.set('client_id', provider.clientId)
    body.set('client_secret', secret)
  } else if (method === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${provider.clientId}:${secret}`).toString('base64')}`
  } else body.set('client_id', provider.clientId)
  const response = await fetch(provider.tokenEndpoint, { method: 'POST', headers, body })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

const redeem = (provider: DevnetSocialProvider, flow: { code: string; verifier: string }, extra = {}) =>
  tokenRequest(provider, {
    grant_type: 'authorization_code',
    code: flow.code,
    redirect_uri: redirectUri,
    code_verifier: flow.verifier,
    ...extra,
  })

const claimsOf = (jwt: unknown) =>
  JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>

const userEndpoint = (provider: DevnetSocialProvider, token: string, query = '') =>
  fetch(`${provider.userEndpoint}${query}`, { headers: { authorization: `Bearer ${token}` } })

describe('the authorization response', () => {
  test('behavior: the code comes back to the exact redirect URI with the state unchanged, nothing else', async () => {
    const google = social.providers.google
    const state = 'a state with spaces & symbols/+=?é'
    const flow = await authorize(google, { state })
    expect(`${flow.callback.origin}${flow.callback.pathname}`).toBe(redirectUri)
    expect(flow.callback.searchParams.get('state')).toBe(state)
    expect(flow.callback.searchParams.get('iss')).toBe(google.issuer) // RFC 9207
    expect(flow.code).toMatch(/^[\w-]{20,}$/)
    expect(flow.callback.hash).toBe('')
  })

  test('security: an unknown client_id is an error page, never a redirect', async () => {
    const google = social.providers.google
    const url = new URL(google.authorizationEndpoint)
    url.search = new URLSearchParams({
      client_id: 'portico-devnet-github', // another provider's client
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challengeOf('v'.repeat(43)),
      code_challenge_method: 'S256',
    }).toString()
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain('invalid_client')
  })

  test('security: redirect_uri must match exactly: a longer path, another port or a query are refused', async () => {
    const github = social.providers.github
    for (const uri of [
      `${redirectUri}/more`,
      `${redirectUri}?next=http://127.0.0.1:9/`,
      redirectUri.replace(':7/', ':8/'),
      redirectUri.toUpperCase(),
      `${redirectUri}#fragment`,
    ]) {
      const url = new URL(github.authorizationEndpoint)
      url.search = new URLSearchParams({
        client_id: github.clientId,
        redirect_uri: uri,
        response_type: 'code',
        scope: github.scope,
        code_challenge: challengeOf('v'.repeat(43)),
        code_challenge_method: 'S256',
      }).toString()
      const response = await fetch(url, { redirect: 'manual' })
      expect({ uri, status: response.status, location: response.headers.get('location') }).toEqual({
        uri,
        status: 400,
        location: null,
      })
    }
  })

  test('security: PKCE plain is refused (S256 only), back at the client as invalid_request', async () => {
    const github = social.providers.github
    const url = new URL(github.authorizationEndpoint)
    url.search = new URLSearchParams({
      client_id: github.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: github.scope,
      state: 's1',
      code_challenge: 'v'.repeat(43),
      code_challenge_method: 'plain',
    }).toString()
    const response = await fetch(url, { redirect: 'manual' })
    const back = new URL(response.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('state')).toBe('s1')
    expect(back.searchParams.get('code')).toBeNull()
  })

  test('error: an unknown response_type comes back unsupported_response_type, with no code', async () => {
    const google = social.providers.google
    const url = new URL(google.authorizationEndpoint)
    url.search = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: 'token',
      scope: 'openid',
      state: 's2',
    }).toString()
    const response = await fetch(url, { redirect: 'manual' })
    const back = new URL(response.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    // response_type=token answers in the fragment, as an implicit client would read it.
    const answer = new URLSearchParams(back.hash.slice(1))
    expect(answer.get('error')).toBe('unsupported_response_type')
    expect(answer.get('state')).toBe('s2')
    expect(answer.has('access_token') || answer.has('code') || back.searchParams.has('code')).toBe(false)
  })

  test('error: a huge authorization request is refused cleanly and the provider keeps answering', async () => {
    const google = social.providers.google
    const url = new URL(google.authorizationEndpoint)
    url.search = new URLSearchParams({ client_id: google.clientId, state: 'x'.repeat(64 * 1024) }).toString()
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.headers.get('location')).toBeNull()
    const discovery = await fetch(`${google.issuer}/.well-known/openid-configuration`)
    expect(discovery.status).toBe(200)
  })
})

describe('the token endpoint', () => {
  test('security: a code is single use; the second redemption also revokes the tokens of the first', async () => {
    const github = social.providers.github
    const flow = await authorize(github)
    const first = await redeem(github, flow)
    expect(first).toMatchObject({ status: 200, json: { token_type: 'Bearer', access_token: expect.any(String) } })
    const token = String(first.json.access_token)
    expect((await userEndpoint(github, token)).status).toBe(200)

    const second = await redeem(github, flow)
    expect(second).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
    expect(second.json).not.toHaveProperty('access_token')
    // RFC 6749 4.1.2: the tokens issued from a replayed code are revoked.
    const after = await userEndpoint(github, token)
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({ message: 'Bad credentials' })
  })

  test('security: a code redeemed with another (allowed) redirect_uri, or none, is refused and stays usable', async () => {
    const google = social.providers.google
    const flow = await authorize(google)
    expect(await redeem(google, flow, { redirect_uri: otherRedirectUri })).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    })
    const without = await tokenRequest(google, {
      grant_type: 'authorization_code',
      code: flow.code,
      code_verifier: flow.verifier,
    })
    expect(without.status).toBe(400)
    expect(without.json).not.toHaveProperty('access_token')
    expect((await redeem(google, flow)).status).toBe(200)
  })

  test('security: a missing code_verifier is refused (the code was issued with a challenge)', async () => {
    const x = social.providers.x
    const flow = await authorize(x)
    const refused = await tokenRequest(x, {
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: redirectUri,
    })
    expect(refused).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
    expect((await redeem(x, flow)).status).toBe(200)
  })

  test('security: client authentication: a wrong secret, another client’s secret or none is invalid_client', async () => {
    const x = social.providers.x // client_secret_basic, as X documents it
    const flow = await authorize(x)
    const params = {
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: redirectUri,
      code_verifier: flow.verifier,
    }
    const refusals = [
      await tokenRequest(x, params, 'basic', 'devnet-secret-google'),
      await tokenRequest(x, params, 'basic', `${x.clientSecret}x`),
      await tokenRequest(x, params, 'none'),
    ]
    for (const refused of refusals) expect(refused).toMatchObject({ status: 401, json: { error: 'invalid_client' } })
    // The refusals left the code usable by the real client.
    expect((await tokenRequest(x, params, 'basic')).status).toBe(200)
  })

  // X registers client_secret_basic (its token endpoint takes a confidential client's secret only
  // in HTTP Basic); oidc-provider alone would take the secret in the body too, so an auth server
  // set up with client_secret_post for X would log in here and fail against the real X.
  test('security: X refuses the client secret in the body (client_secret_post), as X does', async () => {
    const x = social.providers.x
    const flow = await authorize(x)
    const posted = await tokenRequest(
      x,
      { grant_type: 'authorization_code', code: flow.code, redirect_uri: redirectUri, code_verifier: flow.verifier },
      'post',
    )
    expect(posted).toMatchObject({ status: 401, json: { error: 'invalid_client' } })
  })

  test('security: a code from one provider is worthless at another (own store, own client)', async () => {
    const google = social.providers.google
    const apple = social.providers.apple
    const flow = await authorize(google)
    expect(await redeem(apple, flow)).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
    expect((await redeem(google, flow)).status).toBe(200)
  })

  test('edge: a code expires 600 s after it is issued', async () => {
    const discord = social.providers.discord
    const flow = await authorize(discord)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 601_000)
    expect(await redeem(discord, flow)).toMatchObject({ status: 400, json: { error: 'invalid_grant' } })
  })

  test('error: malformed token requests: a JSON body, an unknown grant type, a missing code', async () => {
    const google = social.providers.google
    const json = await fetch(google.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', client_id: google.clientId }),
    })
    expect(json.status).toBe(400)
    expect(await json.json()).toMatchObject({ error: 'invalid_request' })
    expect(await tokenRequest(google, { grant_type: 'password', username: 'a', password: 'b' })).toMatchObject({
      status: 400,
      json: { error: 'unsupported_grant_type' },
    })
    expect(await tokenRequest(google, { grant_type: 'authorization_code', redirect_uri: redirectUri })).toMatchObject({
      status: 400,
      json: { error: 'invalid_request' },
    })
    expect(
      await tokenRequest(google, {
        grant_type: 'authorization_code',
        code: 'forged',
        code_verifier: 'v'.repeat(43),
        redirect_uri: redirectUri,
      }),
    ).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    })
  })
})

describe('id tokens, scopes and the user endpoints', () => {
  test('behavior: a Google id token: iss, aud, sub, nonce, a one-hour exp, and the email and profile claims', async () => {
    const google = social.providers.google
    const flow = await authorize(google, {}, 1)
    const { json } = await redeem(google, flow)
    const claims = claimsOf(json.id_token)
    const grace = socialTestUsers.google[1]!
    expect(claims).toMatchObject({
      iss: google.issuer,
      aud: google.clientId,
      sub: grace.id,
      nonce: flow.nonce,
      email: grace.email,
      email_verified: true,
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
      picture: `${google.issuer}/avatars/${grace.id}.svg`,
    })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600)
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
  })

  test('behavior: scope openid alone releases only the subject: no email in the id token or at userinfo', async () => {
    const google = social.providers.google
    const flow = await authorize(google, { scope: 'openid' })
    const { json } = await redeem(google, flow)
    const claims = claimsOf(json.id_token)
    expect(claims.sub).toBe(socialTestUsers.google[0]!.id)
    expect(claims).not.toHaveProperty('email')
    expect(claims).not.toHaveProperty('name')
    const userinfo = await fetch(`${google.issuer}/v1/userinfo`, {
      headers: { authorization: `Bearer ${json.access_token}` },
    })
    expect(await userinfo.json()).toEqual({ sub: socialTestUsers.google[0]!.id })
  })

  test('behavior: Apple: the private-relay user has is_private_email, and no name claims ride along', async () => {
    const apple = social.providers.apple
    const flow = await authorize(apple, { response_mode: 'query', scope: 'openid' }, 1)
    const { json } = await redeem(apple, flow)
    expect(claimsOf(json.id_token)).toMatchObject({ sub: socialTestUsers.apple[1]!.id, nonce: flow.nonce })
    const full = await startAuthorization(apple, { response_mode: 'form_post' })
    const posted = await fetch(new URL(`${full.page.pathname}/pick`, full.page), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: full.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: socialTestUsers.apple[1]!.id }),
    })
    full.jar.take(posted)
    const page = await fetch(new URL(posted.headers.get('location')!, full.page), {
      headers: { cookie: full.jar.header() },
    })
    const html = await page.text()
    const code = /name="code" value="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(html).toContain(`action="${redirectUri}"`)
    const tokens = await redeem(apple, { code, verifier: full.verifier })
    const claims = claimsOf(tokens.json.id_token)
    expect(claims).toMatchObject({ email: 'x7k2m9p4qd@privaterelay.appleid.com', is_private_email: true })
    expect(claims).not.toHaveProperty('name')
    expect(claims).not.toHaveProperty('picture')
  })

  test('security: userinfo refuses a missing, forged or expired access token', async () => {
    const google = social.providers.google
    const flow = await authorize(google)
    const { json } = await redeem(google, flow)
    const userinfo = (token?: string) =>
      fetch(`${google.issuer}/v1/userinfo`, token ? { headers: { authorization: `Bearer ${token}` } } : {})
    expect((await userinfo()).status).toBe(401)
    expect((await userinfo('forged')).status).toBe(401)
    expect((await userinfo(String(json.access_token))).status).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    // oidc-provider allows 15 s of clock skew past the one-hour lifetime.
    vi.setSystemTime(Date.now() + 3616_000)
    expect((await userinfo(String(json.access_token))).status).toBe(401)
  })

  test('security: an expired access token is refused by the OAuth 2 user endpoint as the real provider does', async () => {
    const discord = social.providers.discord
    const { json } = await redeem(discord, await authorize(discord))
    const token = String(json.access_token)
    expect((await userEndpoint(discord, token)).status).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 3601_000)
    const expired = await userEndpoint(discord, token)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ message: '401: Unauthorized', code: 0 })
  })

  test('security: a token of one provider is refused by another provider’s user endpoint', async () => {
    const github = social.providers.github
    const discord = social.providers.discord
    const { json } = await redeem(github, await authorize(github))
    expect((await userEndpoint(discord, String(json.access_token))).status).toBe(401)
    expect((await userEndpoint(github, String(json.access_token))).status).toBe(200)
  })

  test('behavior: the user endpoints release the email only with the email scope, and fields only when asked', async () => {
    const discord = social.providers.discord
    const withEmail = await redeem(discord, await authorize(discord))
    const identifyOnly = await redeem(discord, await authorize(discord, { scope: 'identify' }))
    const ada = socialTestUsers.discord[0]!
    expect(await (await userEndpoint(discord, String(withEmail.json.access_token))).json()).toMatchObject({
      id: ada.id,
      username: ada.username,
      email: ada.email,
    })
    expect(await (await userEndpoint(discord, String(identifyOnly.json.access_token))).json()).not.toHaveProperty(
      'email',
    )

    const facebook = social.providers.facebook
    const fb = String((await redeem(facebook, await authorize(facebook))).json.access_token)
    const fbUser = socialTestUsers.facebook[0]!
    expect(await (await userEndpoint(facebook, fb)).json()).toEqual({ id: fbUser.id, name: fbUser.name })
    expect(await (await userEndpoint(facebook, fb, '?fields=email')).json()).toEqual({ email: fbUser.email })
    // Graph also takes the token as a query parameter.
    const byQuery = await fetch(`${facebook.issuer}/v21.0/me?fields=id&access_token=${fb}`)
    expect(await byQuery.json()).toEqual({ id: fbUser.id })
    const publicOnly = String(
      (await redeem(facebook, await authorize(facebook, { scope: 'public_profile' }))).json.access_token,
    )
    expect(await (await userEndpoint(facebook, publicOnly, '?fields=id,email')).json()).toEqual({ id: fbUser.id })
  })

  test('error: an Authorization header that is not one bearer token gets the provider’s bad-token answer', async () => {
    const github = social.providers.github
    const { json } = await redeem(github, await authorize(github))
    const token = String(json.access_token)
    const statuses = []
    for (const header of [`Basic ${token}`, `Bearer ${token} extra`, `Bearer`, token, `Bearer ${'a'.repeat(8000)}`])
      statuses.push((await fetch(github.userEndpoint!, { headers: { authorization: header } })).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    // GitHub's own `token` scheme works.
    expect((await fetch(github.userEndpoint!, { headers: { authorization: `token ${token}` } })).status).toBe(200)
  })
})

describe('the login page', () => {
  test('security: a username sent back to the page after a failed login is HTML-escaped', async () => {
    const github = social.providers.github
    const started = await startAuthorization(github)
    const hostile = '"><script>alert(1)</script><x a=\''
    const response = await postForm(started, 'login', { username: hostile, password: socialTestPassword })
    expect(response.status).toBe(401)
    const html = await response.text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x a=&#39;"')
    expect(html).toContain('Wrong username or password.')
  })

  test('security: a hostile interaction path is never put on the page; the forms post to the real interaction', async () => {
    const github = social.providers.github
    const started = await startAuthorization(github)
    const uid = started.page.pathname.split('/').pop()!
    const response = await fetch(new URL(`/interaction/${encodeURIComponent('"><script>x</script>')}`, started.page), {
      headers: { cookie: started.jar.header() },
    })
    const html = await response.text()
    expect(html).not.toContain('<script>x')
    expect(html).not.toContain('&lt;script&gt;x')
    expect({ status: response.status, action: html.includes(`action="/interaction/${uid}/pick"`) }).toEqual({
      status: 200,
      action: true,
    })
  })

  test('behavior: the password form signs in by username or email, case-insensitively; the password is exact', async () => {
    const github = social.providers.github
    const ada = socialTestUsers.github[0]!
    const wrong = await startAuthorization(github)
    const refused = await fetch(new URL(`${wrong.page.pathname}/login`, wrong.page), {
      method: 'POST',
      headers: { cookie: wrong.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ada.username, password: socialTestPassword.toUpperCase() }),
    })
    expect(refused.status).toBe(401)
    const started = await startAuthorization(github)
    const callback = await submit(started, 'login', {
      username: `  ${ada.email.toUpperCase()} `,
      password: socialTestPassword,
    })
    const { json } = await redeem(github, { code: callback.searchParams.get('code')!, verifier: started.verifier })
    expect(await (await userEndpoint(github, String(json.access_token))).json()).toMatchObject({ login: ada.username })
  })

  test('error: picking an account that is not a test user is refused, and no code is issued', async () => {
    const github = social.providers.github
    const started = await startAuthorization(github)
    const response = await postForm(started, 'pick', { account: socialTestUsers.google[0]!.id })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain('No such test user.')
  })

  test('security: an interaction cannot be finished twice: a second pick after the first is an error page', async () => {
    const github = social.providers.github
    const started = await startAuthorization(github)
    await submit(started, 'pick', { account: socialTestUsers.github[0]!.id })
    const again = await postForm(started, 'pick', { account: socialTestUsers.github[1]!.id })
    expect(again.status).toBe(400)
    expect(again.headers.get('location')).toBeNull()
  })

  test('security: error pages escape what the request put in the error', async () => {
    const github = social.providers.github
    const hostile = '<img src=x onerror=alert(1)>'
    const page = await fetch(
      `${github.issuer}/devnet/callback?error=${encodeURIComponent(hostile)}&error_description=${encodeURIComponent(`<b>${hostile}</b>`)}`,
    )
    const html = await page.text()
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).toContain('The provider answered &lt;img src=x onerror=alert(1)&gt;: &lt;b&gt;')
  })

  test('behavior: every test user’s picture URL serves an SVG avatar; other ids are 404', async () => {
    for (const provider of Object.values(social.providers)) {
      for (const user of provider.users) {
        const response = await fetch(`${provider.issuer}/avatars/${user.id}.svg`)
        expect({ provider: provider.name, user: user.id, status: response.status }).toMatchObject({ status: 200 })
        expect(response.headers.get('content-type')).toBe('image/svg+xml')
        const initials = user.name
          .split(' ')
          .map((p) => p[0])
          .join('')
        expect(await response.text()).toContain(`>${initials}</text>`)
      }
    }
    const google = social.providers.google
    expect((await fetch(`${google.issuer}/avatars/${socialTestUsers.github[0]!.id}.svg`)).status).toBe(404)
    expect((await fetch(`${google.issuer}/avatars/..%2F..%2Fetc.svg`)).status).toBe(404)
  })
})

describe('the error switch and the "try this" page', () => {
  test('behavior: failNextAuthorization(server_error) answers once, with the state, and refuses unknown errors', async () => {
    const github = social.providers.github
    expect(() => github.failNextAuthorization('nope' as 'server_error')).toThrow(TypeError)
    github.failNextAuthorization('server_error')
    const started = await startAuthorization(github, { state: 'keep-me' })
    const redirected = await fetch(started.page, { redirect: 'manual', headers: { cookie: started.jar.header() } })
    expect(redirected.status).toBe(303)
    started.jar.take(redirected)
    const resumed = await fetch(new URL(redirected.headers.get('location')!, started.page), {
      redirect: 'manual',
      headers: { cookie: started.jar.header() },
    })
    const back = new URL(resumed.headers.get('location')!)
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'server_error',
      error_description: 'The provider failed to handle the request',
      state: 'keep-me',
    })
    expect(back.searchParams.has('code')).toBe(false)
    expect(await (await fetch(`${github.issuer}/__devnet/switches`)).json()).toEqual({ nextAuthorization: null })
  })

  test('error: the switch refuses a body without nextAuthorization or not JSON; null clears it', async () => {
    const google = social.providers.google
    const post = (body: string) =>
      fetch(`${google.issuer}/__devnet/switches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    google.failNextAuthorization('temporarily_unavailable')
    expect((await post('{}')).status).toBe(400)
    expect((await post('not json')).status).toBe(400)
    expect(await (await fetch(`${google.issuer}/__devnet/switches`)).json()).toEqual({
      nextAuthorization: 'temporarily_unavailable',
    })
    expect(await (await post('{"nextAuthorization":null}')).json()).toEqual({ nextAuthorization: null })
    expect((await authorize(google)).code).not.toBe('')
  })

  test('security: a "try this" state is single use, and an unknown state is refused before any token request', async () => {
    const github = social.providers.github
    const start = await fetch(github.tryUrl, { redirect: 'manual' })
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const callback = (s: string) => fetch(`${github.issuer}/devnet/callback?code=forged&state=${encodeURIComponent(s)}`)
    expect(await (await callback('unknown')).text()).toContain('Unknown state: start again from /devnet/try.')
    expect(await (await callback(state)).text()).toContain('The token endpoint answered invalid_grant.')
    expect(await (await callback(state)).text()).toContain('Unknown state')
  })
})
