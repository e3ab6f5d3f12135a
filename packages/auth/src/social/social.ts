import { createHash, randomUUID } from 'node:crypto'
import * as client from 'openid-client'
import { SOCIAL_LOGIN_TTL_MS } from '../constants.js'
import { sha256 } from '../crypto.js'
import type { Database, Sql } from '../db/database.js'
import type { AuthDeps, RequestContext } from '../deps.js'
import { AuthError } from '../errors.js'
import { errorText } from '../log.js'
import { openSession, toUser } from '../sessions/sessions.js'
import { providerConfig, type SocialProviderConfig, type SocialProvidersConfig } from './providers.js'

/** What the social routes need besides the domain dependencies. */
export interface SocialDeps {
  providers: () => SocialProvidersConfig
  client: (provider: SocialProviderConfig) => Promise<client.Configuration>
}

/** The fixed callback path: providers redirect (or form-post) here. */
export const socialCallbackPath = '/v1/social/callback'

export type SocialLoginRow = {
  id: string
  provider: string
  code_verifier: string | null
  nonce: string
  channel_token: string | null
  device_hash: string
  project_id: string
  expires_at: Date
  consumed_at: Date | null
}

/**
 * Starts a social login for the calling device: a fresh state, nonce and PKCE verifier, stored
 * (the state only as a hash) with the device, project and page, and the provider's authorization
 * URL the frame opens in the popup.
 */
