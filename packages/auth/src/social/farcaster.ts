import { randomBytes, randomUUID } from 'node:crypto'
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import { FARCASTER_WAIT_MS, SOCIAL_LOGIN_TTL_MS } from '../constants.js'
import type { AuthDeps, RequestContext } from '../deps.js'
import { AuthError } from '../errors.js'
import { errorText } from '../log.js'
import { consumeLogin, finishSocialLogin, type SocialLoginRow } from './social.js'

/**
 * Sign In With Farcaster on the auth server: the auth relay to open channels at, the chain RPC
 * where the IdRegistry answers (Optimism in production), and the SIWE `domain` and `uri` the
 * Farcaster app shows and signs (default: this server's public URL).
 *
 * @example
 * ```ts
 * const farcaster: FarcasterConfig = { relayUrl: 'https://relay.farcaster.xyz', rpcUrl: process.env.OPTIMISM_RPC_URL! }
 * ```
 */
export interface FarcasterConfig {
  relayUrl: string
  rpcUrl: string
  domain?: string
  siweUri?: string
}

/** What the Farcaster routes need: the configuration (read per request) and its client. */
export interface FarcasterDeps {
  config: () => FarcasterConfig | undefined
  client: (config: FarcasterConfig) => AppClient
}

/** One `@farcaster/auth-client` app client per configuration object. */
export function createFarcasterClientCache() {
  const cache = new WeakMap<FarcasterConfig, AppClient>()
  return (config: FarcasterConfig) => {
    let client = cache.get(config)
    if (!client) {
      client = createAppClient({ relay: config.relayUrl, ethereum: viemConnector({ rpcUrl: config.rpcUrl }) })
      cache.set(config, client)
    }
    return client
  }
}

const signIn = (deps: AuthDeps, config: FarcasterConfig) => {
  const siweUri = config.siweUri ?? deps.publicUrl()
  return { siweUri, domain: config.domain ?? new URL(siweUri).host }
}

function configured(farcaster: FarcasterDeps): FarcasterConfig {
  const config = farcaster.config()
  if (!config) throw new AuthError('BAD_REQUEST', 'Farcaster login is not configured on this server')
  return config
}

/**
 * Opens a channel at the relay for the calling device with a nonce of ours, and answers the
 * link the Farcaster app opens (`url`, shown as a QR code) and the id the frame connects with.
 */
export async function startFarcasterLogin(deps: AuthDeps, farcaster: FarcasterDeps, ctx: RequestContext) {
  const config = configured(farcaster)
  const nonce = randomBytes(12).toString('hex')
  const created = await farcaster
    .client(config)
    .createChannel({ ...signIn(deps, config), nonce })
    .catch((error: unknown) => ({ isError: true as const, error }))
  if (created.isError) {
    deps.log.error('farcaster.relay_failed', { error: errorText(created.error) })
    throw new AuthError('SOCIAL_LOGIN_FAILED', 'Could not reach the Farcaster relay')
  }
  const id = randomUUID()
  const now = deps.now()
  const db = await deps.database()
  await db.query(
    `INSERT INTO social_logins (id, provider, nonce, channel_token, device_hash, project_id, page_origin, created_at, expires_at)
     VALUES ($1, 'farcaster', $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      nonce,
      created.data.channelToken,
      ctx.deviceHash,
      ctx.projectId,
      ctx.origin ?? '',
      new Date(now),
      new Date(now + SOCIAL_LOGIN_TTL_MS),
    ],
  )
  deps.log.info('farcaster.started', {})
  return { url: created.data.url, challengeId: id }
}

/**
 * Waits (up to {@link FARCASTER_WAIT_MS}) for the Farcaster app's approval of the channel; then
 * takes the login once, verifies the signed message with `@farcaster/auth-client` (our nonce and
 * domain, and the signer is the fid's custody or auth address in the IdRegistry on the chain) and
 * logs the fid's user in. `{ status: 'pending' }` when nobody approved yet: the frame asks again.
 */
export async function connectFarcaster(
  deps: AuthDeps,
  farcaster: FarcasterDeps,
  challengeId: string,
  ctx: RequestContext,
): Promise<{ status: 'pending' } | (Awaited<ReturnType<typeof finishSocialLogin>> & { status: 'completed' })> {
  const config = configured(farcaster)
  const client = farcaster.client(config)
  const db = await deps.database()
  const { rows } = await db.query<SocialLoginRow>(
    "SELECT * FROM social_logins WHERE id = $1 AND provider = 'farcaster' AND device_hash = $2 AND project_id = $3",
    [challengeId, ctx.deviceHash, ctx.projectId],
  )
  const row = rows[0]
  if (!row) throw new AuthError('CHALLENGE_NOT_FOUND', 'Farcaster login not found')
  if (row.consumed_at) throw new AuthError('OTP_USED', 'Farcaster login already used')
  if (new Date(row.expires_at).getTime() <= deps.now()) throw new AuthError('OTP_EXPIRED', 'Farcaster login expired')
  const until = Date.now() + FARCASTER_WAIT_MS
  for (;;) {
    const status = await client.status({ channelToken: row.channel_token ?? '' }).catch((error: unknown) => ({
      isError: true as const,
      error,
    }))
    if (status.isError) {
      deps.log.warn('farcaster.status_failed', { error: errorText(status.error) })
      throw new AuthError('SOCIAL_LOGIN_FAILED', 'The Farcaster relay refused the channel')
    }
    if (status.data.state === 'completed') {
      await consumeLogin(deps, db, { column: 'id', value: row.id }, ctx)
      const { message, signature, fid, username } = status.data
      const verified = await client
        .verifySignInMessage({
          nonce: row.nonce,
          domain: signIn(deps, config).domain,
          message: message ?? '',
          signature: signature ?? '0x',
        })
        .catch((error: unknown) => ({ isError: true as const, error, success: false, fid: 0 }))
      if (verified.isError || !verified.success || verified.fid !== fid) {
        const reason = verified.isError ? errorText(verified.error) : 'signature not valid for the fid'
        deps.log.warn('farcaster.refused', { error: reason })
        throw new AuthError('SOCIAL_LOGIN_FAILED', `farcaster login refused: ${reason.slice(0, 200)}`)
      }
      const result = await finishSocialLogin(
        deps,
        db,
        { provider: 'farcaster', subject: String(verified.fid), username: username ?? `fid:${verified.fid}` },
        ctx,
      )
      return { status: 'completed', ...result }
    }
    if (Date.now() >= until) return { status: 'pending' }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
