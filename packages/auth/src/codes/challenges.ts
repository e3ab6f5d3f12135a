import { randomUUID } from 'node:crypto'
import { DEVICE_LINK_TTL_MS, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '../constants.js'
import { hashOtp, sameDigest } from '../crypto.js'
import type { Sql } from '../db/database.js'
import type { AuthDeps, RequestContext } from '../deps.js'
import { AuthError } from '../errors.js'

/** One code sent (or, for a device link, to be sent): a row of `otp_challenges`. */
export interface ChallengeRow {
  id: string
  purpose: 'login' | 'update_primary' | 'update_secondary'
  email: string
  user_id: string | null
  device_hash: string
  project_id: string
  code_hash: string | null
  attempts: number
  expires_at: Date
  consumed_at: Date | null
  new_email: string | null
}

/**
 * Stores a challenge: with a code (10 minutes), or without one while a device approval link is
 * pending (15 minutes). Only the code's HMAC is stored, bound to the challenge id.
 */
export async function createChallenge(
  deps: AuthDeps,
  db: Sql,
  fields: {
    purpose: ChallengeRow['purpose']
    email: string
    userId: string | null
    ctx: RequestContext
    code: string | null
    newEmail?: string
    parentId?: string
  },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomUUID()
  const now = deps.now()
  const expiresAt = new Date(now + (fields.code ? OTP_TTL_MS : DEVICE_LINK_TTL_MS))
  await db.query(
    `INSERT INTO otp_challenges (id, purpose, email, user_id, device_hash, project_id, code_hash, created_at, expires_at, new_email, parent_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      fields.purpose,
      fields.email,
      fields.userId,
      fields.ctx.deviceHash,
      fields.ctx.projectId,
      fields.code ? hashOtp(deps.secret, id, fields.code) : null,
      new Date(now),
      expiresAt,
      fields.newEmail ?? null,
      fields.parentId ?? null,
    ],
  )
  return { id, expiresAt }
}

/**
 * Checks a code against its challenge and consumes it. Attempts are counted with one atomic
 * update and consumption is another, so two requests racing with the right code get exactly one
 * success, and parallel guesses (on one server or several) cannot exceed the attempt limit.
 */
export async function consumeOtp(
  deps: AuthDeps,
  db: Sql,
  challengeId: string,
  otp: string,
  purpose: ChallengeRow['purpose'],
  ctx: RequestContext,
  userId?: string,
): Promise<ChallengeRow> {
  const notFound = () =>
    new AuthError('CHALLENGE_NOT_FOUND', purpose === 'login' ? 'Login not found' : 'Email update not found')
  const { rows } = await db.query<ChallengeRow>('SELECT * FROM otp_challenges WHERE id = $1 AND purpose = $2', [
    challengeId,
    purpose,
  ])
  const challenge = rows[0]
  // Bound to the device that started it and, for updates, to the signed-in user.
  if (!challenge || challenge.device_hash !== ctx.deviceHash || challenge.project_id !== ctx.projectId) throw notFound()
  if (userId !== undefined && challenge.user_id !== userId) throw notFound()
  const check = (row: Pick<ChallengeRow, 'consumed_at' | 'code_hash' | 'expires_at' | 'attempts'>) => {
    if (row.consumed_at) throw new AuthError('OTP_USED', 'Code already used')
    if (!row.code_hash) throw new AuthError('DEVICE_NOT_VERIFIED', 'Device not verified yet')
    if (new Date(row.expires_at).getTime() <= deps.now()) throw new AuthError('OTP_EXPIRED', 'Code expired')
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AuthError('OTP_ATTEMPTS_EXHAUSTED', 'Too many attempts')
  }
  check(challenge)
  const counted = await db.query<ChallengeRow>(
    `UPDATE otp_challenges SET attempts = attempts + 1
     WHERE id = $1 AND consumed_at IS NULL AND attempts < $2 AND code_hash IS NOT NULL
     RETURNING *`,
    [challengeId, OTP_MAX_ATTEMPTS],
  )
  const row = counted.rows[0]
  if (!row) {
    // Someone else consumed it or used the last attempt between our read and our update.
    const again = await db.query<ChallengeRow>('SELECT * FROM otp_challenges WHERE id = $1', [challengeId])
    check(again.rows[0] ?? challenge)
    throw new AuthError('OTP_ATTEMPTS_EXHAUSTED', 'Too many attempts')
  }
  if (!row.code_hash || !sameDigest(row.code_hash, hashOtp(deps.secret, challengeId, otp))) {
    const attemptsLeft = OTP_MAX_ATTEMPTS - row.attempts
    if (attemptsLeft <= 0) throw new AuthError('OTP_ATTEMPTS_EXHAUSTED', 'Too many attempts')
    throw new AuthError('OTP_INVALID', 'Invalid code', { attemptsLeft })
  }
  const consumed = await db.query<ChallengeRow>(
    'UPDATE otp_challenges SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING *',
    [challengeId, new Date(deps.now())],
  )
  if (!consumed.rows[0]) throw new AuthError('OTP_USED', 'Code already used')
  return consumed.rows[0]
}

/** Re-arms a challenge that waited for its device link with a fresh code (10 minutes from now). */
export async function armChallenge(deps: AuthDeps, db: Sql, challengeId: string, code: string): Promise<void> {
  await db.query('UPDATE otp_challenges SET code_hash = $2, expires_at = $3 WHERE id = $1', [
    challengeId,
    hashOtp(deps.secret, challengeId, code),
    new Date(deps.now() + OTP_TTL_MS),
  ])
}
