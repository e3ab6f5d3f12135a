import { CHALLENGE_RETENTION_MS, EMAIL_COOLDOWN_MS } from '../constants.js'
import type { AuthDeps } from '../deps.js'

/**
 * Rows deleted by one purge, per table.
 *
 * @example
 * ```ts
 * const purged: AuthPurgeResult = await auth.purge() // { challenges: 3, socialLogins: 2, sessions: 1, cooldowns: 7, rateLimits: 12 }
 * ```
 */
export interface AuthPurgeResult {
  /** Codes and device links expired more than a day ago (their device links go with them). */
  challenges: number
  /** Social and Farcaster logins (state, PKCE verifier, nonce) expired more than a day ago, used or not. */
  socialLogins: number
  /** Sessions past their expiry (signed out or not: an expired token is refused anyway). */
  sessions: number
  /** Email cooldowns that ended. */
  cooldowns: number
  /** Rate-limit windows that ended. */
  rateLimits: number
}

/**
 * Deletes what can no longer change an answer. A code is kept a day past its expiry so a late try
 * still reads "Code expired" (not "Login not found"); a session is kept until its token expires, so
 * a signed-out token keeps being refused as signed out. Each table is one statement: safe to run
 * on several servers at once.
 */
export async function purgeExpired(deps: AuthDeps): Promise<AuthPurgeResult> {
  const db = await deps.database()
  const now = deps.now()
  const count = async (sql: string, at: number) => (await db.query(sql, [new Date(at)])).rows.length
  const result: AuthPurgeResult = {
    challenges:
      (await count('DELETE FROM otp_challenges WHERE expires_at < $1 RETURNING id', now - CHALLENGE_RETENTION_MS)) +
      (await count('DELETE FROM passkey_challenges WHERE expires_at < $1 RETURNING id', now - CHALLENGE_RETENTION_MS)),
    socialLogins: await count(
      'DELETE FROM social_logins WHERE expires_at < $1 RETURNING id',
      now - CHALLENGE_RETENTION_MS,
    ),
    sessions: await count('DELETE FROM sessions WHERE expires_at < $1 RETURNING id', now),
    cooldowns: await count(
      'DELETE FROM email_cooldowns WHERE last_sent_at < $1 RETURNING email',
      now - EMAIL_COOLDOWN_MS,
    ),
    rateLimits: await count('DELETE FROM rate_limits WHERE expires_at < $1 RETURNING key', now),
  }
  deps.log.info('purge', { ...result })
  return result
}
