/**
 * The devnet's social-login providers: one real OpenID Connect / OAuth 2 authorization server
 * (`oidc-provider`) per social name, each on its own loopback origin with its own signing key,
 * test users, a login page, and the real provider's user endpoint where the real one is OAuth 2
 * only. An auth server logs in against them with a certified client library (openid-client)
 * exactly as against the real providers, configured by issuer or by endpoints.
 *
 * The authorization servers are built on the first request (or `ready()`): importing
 * oidc-provider and making six RSA keys costs seconds on a busy machine, which a devnet that
 * nobody logs in to should not pay at start.
 */
import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type Provider from 'oidc-provider'
import type { JWK } from 'oidc-provider'
import { type NodeEnv, serveEmulator } from '../emulator/app.js'
import { resolveLoopbackHost } from '../net.js'
import { avatarSvg, loginPage, messagePage } from './pages.js'
import {
  devnetSocialClient,
  type SocialProviderName,
  type SocialProviderProfile,
  type SocialTestUser,
  type SocialUsernameSource,
  socialProviderNames,
  socialProviderProfiles,
  socialTestPassword,
  socialTestUsers,
} from './providers.js'
import { createMemoryStore } from './store.js'

/**
 * An OAuth 2 error a devnet provider can be told to answer its next authorization with.
 *
 * @example
 * ```ts
 * devnet.social.providers.google.failNextAuthorization('access_denied')
 * ```
 */
export type SocialAuthorizationError = 'access_denied' | 'server_error' | 'temporarily_unavailable'

const authorizationErrors: readonly SocialAuthorizationError[] = [
  'access_denied',
  'server_error',
  'temporarily_unavailable',
]

const errorDescriptions: Record<SocialAuthorizationError, string> = {
  access_denied: 'The user denied the request',
  server_error: 'The provider failed to handle the request',
  temporarily_unavailable: 'The provider is temporarily unavailable',
}

/**
 * One running devnet social-login provider: what an auth server configures to log in with it.
 *
 * @example
 * ```ts
 * const github = devnet.social.providers.github
 * const config = new client.Configuration(
 *   { issuer: github.issuer, authorization_endpoint: github.authorizationEndpoint, token_endpoint: github.tokenEndpoint },
 *   github.clientId, github.clientSecret, client.ClientSecretPost(github.clientSecret),
 * )
 * ```
 */
export interface DevnetSocialProvider {
  name: SocialProviderName
  /** The issuer and origin, e.g. `http://127.0.0.1:8800`; discovery at `/.well-known/openid-configuration`. */
  issuer: string
  /** OpenID Connect (read the id token) or OAuth 2 only at the real provider (read `userEndpoint`). */
  protocol: 'openid-connect' | 'oauth2'
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  /** The real provider's user endpoint (GitHub `/user`, X `/2/users/me`, Discord `/users/@me`, Facebook `/me`). */
  userEndpoint?: string
  clientId: string
  clientSecret: string
  /** How the token endpoint authenticates the client, as the real provider documents it. */
  tokenEndpointAuthMethod: 'client_secret_post' | 'client_secret_basic'
  /** The scopes a web app asks the real provider for. */
  scope: string
  /** Where the provider's username is: an id-token claim, or a field of the user endpoint's JSON. */
  username: SocialUsernameSource
  users: readonly SocialTestUser[]
  /** A page that runs a whole login against this provider (its own client), for a human to try. */
  tryUrl: string
  /** The next authorization answers `error` (once) instead of showing the login page. */
  failNextAuthorization(error?: SocialAuthorizationError): void
}

/**
 * Options for {@link startSocialProviders}.
 *
 * @example
 * ```ts
 * const social = await startSocialProviders({ redirectUris: ['http://127.0.0.1:8790/v1/social/callback'] })
 * ```
 */
export interface StartSocialProvidersOptions {
  /** Loopback address (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** A port per provider; 0 or absent: a free port. */
  ports?: Partial<Record<SocialProviderName, number>>
  /** Redirect URIs the devnet clients accept, exactly. */
  redirectUris?: readonly string[]
  /** Origins (e.g. the auth server's) under which the devnet clients accept any redirect URI. */
  redirectOrigins?: readonly string[]
}

