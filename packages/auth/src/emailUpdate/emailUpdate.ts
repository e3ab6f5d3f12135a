import { consumeOtp, createChallenge } from '../codes/challenges.js'
import { reserveEmail, sendInSlot } from '../codes/cooldown.js'
import { generateOtp } from '../crypto.js'
import type { Sql } from '../db/database.js'
import { type AuthDeps, iso } from '../deps.js'
import { AuthError } from '../errors.js'
import { otpMail } from '../mailer.js'
import { getUser, openSession, revokeSession, type SessionContext } from '../sessions/sessions.js'

/** Step 1 of an email change: a code to the current address. */
export async function startEmailUpdate(deps: AuthDeps, session: SessionContext, newEmail: string) {
  const db = await deps.database()
  const current = (await getUser(deps, session)).user.email
  // A social or Farcaster account has no address to send the first code to.
  if (current === null) throw new AuthError('BAD_REQUEST', 'This account has no email address')
  if (newEmail === current) throw new AuthError('BAD_REQUEST', 'The new email is the current one')
  await assertEmailFree(db, newEmail)
  const sentAt = await reserveEmail(deps, db, current)
  const code = generateOtp()
  const challenge = await createChallenge(deps, db, {
    purpose: 'update_primary',
    email: current,
    userId: session.claims.sub,
    ctx: session,
    code,
    newEmail,
  })
  await sendInSlot(db, current, sentAt, () => deps.mailer.send(otpMail(deps.appName, current, code, 'update')))
  return { action: 'VERIFY_PRIMARY_OTP' as const, challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
}

/** Step 2: the current address's code; a code goes to the new address. */
export async function verifyPrimaryOtp(deps: AuthDeps, session: SessionContext, challengeId: string, otp: string) {
  const db = await deps.database()
  const primary = await consumeOtp(deps, db, challengeId, otp, 'update_primary', session, session.claims.sub)
  const newEmail = primary.new_email!
  await assertEmailFree(db, newEmail)
  const sentAt = await reserveEmail(deps, db, newEmail)
  const code = generateOtp()
  const challenge = await createChallenge(deps, db, {
    purpose: 'update_secondary',
    email: newEmail,
    userId: session.claims.sub,
    ctx: session,
    code,
    newEmail,
    parentId: primary.id,
  })
  await sendInSlot(db, newEmail, sentAt, () => deps.mailer.send(otpMail(deps.appName, newEmail, code, 'update')))
  return { action: 'VERIFY_SECONDARY_OTP' as const, challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
}

/** Step 3: the new address's code; the address changes and a token with the new email is issued. */
export async function verifySecondaryOtp(deps: AuthDeps, session: SessionContext, challengeId: string, otp: string) {
  const db = await deps.database()
  const secondary = await consumeOtp(deps, db, challengeId, otp, 'update_secondary', session, session.claims.sub)
  const newEmail = secondary.new_email!
  try {
    await db.query('UPDATE users SET email = $2 WHERE id = $1', [session.claims.sub, newEmail])
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AuthError('EMAIL_IN_USE', 'Email already in use')
    throw error
  }
  const opened = await openSession(deps, db, session.claims.sub, newEmail, session)
  // The old token names the old address: retire it.
  await revokeSession(deps, db, session.claims.sid)
  deps.log.info('email.updated', { userId: session.claims.sub })
  return { email: newEmail, ...opened }
}

async function assertEmailFree(db: Sql, email: string) {
  const { rows } = await db.query('SELECT 1 FROM users WHERE email = $1', [email])
  if (rows.length > 0) throw new AuthError('EMAIL_IN_USE', 'Email already in use')
}