export async function startSocialLogin(
  deps: AuthDeps,
  social: SocialDeps,
  providerName: string,
  ctx: RequestContext,
): Promise<{ uri: string }> {
  const { name, config } = providerConfig(social.providers(), providerName)
  let configuration: client.Configuration
  try {
    configuration = await social.client(config)
  } catch (error) {
    deps.log.error('social.discovery_failed', { provider: name, error: errorText(error) })
    throw new AuthError('SOCIAL_LOGIN_FAILED', `Could not reach ${name}`)
  }
  const state = client.randomState()
  const nonce = client.randomNonce()
  const verifier = client.randomPKCECodeVerifier()
  const oidc = 'claim' in config.username
  const uri = client.buildAuthorizationUrl(configuration, {
    redirect_uri: `${deps.publicUrl()}${socialCallbackPath}`,
    scope: config.scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(oidc ? { nonce } : {}),
    ...(config.responseMode ? { response_mode: config.responseMode } : {}),
  })
  const db = await deps.database()
  const now = deps.now()
  await db.query(
    `INSERT INTO social_logins (id, provider, state_hash, code_verifier, nonce, device_hash, project_id, page_origin, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      randomUUID(),
      name,
      sha256(state),
      verifier,
      nonce,
      ctx.deviceHash,
      ctx.projectId,
      ctx.origin ?? '',
      new Date(now),
      new Date(now + SOCIAL_LOGIN_TTL_MS),
    ],
  )
  deps.log.info('social.started', { provider: name })
  return { uri: uri.href }
}

/** The callback's parameters (code, state, error, iss) out of the result URI the frame passes on. */
function callbackParams(resultUri: string): URLSearchParams {
  let url: URL
  try {
    url = new URL(resultUri)
  } catch {
    throw new AuthError('BAD_REQUEST', 'Invalid uri')
  }
  return url.searchParams
}

/**
 * Takes the login of `state` for this device, once: the row is marked consumed in the same
 * statement that finds it, so a replayed or doubled callback never finishes a second login.
 */
async function consumeLogin(
  deps: AuthDeps,
  db: Sql,
  where: { column: 'state_hash' | 'id'; value: string },
  ctx: RequestContext,
): Promise<SocialLoginRow> {
  const match = `${where.column} = $1 AND device_hash = $2 AND project_id = $3`
  // Only the update that finds it unused takes it: two uses in the same millisecond cannot both
  // read as the first (as comparing the time written with the time now did).
  const { rows } = await db.query<SocialLoginRow>(
    `UPDATE social_logins SET consumed_at = $4 WHERE ${match} AND consumed_at IS NULL RETURNING *`,
    [where.value, ctx.deviceHash, ctx.projectId, new Date(deps.now())],
  )
  const row = rows[0]
  if (!row) {
    const known = await db.query(`SELECT 1 FROM social_logins WHERE ${match}`, [
      where.value,
      ctx.deviceHash,
      ctx.projectId,
    ])
    if (known.rows.length) throw new AuthError('OTP_USED', 'Social login already used')
    throw new AuthError('CHALLENGE_NOT_FOUND', 'Social login not found (unknown or tampered state)')
  }
  if (new Date(row.expires_at).getTime() <= deps.now()) throw new AuthError('OTP_EXPIRED', 'Social login expired')
  return row
}

/** A dot path into the provider's JSON. */
function read(value: unknown, path: string): unknown {
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key]
  return value
}

/**
 * Finishes a social login from the result URI (the provider's callback): the state must be one
 * this device started and not used; openid-client then checks the state, redeems the code with
 * the PKCE verifier and checks the id token (issuer, audience, expiry, nonce). The user is found
 * by the provider's subject, or created; the device is verified and a session opened, as an email
 * login does.
 */
export async function connectSocial(deps: AuthDeps, social: SocialDeps, resultUri: string, ctx: RequestContext) {
  const params = callbackParams(resultUri)
  const state = params.get('state')
  if (!state) throw new AuthError('BAD_REQUEST', 'Invalid uri: no state')
  const db = await deps.database()
  const row = await consumeLogin(deps, db, { column: 'state_hash', value: sha256(state) }, ctx)
  const { name, config } = providerConfig(social.providers(), row.provider)
  const callback = new URL(`${deps.publicUrl()}${socialCallbackPath}`)
  callback.search = params.toString()
  let subject: string
  let username: string
  let email: string | undefined
  try {
    const configuration = await social.client(config)
    const oidc = 'claim' in config.username
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: row.code_verifier ?? '',
      expectedState: state,
      ...(oidc ? { expectedNonce: row.nonce, idTokenExpected: true } : {}),
    })
    if ('claim' in config.username) {
      const claims = tokens.claims()
      if (!claims) throw new Error('no id token')
      subject = claims.sub
      username = String(claims[config.username.claim] ?? '')
      email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : undefined
    } else {
      const response = await client.fetchProtectedResource(
        configuration,
        tokens.access_token,
        new URL(config.username.userEndpoint),
        'GET',
      )
      if (!response.ok) throw new Error(`user endpoint answered ${response.status}`)
      const body: unknown = await response.json()
      subject = String(read(body, config.username.idField) ?? '')
      username = String(read(body, config.username.field) ?? '')
    }
    if (!subject || !username) throw new Error('the provider named no user')
  } catch (error) {
    deps.log.warn('social.refused', { provider: name, error: errorText(error) })
    throw new AuthError('SOCIAL_LOGIN_FAILED', `${name} login refused: ${socialReason(error)}`)
  }
  return finishSocialLogin(deps, db, { provider: name, subject, username, email }, ctx)
}

/** A short, safe reason from openid-client's error (its codes and messages name the check that failed). */
function socialReason(error: unknown): string {
  const e = error as { error?: unknown; code?: unknown; cause?: { message?: unknown }; message?: unknown }
  if (typeof e.error === 'string') return e.error
  const cause = typeof e.cause?.message === 'string' ? e.cause.message : undefined
  return String(cause ?? e.message ?? 'unknown error').slice(0, 200)
}

/**
 * The user of a provider identity (created on first login; the username refreshed every time),
 * the device verified, a session opened: what an email login answers, plus the identity.
 */
export async function finishSocialLogin(
  deps: AuthDeps,
  db: Database,
  identity: { provider: string; subject: string; username: string; email?: string | undefined },
  ctx: RequestContext,
) {
  const now = new Date(deps.now())
  const { user, isNewUser } = await db.transaction(async (tx) => {
    const fresh = randomUUID()
    // One statement: two first logins racing on two servers end at one user.
    const linked = await tx.query<{ user_id: string; inserted: boolean }>(
      `INSERT INTO social_identities (provider, subject, user_id, username, created_at, last_login_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (provider, subject) DO UPDATE SET username = EXCLUDED.username, last_login_at = EXCLUDED.last_login_at
       RETURNING user_id, (xmax = 0) AS inserted`,
      [identity.provider, identity.subject, fresh, identity.username, now],
    )
    const link = linked.rows[0]!
    if (link.inserted) {
      // A provider's email is never used to join an existing account (the provider, not the
      // user, vouches for it): a new social user has no email of its own.
      await tx.query('INSERT INTO users (id, email, created_at) VALUES ($1, NULL, $2)', [fresh, now])
    }
    const users = await tx.query<{ id: string; email: string | null; created_at: Date }>(
      'SELECT id, email, created_at FROM users WHERE id = $1',
      [link.user_id],
    )
    // The provider's login is this account's only channel (what the mailed link is to an email
    // account): the device may recover the wallet's key, as a device approved by link may.
    await tx.query(
      `INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at, link_verified_at) VALUES ($1, $2, $3, $3, $3)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at,
         link_verified_at = COALESCE(devices.link_verified_at, EXCLUDED.link_verified_at)`,
      [link.user_id, ctx.deviceHash, now],
    )
    return { user: users.rows[0]!, isNewUser: link.inserted }
  })
  const session = await openSession(deps, db, user.id, user.email ?? '', ctx)
  deps.log.info('social.verified', { provider: identity.provider, userId: user.id, isNewUser })
  return {
    ...session,
    user: { ...toUser(user), socialProvider: identity.provider, username: identity.username },
    isNewUser,
  }
}

export { consumeLogin }

/** The hash of the callback page's script, for its Content-Security-Policy. */
export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