/**
 * The running social-login providers.
 *
 * @example
 * ```ts
 * const social: SocialProviders = await startSocialProviders()
 * social.allowRedirectUri('http://127.0.0.1:3000/callback')
 * await social.stop()
 * ```
 */
export interface SocialProviders {
  providers: Readonly<Record<SocialProviderName, DevnetSocialProvider>>
  /** Lets every devnet client redirect to `uri` (exact match). */
  allowRedirectUri(uri: string): void
  /** Lets every devnet client redirect anywhere under `origin` (e.g. the devnet auth server). */
  allowRedirectOrigin(origin: string): void
  /** Builds the authorization servers now (keys, imports) instead of on the first request. */
  ready(): Promise<void>
  stop(): Promise<void>
}

/** The redirect URIs the devnet clients accept; shared by the six providers, changed at run time. */
class RedirectAllowList {
  readonly #uris = new Set<string>()
  readonly #origins = new Set<string>()
  constructor(uris: readonly string[] = [], origins: readonly string[] = []) {
    for (const uri of uris) this.addUri(uri)
    for (const origin of origins) this.addOrigin(origin)
  }
  addUri(uri: string): void {
    this.#uris.add(new URL(uri).href)
  }
  addOrigin(origin: string): void {
    const url = new URL(origin)
    if (url.origin === 'null') throw new TypeError(`not an http(s) origin: ${origin}`)
    this.#origins.add(url.origin)
  }
  allows(uri: string): boolean {
    let url: URL
    try {
      url = new URL(uri)
    } catch {
      return false
    }
    // A fragment is never allowed in a redirect URI (RFC 6749 3.1.2).
    if (url.hash) return false
    return this.#uris.has(uri) || this.#origins.has(url.origin)
  }
}

const generateRsaKeyPair = promisify(generateKeyPair)

async function signingKey(name: SocialProviderName): Promise<JWK> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' }) as JWK
  return { ...jwk, kid: `${name}-${randomUUID().slice(0, 8)}`, use: 'sig', alg: 'RS256' }
}

/** The claims OpenID Connect scopes release (id token and userinfo). */
function oidcClaims(profile: SocialProviderProfile, user: SocialTestUser, issuer: string) {
  const [given, ...family] = user.name.split(' ')
  const base = { sub: user.id, email: user.email, email_verified: true }
  if (profile.name === 'apple') return { ...base, is_private_email: user.email.endsWith('@privaterelay.appleid.com') }
  return {
    ...base,
    name: user.name,
    given_name: given,
    family_name: family.join(' '),
    preferred_username: user.username,
    picture: `${issuer}/avatars/${user.id}.svg`,
  }
}

/** The real provider's user endpoint answer for `user` (only the fields a login reads). */
function userEndpointBody(
  profile: SocialProviderProfile,
  user: SocialTestUser,
  issuer: string,
  scopes: ReadonlySet<string>,
  query: URLSearchParams,
): unknown {
  const picture = `${issuer}/avatars/${user.id}.svg`
  switch (profile.name) {
    case 'github':
      return {
        login: user.username,
        id: Number(user.id),
        node_id: `U_devnet${user.id}`,
        avatar_url: picture,
        html_url: `${issuer}/${user.username}`,
        type: 'User',
        name: user.name,
        email: user.email,
      }
    case 'x': {
      const fields = new Set((query.get('user.fields') ?? '').split(','))
      return {
        data: {
          id: user.id,
          name: user.name,
          username: user.username,
          ...(fields.has('profile_image_url') ? { profile_image_url: picture } : {}),
        },
      }
    }
    case 'discord':
      return {
        id: user.id,
        username: user.username,
        global_name: user.name,
        discriminator: '0',
        avatar: null,
        verified: true,
        ...(scopes.has('email') ? { email: user.email } : {}),
      }
    case 'facebook': {
      // Graph answers the fields asked for (default id and name); email only with the email scope.
      const asked = new Set((query.get('fields') ?? 'id,name').split(',').map((f) => f.trim()))
      const all: Record<string, unknown> = {
        id: user.id,
        name: user.name,
        ...(scopes.has('email') ? { email: user.email } : {}),
        picture: { data: { url: picture, is_silhouette: false } },
      }
      return Object.fromEntries(Object.entries(all).filter(([key]) => asked.has(key)))
    }
    default:
      return { sub: user.id, email: user.email }
  }
}

