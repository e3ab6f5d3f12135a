import { createHmac } from 'node:crypto'
import type { AuthDeps } from '../deps.js'
import { AuthError } from '../errors.js'

/** The route groups a client's requests are counted in. */
export type RateLimitGroup = 'email' | 'otp' | 'device' | 'recovery'

/**
 * Counts a request of `client` in `group` against `perWindow` requests per `windowMs`, in the
 * database: one atomic upsert, so every server on one database shares the budget and two
 * concurrent requests never both take the last slot. Throws `RATE_LIMITED` with the seconds
 * until the window ends. The key is an HMAC of client and group: no address is stored in the clear.
 */
export async function hitRateLimit(
  deps: AuthDeps,
  {
    client,
    group,
    perWindow,
    windowMs,
  }: { client: string; group: RateLimitGroup; perWindow: number; windowMs: number },
): Promise<void> {
  const db = await deps.database()
  const key = createHmac('sha256', deps.secret).update(`rate-limit:${group}:${client}`).digest('hex')
  const now = deps.now()
  const { rows } = await db.query<{ hits: number; expires_at: Date }>(
    `INSERT INTO rate_limits (key, window_start, hits, expires_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.expires_at <= $2 THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.expires_at <= $2 THEN $2 ELSE rate_limits.window_start END,
       expires_at = CASE WHEN rate_limits.expires_at <= $2 THEN $3 ELSE rate_limits.expires_at END
     RETURNING hits, expires_at`,
    [key, new Date(now), new Date(now + windowMs)],
  )
  const row = rows[0]
  if (!row || row.hits <= perWindow) return
  const seconds = Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - now) / 1000))
  throw new AuthError('RATE_LIMITED', `Please try again after ${seconds} seconds`, { retryAfter: seconds })
}
