/**
 * The six social-login providers the kit supports, as the devnet emulates them: each one's
 * endpoint paths, client authentication, default scopes, test users and where its username is
 * read. Paths mirror the real provider's (on one loopback origin per provider instead of the
 * real split across hosts, e.g. github.com and api.github.com), so an auth server configured "by
 * endpoints" points at the same paths it would use in production, only on another origin.
 */

/**
 * A social-login provider name, as the spec lists them.
 *
 * @example
 * ```ts
 * const name: SocialProviderName = 'github'
 * ```
 */
export type SocialProviderName = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/**
 * The six social-login providers, in the order the spec lists the valid ones.
 *
 * @example
 * ```ts
 * for (const name of socialProviderNames) console.log(devnet.social.providers[name].issuer)
 * ```
 */
export const socialProviderNames = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const satisfies readonly SocialProviderName[]

/**
 * A test user of a devnet social provider. Every test user's password is {@link socialTestPassword}.
 *
 * @example
 * ```ts
 * const [ada] = socialTestUsers.github // { username: 'ada-lovelace', ... }
 * ```
 */
export interface SocialTestUser {
  /** The provider's subject (`sub` in id tokens, `id` in its user endpoint). */
  id: string
  /** What the provider calls the username (GitHub `login`, X/Discord `username`, Google/Apple the email). */
  username: string
  email: string
  name: string
}

/**
 * The password of every devnet social test user. Public: local use only.
 *
 * @example
 * ```ts
 * await page.getByLabel('Password').fill(socialTestPassword)
 * ```
 */
export const socialTestPassword = 'devnet-password'

/**
 * Two or more test users per provider, with provider-style usernames and emails: Google and
 * Apple users log in by email (Apple's second one has a private-relay address), GitHub, X and
 * Discord by handle, Facebook by email with a numeric app-scoped id.
 *
 * @example
 * ```ts
 * const grace = socialTestUsers.x[1] // { username: 'gracehopper', ... }
 * ```
 */
export const socialTestUsers: Readonly<Record<SocialProviderName, readonly SocialTestUser[]>> = {
  google: [
    {
      id: '104215937601782345678',
      username: 'ada.lovelace@gmail.com',
      email: 'ada.lovelace@gmail.com',
      name: 'Ada Lovelace',
    },
    {
      id: '117830254993016452391',
      username: 'grace.hopper@gmail.com',
      email: 'grace.hopper@gmail.com',
      name: 'Grace Hopper',
    },
  ],
  github: [
    { id: '5830961', username: 'ada-lovelace', email: 'ada@analytical.engine', name: 'Ada Lovelace' },
    { id: '7204417', username: 'gracehopper', email: 'grace@cobol.dev', name: 'Grace Hopper' },
  ],
  apple: [
    {
      id: '001842.4c7e1f0b6a2d4e3f9b8c5d7e6f1a2b3c.1024',
      username: 'ada@icloud.com',
      email: 'ada@icloud.com',
      name: 'Ada Lovelace',
    },
    {
      id: '001842.9d3b2a1c0e4f4a6b8c7d5e3f2a1b0c9d.1024',
      username: 'x7k2m9p4qd@privaterelay.appleid.com',
      email: 'x7k2m9p4qd@privaterelay.appleid.com',
      name: 'Grace Hopper',
    },
  ],
  facebook: [
    {
      id: '10160234567890123',
      username: 'ada.lovelace@facebook.test',
      email: 'ada.lovelace@facebook.test',
      name: 'Ada Lovelace',
    },
    {
      id: '10158876543210987',
      username: 'grace.hopper@facebook.test',
      email: 'grace.hopper@facebook.test',
      name: 'Grace Hopper',
    },
  ],
  x: [
    { id: '1456789012345678901', username: 'ada_lovelace', email: 'ada@x.test', name: 'Ada Lovelace' },
    { id: '1298765432109876543', username: 'gracehopper', email: 'grace@x.test', name: 'Grace Hopper' },
  ],
  discord: [
    { id: '80351110224678912', username: 'ada.lovelace', email: 'ada@discord.test', name: 'Ada Lovelace' },
    { id: '80351110224678913', username: 'grace_hopper', email: 'grace@discord.test', name: 'Grace Hopper' },
  ],
}