/** The real provider's answer to a missing or bad access token on its user endpoint. */
function badTokenAnswer(profile: SocialProviderProfile): { status: 400 | 401; body: unknown } {
  switch (profile.name) {
    case 'github':
      return {
        status: 401,
        body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
      }
    case 'x':
      return { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } }
    case 'discord':
      return { status: 401, body: { message: '401: Unauthorized', code: 0 } }
    case 'facebook':
      return {
        status: 400,
        body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
      }
    default:
      return { status: 401, body: { error: 'invalid_token' } }
  }
}

/** The user endpoint paths the real provider serves (API base paths included). */
function userEndpointPaths(profile: SocialProviderProfile): string[] {
  switch (profile.name) {
    case 'github':
      return ['/user']
    case 'x':
      return ['/2/users/me']
    case 'discord':
      return ['/users/@me', '/api/users/@me', '/api/v10/users/@me']
    case 'facebook':
      return ['/me', '/v21.0/me']
    default:
      return []
  }
}

interface ProviderState {
  profile: SocialProviderProfile
  issuer: string
  users: readonly SocialTestUser[]
  client: { clientId: string; clientSecret: string }
  redirects: RedirectAllowList
  pendingError: SocialAuthorizationError | undefined
  /** Logins started from the "try this" page, by state. */
  tries: Map<string, { verifier: string; nonce?: string }>
}

