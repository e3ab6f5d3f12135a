import type { IncomingMessage } from 'node:http'
import type { AuthDeps, RequestContext } from '../deps.js'
import type { PasskeyRelyingParty } from '../passkeys/passkeys.js'
import type { SessionContext } from '../sessions/sessions.js'
import type { FarcasterDeps } from '../social/farcaster.js'
import type { SocialDeps } from '../social/social.js'

/**
 * A project (an app using the embedded wallet): its id, sent by the secure frame with every
 * request, and the page origins allowed to embed the wallet (exact, or with `*` wildcards).
 *
 * @example
 * ```ts
 * const project: AuthProject = { id: 'my-dapp', allowedOrigins: ['https://app.example.com', 'https://*.example.com'] }
 * ```
 */
export interface AuthProject {
  id: string
  allowedOrigins: string[]
}

/** What the HTTP layer needs beyond the domain modules' dependencies. */
export interface AuthHttpConfig {
  deps: AuthDeps
  projects: ReadonlyMap<string, AuthProject>
  /** Origins of the secure frame: the only callers whose `X-Portico-Origin` is believed. */
  frameOrigins(): readonly string[]
  /** Requests per window per client and route group, or `false`. */
  rateLimit: { perWindow: number; windowMs: number } | false
  trustProxy: boolean
  /** The passkeys' relying party (the secure frame's origin). */
  passkeys: PasskeyRelyingParty
  /** Social-login providers (read per request) and their openid-client configurations. */
  social: SocialDeps
  /** Sign In With Farcaster (read per request) and its auth client. */
  farcaster: FarcasterDeps
}

/**
 * Hono's environment for the auth routes. `incoming` is there when `@hono/node-server` serves the
 * request (the client's socket address comes from it); a host mounting `fetch` elsewhere has none.
 */
export interface AuthEnv {
  Bindings: { incoming?: IncomingMessage } | undefined
  Variables: {
    request: RequestContext
    session: SessionContext
  }
}
