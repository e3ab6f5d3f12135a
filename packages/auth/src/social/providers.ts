import * as client from 'openid-client'
import { AuthError } from '../errors.js'

/**
 * The social-login providers the auth server accepts, as the spec lists them. Any other name is
 * refused before anything is stored or fetched.
 *
 * @example
 * ```ts
 * const name: SocialProviderName = 'github'
 * ```
 */
export type SocialProviderName = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/** The six names, in the spec's order. */
export const socialProviderNames = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/**
 * One social-login provider of the auth server: an OpenID Connect issuer (discovered from
 * `issuer`) or an OAuth 2 server given by its endpoints, the OAuth client registered there, the
 * scopes, and where the provider's username (and, for OAuth 2, the user's id) is read.
 *
 * @example
 * ```ts
 * const google: SocialProviderConfig = {
 *   issuer: 'https://accounts.google.com',
 *   clientId: process.env.GOOGLE_CLIENT_ID!, clientSecret: process.env.GOOGLE_CLIENT_SECRET!,
 *   scope: 'openid email profile',
 *   username: { claim: 'email' },
 * }
 * const github: SocialProviderConfig = {
 *   issuer: 'https://github.com',
 *   authorizationEndpoint: 'https://github.com/login/oauth/authorize',
 *   tokenEndpoint: 'https://github.com/login/oauth/access_token',
 *   clientId: '…', clientSecret: '…', scope: 'read:user user:email',
 *   username: { userEndpoint: 'https://api.github.com/user', field: 'login', idField: 'id' },
 * }
 * ```
 */
export interface SocialProviderConfig {
  /** The issuer. Without endpoints it is an OpenID Connect issuer, discovered at `/.well-known/openid-configuration`. */
  issuer: string
  /** OAuth 2 providers (no discovery, no id token): the authorization endpoint. */
  authorizationEndpoint?: string
  /** OAuth 2 providers: the token endpoint. */
  tokenEndpoint?: string
  clientId: string
  clientSecret: string
  scope: string
  /** How the client authenticates at the token endpoint (default `client_secret_post`). */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic'
  /** `form_post` for providers that answer by a form (Apple with the email or name scope). */
  responseMode?: 'query' | 'form_post'
  /**
   * Where the username is: a claim of the id token (OpenID Connect), or a field (dot path) of the
   * provider's user endpoint's JSON, read with the access token, whose `idField` is the user's id.
   */
  username: { claim: string } | { userEndpoint: string; field: string; idField: string }
  /** Plain `http://` endpoints (a local provider). Never in production. */
  allowInsecureRequests?: boolean
}

/** The social providers of a server, by name. */
export type SocialProvidersConfig = Partial<Record<SocialProviderName, SocialProviderConfig>>

/**
 * Refuses, when the server is created, a provider its logins could never use: a name outside the
 * six, an issuer or endpoint that is no http(s) URL, an empty client id or secret. Each login would
 * otherwise fail as "Could not reach …", which points the operator at the network.
 *
 * @example
 * checkSocialProviders({ google: { issuer: 'https://accounts.google.com', clientId, clientSecret, … } })
 */
export function checkSocialProviders(providers: SocialProvidersConfig): void {
  for (const [name, config] of Object.entries(providers)) {
    if (!config) continue
    const refuse = (what: string) => {
      throw new AuthError('BAD_REQUEST', `social.${name}: ${what}`)
    }
    if (!(socialProviderNames as readonly string[]).includes(name)) refuse('not one of the six social providers')
    const urls = {
      issuer: config.issuer,
      authorizationEndpoint: config.authorizationEndpoint,
      tokenEndpoint: config.tokenEndpoint,
      userEndpoint: 'userEndpoint' in config.username ? config.username.userEndpoint : undefined,
    }
    for (const [field, url] of Object.entries(urls))
      if ((field === 'issuer' || url !== undefined) && !isWebUrl(url)) refuse(`${field} is not an http(s) URL`)
    if (typeof config.clientId !== 'string' || !config.clientId) refuse('clientId is empty')
    if (typeof config.clientSecret !== 'string' || !config.clientSecret) refuse('clientSecret is empty')
  }
}

function isWebUrl(value: unknown): boolean {
  try {
    return typeof value === 'string' && ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The provider named `name`, configured: `BAD_REQUEST` for a name outside the six or one not configured. */
export function providerConfig(
  providers: SocialProvidersConfig,
  name: string,
): { name: SocialProviderName; config: SocialProviderConfig } {
  if (!(socialProviderNames as readonly string[]).includes(name))
    throw new AuthError('BAD_REQUEST', `Unknown social provider ${JSON.stringify(name.slice(0, 32))}`)
  const config = providers[name as SocialProviderName]
  if (!config) throw new AuthError('BAD_REQUEST', `Social provider ${name} is not configured on this server`)
  return { name: name as SocialProviderName, config }
}

/**
 * openid-client's configuration of a provider, built once per provider and configuration object
 * (OpenID Connect discovery is a request): a failed discovery is retried by the next login.
 */
export function createClientCache() {
  const cache = new WeakMap<SocialProviderConfig, Promise<client.Configuration>>()
  return (provider: SocialProviderConfig): Promise<client.Configuration> => {
    let configuration = cache.get(provider)
    if (!configuration) {
      configuration = build(provider)
      cache.set(provider, configuration)
      configuration.catch(() => cache.delete(provider))
    }
    return configuration
  }
}

async function build(provider: SocialProviderConfig): Promise<client.Configuration> {
  const auth =
    provider.tokenEndpointAuthMethod === 'client_secret_basic'
      ? client.ClientSecretBasic(provider.clientSecret)
      : client.ClientSecretPost(provider.clientSecret)
  if (!provider.authorizationEndpoint || !provider.tokenEndpoint) {
    return client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      auth,
      provider.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
    )
  }
  const configuration = new client.Configuration(
    {
      issuer: provider.issuer,
      authorization_endpoint: provider.authorizationEndpoint,
      token_endpoint: provider.tokenEndpoint,
    },
    provider.clientId,
    undefined,
    auth,
  )
  if (provider.allowInsecureRequests) client.allowInsecureRequests(configuration)
  return configuration
}
