import { EMAIL_COOLDOWN_MS } from '../constants.js'
import type { Sql } from '../db/database.js'
import type { AuthDeps } from '../deps.js'
import { AuthError } from '../errors.js'

/**
 * Takes the address's 30 s mail slot (the spec's email cooldown), atomically (one statement), so
 * that concurrent requests and several servers on one database send at most one mail per address
 * per window. Returns the time written, to give the slot back with {@link releaseEmail}.
 */
export async function reserveEmail(deps: AuthDeps, db: Sql, email: string): Promise<Date> {
  const now = deps.now()
  const sentAt = new Date(now)
  const { rows } = await db.query<{ email: string }>(
    `INSERT INTO email_cooldowns (email, last_sent_at) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
     WHERE email_cooldowns.last_sent_at <= $3
     RETURNING email`,
    [email, sentAt, new Date(now - EMAIL_COOLDOWN_MS)],
  )
  if (rows.length > 0) return sentAt
  const last = await db.query<{ last_sent_at: Date }>('SELECT last_sent_at FROM email_cooldowns WHERE email = $1', [
    email,
  ])
  const lastSent = last.rows[0] ? new Date(last.rows[0].last_sent_at).getTime() : now
  const seconds = Math.max(1, Math.ceil((lastSent + EMAIL_COOLDOWN_MS - now) / 1000))
  throw new AuthError('RATE_LIMITED', `Please try again after ${seconds} seconds`, { retryAfter: seconds })
}

/** Gives the slot back when the mail could not be sent, so the visitor may retry at once. */
export async function releaseEmail(db: Sql, email: string, sentAt: Date): Promise<void> {
  await db.query('DELETE FROM email_cooldowns WHERE email = $1 AND last_sent_at = $2', [email, sentAt])
}

/** Sends a mail in a reserved slot; a failed send frees the slot and rethrows. */
export async function sendInSlot(db: Sql, email: string, sentAt: Date, send: () => Promise<void>): Promise<void> {
  try {
    await send()
  } catch (error) {
    await releaseEmail(db, email, sentAt).catch(() => undefined)
    throw error
  }
}

/** Restarts the address's cooldown without checking it (a mail the visitor asked for another way). */
export async function restartCooldown(db: Sql, email: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO email_cooldowns (email, last_sent_at) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at`,
    [email, at],
  )
}
