import { armChallenge } from '../codes/challenges.js'
import { restartCooldown, sendInSlot } from '../codes/cooldown.js'
import { generateOtp, sha256 } from '../crypto.js'
import type { Sql } from '../db/database.js'
import type { AuthDeps } from '../deps.js'
import { AuthError } from '../errors.js'
import { maskEmail } from '../log.js'
import { otpMail } from '../mailer.js'

/**
 * Whether a login from this device may go straight to a code: the user has no key yet, or the
 * device was approved through the mailed link, made the keys, or holds its own share. A device
 * that only ever typed a code (two first logins racing) must still pass the link.
 */
export async function isTrustedDevice(db: Sql, userId: string, deviceHash: string): Promise<boolean> {
  const { rows } = await db.query<{ known: boolean; trusted: boolean; has_keys: boolean }>(
    `SELECT
       EXISTS (SELECT 1 FROM devices WHERE user_id = $1 AND device_hash = $2) AS known,
       EXISTS (SELECT 1 FROM devices WHERE user_id = $1 AND device_hash = $2 AND link_verified_at IS NOT NULL)
         OR EXISTS (SELECT 1 FROM key_shares WHERE user_id = $1 AND device_hash = $2)
         OR EXISTS (SELECT 1 FROM device_key_shares WHERE user_id = $1 AND device_hash = $2) AS trusted,
       -- Keys stored before schema 2 name no device: their users log in as before.
       EXISTS (SELECT 1 FROM key_shares WHERE user_id = $1 AND device_hash IS NOT NULL) AS has_keys`,
    [userId, deviceHash],
  )
  const row = rows[0]
  return Boolean(row?.known && (row.trusted || !row.has_keys))
}

/** Stores the link of a login from an unknown device (only its token's hash). */
export async function createDeviceLink(
  deps: AuthDeps,
  db: Sql,
  link: { token: string; challengeId: string; userId: string; deviceHash: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO device_verifications (token_hash, challenge_id, user_id, device_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sha256(link.token), link.challengeId, link.userId, link.deviceHash, new Date(deps.now()), link.expiresAt],
  )
}

/** Whether a device was approved from the mailed link (only such a device may recover a key). */
export async function isLinkVerified(db: Sql, userId: string, deviceHash: string): Promise<boolean> {
  const { rows } = await db.query<{ link_verified_at: Date | null }>(
    'SELECT link_verified_at FROM devices WHERE user_id = $1 AND device_hash = $2',
    [userId, deviceHash],
  )
  return Boolean(rows[0]?.link_verified_at)
}

/**
 * Approves a device from the link in the mail: the device becomes verified for the user and the
 * waiting login gets its code by mail. A second click is harmless.
 */
export async function approveDevice(
  deps: AuthDeps,
  token: string,
): Promise<{ email: string; alreadyApproved: boolean }> {
  const db = await deps.database()
  const { rows } = await db.query<{
    challenge_id: string
    user_id: string
    device_hash: string
    expires_at: Date
    approved_at: Date | null
  }>('SELECT * FROM device_verifications WHERE token_hash = $1', [sha256(token)])
  const link = rows[0]
  if (!link) throw new AuthError('DEVICE_LINK_INVALID', 'Device approval link not found')
  return approveLink(deps, { ...link, token_hash: sha256(token) })
}

/**
 * Approves the device of a pending link row: from the mailed link, or from a passkey of the user
 * (the passkey then stands in for the click on the link). Mails the waiting login its code.
 */
export async function approveLink(
  deps: AuthDeps,
  link: {
    token_hash: string
    challenge_id: string
    user_id: string
    device_hash: string
    expires_at: Date
    approved_at: Date | null
  },
): Promise<{ email: string; alreadyApproved: boolean }> {
  const db = await deps.database()
  const challenge = await db.query<{ email: string }>('SELECT email FROM otp_challenges WHERE id = $1', [
    link.challenge_id,
  ])
  const email = challenge.rows[0]?.email ?? ''
  if (link.approved_at) return { email, alreadyApproved: true }
  if (new Date(link.expires_at).getTime() <= deps.now())
    throw new AuthError('DEVICE_LINK_EXPIRED', 'Device approval link expired')
  const now = new Date(deps.now())
  const code = generateOtp()
  const approved = await db.transaction(async (tx) => {
    const marked = await tx.query(
      'UPDATE device_verifications SET approved_at = $2 WHERE token_hash = $1 AND approved_at IS NULL RETURNING token_hash',
      [link.token_hash, now],
    )
    if (marked.rows.length === 0) return false
    // The link marks the device as approved by the mailbox's owner: only such a device may
    // fetch the recovery share of a key made elsewhere.
    await tx.query(
      `INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at, link_verified_at) VALUES ($1, $2, $3, $3, $3)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET link_verified_at = EXCLUDED.link_verified_at`,
      [link.user_id, link.device_hash, now],
    )
    await armChallenge(deps, tx, link.challenge_id, code)
    // The approval itself is the visitor's request for the code: it restarts the cooldown.
    await restartCooldown(tx, email, now)
    return true
  })
  if (!approved) return { email, alreadyApproved: true }
  // A mail that fails frees the cooldown the approval took: the approval stands (the mailbox's
  // owner clicked), so the device's next login, at once, gets its code without a link.
  await sendInSlot(db, email, now, () => deps.mailer.send(otpMail(deps.appName, email, code, 'login')))
  deps.log.info('device.approved', { email: maskEmail(email), userId: link.user_id })
  return { email, alreadyApproved: false }
}