/** How the auth server reads the provider's username. */
export type SocialUsernameSource =
  /** OpenID Connect: a claim of the id token (and of the userinfo endpoint). */
  | { kind: 'id_token'; claim: 'email' }
  /** OAuth 2: the provider's own user endpoint, called with the access token; `path` into its JSON. */
  | { kind: 'user_endpoint'; path: string; field: string }

/** @internal The static description of one provider. */
export interface SocialProviderProfile {
  name: SocialProviderName
  /** The real provider's label, for the login page. */
  label: string
  /** OpenID Connect (id token) or OAuth 2 only (read the user endpoint) at the real provider. */
  protocol: 'openid-connect' | 'oauth2'
  /** oidc-provider route paths (the real provider's paths). */
  routes: { authorization: string; token: string; userinfo: string; jwks: string }
  /** The token endpoint's client authentication, as the real provider documents it for web apps. */
  tokenEndpointAuthMethod: 'client_secret_post' | 'client_secret_basic'
  /** The scopes a web app asks for at the real provider. */
  scope: string
  username: SocialUsernameSource
  /** Colour of the login page's header, so a human sees which provider they are on. */
  colour: string
}

/** @internal */
export const socialProviderProfiles: Readonly<Record<SocialProviderName, SocialProviderProfile>> = {
  google: {
    name: 'google',
    label: 'Google',
    protocol: 'openid-connect',
    routes: { authorization: '/o/oauth2/v2/auth', token: '/token', userinfo: '/v1/userinfo', jwks: '/oauth2/v3/certs' },
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: 'openid email profile',
    username: { kind: 'id_token', claim: 'email' },
    colour: '#1a73e8',
  },
  github: {
    name: 'github',
    label: 'GitHub',
    protocol: 'oauth2',
    routes: {
      authorization: '/login/oauth/authorize',
      token: '/login/oauth/access_token',
      userinfo: '/login/oauth/userinfo',
      jwks: '/login/oauth/jwks',
    },
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: 'read:user user:email',
    username: { kind: 'user_endpoint', path: '/user', field: 'login' },
    colour: '#24292f',
  },
  apple: {
    name: 'apple',
    label: 'Apple',
    protocol: 'openid-connect',
    routes: { authorization: '/auth/authorize', token: '/auth/token', userinfo: '/auth/userinfo', jwks: '/auth/keys' },
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: 'openid email name',
    username: { kind: 'id_token', claim: 'email' },
    colour: '#000000',
  },
  facebook: {
    name: 'facebook',
    label: 'Facebook',
    protocol: 'oauth2',
    routes: {
      authorization: '/v21.0/dialog/oauth',
      token: '/v21.0/oauth/access_token',
      userinfo: '/v21.0/oauth/userinfo',
      jwks: '/.well-known/oauth/openid/jwks/',
    },
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: 'public_profile email',
    username: { kind: 'user_endpoint', path: '/me?fields=id,name,email', field: 'email' },
    colour: '#1877f2',
  },
  x: {
    name: 'x',
    label: 'X',
    protocol: 'oauth2',
    routes: {
      authorization: '/i/oauth2/authorize',
      token: '/2/oauth2/token',
      userinfo: '/2/oauth2/userinfo',
      jwks: '/2/oauth2/jwks',
    },
    tokenEndpointAuthMethod: 'client_secret_basic',
    scope: 'users.read tweet.read offline.access',
    username: { kind: 'user_endpoint', path: '/2/users/me', field: 'data.username' },
    colour: '#0f1419',
  },
  discord: {
    name: 'discord',
    label: 'Discord',
    protocol: 'oauth2',
    routes: {
      authorization: '/oauth2/authorize',
      token: '/api/oauth2/token',
      userinfo: '/api/oauth2/userinfo',
      jwks: '/api/oauth2/keys',
    },
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: 'identify email',
    username: { kind: 'user_endpoint', path: '/users/@me', field: 'username' },
    colour: '#5865f2',
  },
}

/**
 * The devnet's OAuth client of a provider: the id and secret an auth server configures.
 *
 * @example
 * ```ts
 * devnetSocialClient('google') // { clientId: 'portico-devnet-google', clientSecret: 'devnet-secret-google' }
 * ```
 */
export function devnetSocialClient(name: SocialProviderName): { clientId: string; clientSecret: string } {
  return { clientId: `portico-devnet-${name}`, clientSecret: `devnet-secret-${name}` }
}