async function buildProvider(state: ProviderState): Promise<Provider> {
  const { profile, issuer, users, client, redirects } = state
  const [{ default: ProviderClass, interactionPolicy }, key] = await Promise.all([
    import('oidc-provider'),
    signingKey(profile.name),
  ])
  const policy = interactionPolicy.base()
  // A devnet provider asks who signs in on every authorization (as an account chooser does), so
  // a test can switch users in one browser and the error switch always has a page to act on.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('devnet_choose_account', 'the devnet asks who signs in every time', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    )
  const provider = new ProviderClass(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [`${issuer}/devnet/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: profile.tokenEndpointAuthMethod,
      },
    ],
    adapter: createMemoryStore(),
    // Authorization code + PKCE (S256) for every client, confidential ones included.
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    // The devnet client is first-party: its grant is made on login, so there is no consent page.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '')
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId)
        if (existing) return existing
      }
      const accountId = ctx.oidc.session?.accountId
      const clientId = ctx.oidc.client?.clientId
      if (!accountId || !clientId) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId })
      grant.addOIDCScope(ctx.oidc.params?.scope ? String(ctx.oidc.params.scope) : 'openid')
      grant.addOIDCClaims([
        'sub',
        'email',
        'email_verified',
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'picture',
        'is_private_email',
      ])
      await grant.save()
      return grant
    },
    findAccount: (_ctx, id) => {
      const user = users.find((u) => u.id === id)
      return user ? { accountId: user.id, claims: () => oidcClaims(profile, user, issuer) } : undefined
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', ...(profile.name === 'apple' ? ['is_private_email'] : [])],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'picture'],
    },
    // Real id tokens carry the scope's claims (Google's has the email), not only `sub`.
    conformIdTokenClaims: false,
    scopes: [...new Set(['openid', 'offline_access', ...profile.scope.split(' ')])],
    jwks: { keys: [key] },
    routes: profile.routes,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    clientBasedCORS: () => true,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = String(
        messagePage(profile, 'Sign-in error', `${out.error}: ${out.error_description ?? 'the request was refused'}`),
      )
    },
  })
  const ownCallback = `${issuer}/devnet/callback`
  provider.Client.prototype.redirectUriAllowed = (value: string) => value === ownCallback || redirects.allows(value)
  if (profile.tokenEndpointAuthMethod === 'client_secret_basic') {
    // oidc-provider takes the secret in the body as well as in the header for either method; X
    // takes it only in the header, so an auth server set up to post it fails here as it would there.
    provider.use(async (ctx, next) => {
      if (ctx.method === 'POST' && ctx.path === profile.routes.token && !/^Basic /i.test(ctx.get('authorization'))) {
        ctx.status = 401
        ctx.body = { error: 'invalid_client', error_description: 'client authentication failed' }
        return
      }
      await next()
    })
  }
  if (profile.name === 'apple') {
    // Apple sends name and email only by form_post, and refuses any other response mode for them.
    provider.use(async (ctx, next) => {
      if (ctx.method === 'GET' && ctx.path === profile.routes.authorization) {
        const scopes = String(ctx.query.scope ?? '').split(' ')
        if ((scopes.includes('name') || scopes.includes('email')) && ctx.query.response_mode !== 'form_post') {
          ctx.status = 400
          ctx.type = 'html'
          ctx.body = String(
            messagePage(
              profile,
              'invalid_request',
              'response_mode must be form_post when name or email scope is requested.',
            ),
          )
          return
        }
      }
      await next()
    })
  }
  return provider
}

async function startOne(
  profile: SocialProviderProfile,
  host: string,
  port: number,
  redirects: RedirectAllowList,
): Promise<{ provider: DevnetSocialProvider; ready(): Promise<void>; stop(): Promise<void> }> {
  const app = new Hono<NodeEnv>()
  let building: Promise<Provider> | undefined
  let handler: ReturnType<Provider['callback']> | undefined
  const state: ProviderState = {
    profile,
    issuer: '',
    users: socialTestUsers[profile.name],
    client: devnetSocialClient(profile.name),
    redirects,
    pendingError: undefined,
    tries: new Map(),
  }
  const oidc = () => {
    building ??= buildProvider(state).catch((error: unknown) => {
      building = undefined // a failed build (e.g. key generation) is retried by the next request
      throw error
    })
    return building
  }
  const userOf = (id: string) => state.users.find((u) => u.id === id)
  const form = async (c: { req: { parseBody(): Promise<Record<string, unknown>> } }) => {
    const body = await c.req.parseBody()
    return (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '')
  }

  // oidc-provider's errors on our pages (an interaction opened in another browser, or expired)
  // carry an OAuth error and a 4xx status: show them as the provider's error page, not a 500.
  app.onError((error, c) => {
    const {
      status,
      error: code,
      error_description: description,
    } = error as Error & {
      status?: number
      error?: string
      error_description?: string
    }
    if (typeof status === 'number' && status >= 400 && status < 500 && code)
      return c.html(messagePage(profile, 'Sign-in error', `${code}: ${description ?? error.message}`), status as 400)
    console.error(`devnet ${profile.name} provider:`, error)
    return c.html(messagePage(profile, 'Sign-in error', 'The provider failed to handle the request.'), 500)
  })
  app.use('/__devnet/*', cors())
  app.get('/__devnet/switches', (c) => c.json({ nextAuthorization: state.pendingError ?? null }))
  app.post('/__devnet/switches', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { nextAuthorization?: unknown } | null
    const next = body?.nextAuthorization
    if (next !== null && !authorizationErrors.includes(next as SocialAuthorizationError))
      return c.json({ error: `nextAuthorization must be one of ${authorizationErrors.join(', ')} or null` }, 400)
    state.pendingError = (next ?? undefined) as SocialAuthorizationError | undefined
    return c.json({ nextAuthorization: state.pendingError ?? null })
  })

  app.get('/avatars/:file{[0-9.a-f]+\\.svg}', (c) => {
    const user = userOf(c.req.param('file').replace(/\.svg$/, ''))
    if (!user) return c.notFound()
    return c.body(avatarSvg(profile, user), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' })
  })

  app.get('/interaction/:uid', async (c) => {
    const provider = await oidc()
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing)
    if (details.prompt.name !== 'login')
      return c.html(messagePage(profile, 'Sign-in error', 'Nothing to do here.'), 400)
    const error = state.pendingError
    if (error) {
      state.pendingError = undefined
      const to = await provider.interactionResult(
        c.env.incoming,
        c.env.outgoing,
        { error, error_description: errorDescriptions[error] },
        { mergeWithLastSubmission: false },
      )
      return c.redirect(to, 303)
    }
    return c.html(
      loginPage(profile, { uid: details.uid, clientId: String(details.params.client_id), users: state.users }),
    )
  })
  app.post('/interaction/:uid/login', async (c) => {
    const provider = await oidc()
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing)
    const field = await form(c)
    const login = field('username').trim().toLowerCase()
    const user = state.users.find((u) => u.username.toLowerCase() === login || u.email.toLowerCase() === login)
    if (!user || field('password') !== socialTestPassword)
      return c.html(
        loginPage(profile, {
          uid: details.uid,
          clientId: String(details.params.client_id),
          users: state.users,
          error: 'Wrong username or password.',
          username: field('username'),
        }),
        401,
      )
    const to = await provider.interactionResult(c.env.incoming, c.env.outgoing, { login: { accountId: user.id } })
    return c.redirect(to, 303)
  })
  app.post('/interaction/:uid/pick', async (c) => {
    const provider = await oidc()
    await provider.interactionDetails(c.env.incoming, c.env.outgoing)
    const user = userOf((await form(c))('account'))
    if (!user) return c.html(messagePage(profile, 'Sign-in error', 'No such test user.'), 400)
    const to = await provider.interactionResult(c.env.incoming, c.env.outgoing, { login: { accountId: user.id } })
    return c.redirect(to, 303)
  })
  app.post('/interaction/:uid/abort', async (c) => {
    const provider = await oidc()
    const to = await provider.interactionResult(
      c.env.incoming,
      c.env.outgoing,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    )
    return c.redirect(to, 303)
  })

  for (const path of userEndpointPaths(profile)) {
    app.get(path, async (c) => {
      const provider = await oidc()
      const header = c.req.header('authorization') ?? ''
      // Bearer everywhere; GitHub also takes `token`, Graph also takes `?access_token=`.
      const match = /^(?:Bearer|token)\s+(\S+)$/i.exec(header)
      const value = match?.[1] ?? (profile.name === 'facebook' ? c.req.query('access_token') : undefined)
      const token = value ? await provider.AccessToken.find(value) : undefined
      const user = token && !token.isExpired ? userOf(token.accountId) : undefined
      if (!token || !user) {
        const { status, body } = badTokenAnswer(profile)
        return c.json(body, status)
      }
      const body = userEndpointBody(
        profile,
        user,
        state.issuer,
        new Set(String(token.scope ?? '').split(' ')),
        new URL(c.req.url).searchParams,
      )
      return c.json(body)
    })
  }

  // "Try this": a whole login with the provider's own devnet client, ending on a page that names
  // the user, so a human can see the provider work without an app.
  app.get('/devnet/try', async (c) => {
    await oidc()
    const verifier = randomBytes(32).toString('base64url')
    const challenge = await sha256base64url(verifier)
    const stateParam = randomBytes(16).toString('base64url')
    const nonce = profile.protocol === 'openid-connect' ? randomBytes(16).toString('base64url') : undefined
    state.tries.set(stateParam, { verifier, ...(nonce ? { nonce } : {}) })
    const url = new URL(`${state.issuer}${profile.routes.authorization}`)
    url.search = new URLSearchParams({
      client_id: state.client.clientId,
      redirect_uri: `${state.issuer}/devnet/callback`,
      response_type: 'code',
      scope: profile.scope,
      state: stateParam,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...(nonce ? { nonce } : {}),
      ...(profile.name === 'apple' ? { response_mode: 'form_post' } : {}),
    }).toString()
    return c.redirect(url.href, 302)
  })
  const tryCallback = async (params: URLSearchParams) => {
    const stateParam = params.get('state') ?? ''
    const started = state.tries.get(stateParam)
    state.tries.delete(stateParam)
    if (params.get('error'))
      return `The provider answered ${params.get('error')}: ${params.get('error_description') ?? ''}`
    if (!started) return 'Unknown state: start again from /devnet/try.'
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code') ?? '',
      redirect_uri: `${state.issuer}/devnet/callback`,
      code_verifier: started.verifier,
    })
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    }
    if (profile.tokenEndpointAuthMethod === 'client_secret_basic')
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(state.client.clientId)}:${encodeURIComponent(state.client.clientSecret)}`).toString('base64')}`
    else {
      body.set('client_id', state.client.clientId)
      body.set('client_secret', state.client.clientSecret)
    }
    const tokens = (await (
      await fetch(`${state.issuer}${profile.routes.token}`, { method: 'POST', headers, body })
    ).json()) as {
      access_token?: string
      id_token?: string
      error?: string
    }
    if (!tokens.access_token) return `The token endpoint answered ${tokens.error ?? 'no token'}.`
    const username = await readUsername(profile, state.issuer, tokens)
    return `Signed in to ${profile.label} as ${username}.`
  }
  app.get('/devnet/callback', async (c) =>
    c.html(messagePage(profile, 'Devnet login', await tryCallback(new URL(c.req.url).searchParams))),
  )
  app.post('/devnet/callback', async (c) => {
    const body = await c.req.parseBody()
    const params = new URLSearchParams(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
    )
    return c.html(messagePage(profile, 'Devnet login', await tryCallback(params)))
  })

  // Everything else is the authorization server: discovery, JWKS, authorize, token, userinfo.
  app.all('*', async (c) => {
    const provider = await oidc()
    handler ??= provider.callback()
    handler(c.env.incoming, c.env.outgoing)
    return RESPONSE_ALREADY_SENT
  })

  const server = await serveEmulator(app, { host, port })
  state.issuer = server.url
  const issuer = server.url
  const userPath = profile.username.kind === 'user_endpoint' ? profile.username.path : undefined
  return {
    provider: {
      name: profile.name,
      issuer,
      protocol: profile.protocol,
      authorizationEndpoint: `${issuer}${profile.routes.authorization}`,
      tokenEndpoint: `${issuer}${profile.routes.token}`,
      jwksUri: `${issuer}${profile.routes.jwks}`,
      ...(userPath ? { userEndpoint: `${issuer}${userPath.split('?')[0]}` } : {}),
      ...state.client,
      tokenEndpointAuthMethod: profile.tokenEndpointAuthMethod,
      scope: profile.scope,
      username: profile.username,
      users: state.users,
      tryUrl: `${issuer}/devnet/try`,
      failNextAuthorization(error = 'access_denied') {
        if (!authorizationErrors.includes(error)) throw new TypeError(`not an authorization error: ${String(error)}`)
        state.pendingError = error
      },
    },
    ready: () => oidc().then(() => undefined),
    stop: () => server.stop(),
  }
}

async function sha256base64url(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return Buffer.from(digest).toString('base64url')
}

/** Reads the username the way an auth server would: from the id token or the user endpoint. */
async function readUsername(
  profile: SocialProviderProfile,
  issuer: string,
  tokens: { access_token?: string; id_token?: string },
): Promise<string> {
  const source = profile.username
  if (source.kind === 'id_token') {
    const payload = JSON.parse(Buffer.from(tokens.id_token?.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}')
    return String(payload[source.claim] ?? '(no claim)')
  }
  const response = await fetch(`${issuer}${source.path}`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  })
  let value: unknown = await response.json()
  for (const key of source.field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key]
  return String(value ?? '(no username)')
}

/**
 * Starts the six social-login providers (google, github, apple, facebook, x, discord), each a
 * real OpenID Connect / OAuth 2 server on its own loopback port: discovery, JWKS, authorization
 * code + PKCE (S256, required), state and nonce, RS256 id tokens signed with the provider's own
 * key, a login page (account picker, or username + password), no consent page for the devnet
 * client, and the real provider's user endpoint where the real provider is OAuth 2 only.
 *
 * @example
 * ```ts
 * import * as client from 'openid-client'
 * import { startSocialProviders } from '@portico/devnet'
 *
 * const social = await startSocialProviders({ redirectUris: ['http://127.0.0.1:3000/callback'] })
 * const google = social.providers.google
 * const config = await client.discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
 *   execute: [client.allowInsecureRequests],
 * })
 * ```
 */
export async function startSocialProviders(options: StartSocialProvidersOptions = {}): Promise<SocialProviders> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const redirects = new RedirectAllowList(options.redirectUris, options.redirectOrigins)
  const results = await Promise.allSettled(
    socialProviderNames.map((name) =>
      startOne(socialProviderProfiles[name], host, options.ports?.[name] ?? 0, redirects),
    ),
  )
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await Promise.allSettled(started.map((s) => s.stop()))
    throw failed.reason
  }
  let stopping: Promise<void> | undefined
  return {
    providers: Object.fromEntries(started.map((s) => [s.provider.name, s.provider])) as Record<
      SocialProviderName,
      DevnetSocialProvider
    >,
    allowRedirectUri: (uri) => redirects.addUri(uri),
    allowRedirectOrigin: (origin) => redirects.addOrigin(origin),
    ready: () => Promise.all(started.map((s) => s.ready())).then(() => undefined),
    stop() {
      stopping ??= Promise.all(started.map((s) => s.stop())).then(() => undefined)
      return stopping
    },
  }
}
