import { randomUUID } from 'node:crypto'
import { type ChallengeRow, consumeOtp, createChallenge } from '../codes/challenges.js'
import { reserveEmail, sendInSlot } from '../codes/cooldown.js'
import { generateOtp, randomToken } from '../crypto.js'
import type { RequestContext } from '../deps.js'
import { type AuthDeps, iso } from '../deps.js'
import { createDeviceLink, isTrustedDevice } from '../devices/devices.js'
import { AuthError } from '../errors.js'
import { maskEmail } from '../log.js'
import { deviceMail, otpMail } from '../mailer.js'
import { openSession, toUser } from '../sessions/sessions.js'

/** Which step the frame shows next after starting an email login. */
export type LoginAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'

/** Starts an email login: a code for a known device or a new user, a device approval link otherwise. */
export async function startLogin(
  deps: AuthDeps,
  email: string,
  ctx: RequestContext,
): Promise<{ action: LoginAction; challengeId: string; expiresAt: string }> {
  const db = await deps.database()
  const sentAt = await reserveEmail(deps, db, email)
  const users = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
  const user = users.rows[0]
  const knownDevice = user ? await isTrustedDevice(db, user.id, ctx.deviceHash) : true
  if (user && !knownDevice) {
    const token = randomToken()
    const challenge = await createChallenge(deps, db, { purpose: 'login', email, userId: user.id, ctx, code: null })
    await createDeviceLink(deps, db, {
      token,
      challengeId: challenge.id,
      userId: user.id,
      deviceHash: ctx.deviceHash,
      expiresAt: challenge.expiresAt,
    })
    const link = `${deps.publicUrl()}/v1/devices/approve?token=${token}`
    await sendInSlot(db, email, sentAt, () => deps.mailer.send(deviceMail(deps.appName, email, link, ctx.origin)))
    deps.log.info('login.device_link_sent', { email: maskEmail(email), challengeId: challenge.id })
    return { action: 'VERIFY_DEVICE', challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
  }
  const code = generateOtp()
  const challenge = await createChallenge(deps, db, { purpose: 'login', email, userId: user?.id ?? null, ctx, code })
  await sendInSlot(db, email, sentAt, () => deps.mailer.send(otpMail(deps.appName, email, code, 'login')))
  deps.log.info('login.code_sent', { email: maskEmail(email), challengeId: challenge.id })
  return { action: 'VERIFY_OTP', challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
}

/** Where a login waiting for its device approval stands (the frame polls this). */
export async function loginStatus(
  deps: AuthDeps,
  challengeId: string,
  ctx: RequestContext,
): Promise<{ action: LoginAction }> {
  const db = await deps.database()
  const { rows } = await db.query<ChallengeRow>("SELECT * FROM otp_challenges WHERE id = $1 AND purpose = 'login'", [
    challengeId,
  ])
  const challenge = rows[0]
  if (!challenge || challenge.device_hash !== ctx.deviceHash || challenge.project_id !== ctx.projectId)
    throw new AuthError('CHALLENGE_NOT_FOUND', 'Login not found')
  if (challenge.consumed_at) throw new AuthError('OTP_USED', 'Code already used')
  if (new Date(challenge.expires_at).getTime() <= deps.now()) throw new AuthError('OTP_EXPIRED', 'Code expired')
  return { action: challenge.code_hash ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }
}

/** Finishes an email login: the code is checked and consumed, the user created on first login, a session opened. */
export async function verifyLogin(deps: AuthDeps, challengeId: string, otp: string, ctx: RequestContext) {
  const db = await deps.database()
  const challenge = await consumeOtp(deps, db, challengeId, otp, 'login', ctx)
  const now = new Date(deps.now())
  const { user, isNewUser } = await db.transaction(async (tx) => {
    // ON CONFLICT keeps two first logins of one address racing on two servers to one user.
    const inserted = await tx.query<{ id: string; email: string; created_at: Date; inserted: boolean }>(
      `INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
       RETURNING id, email, created_at, (xmax = 0) AS inserted`,
      [randomUUID(), challenge.email, now],
    )
    const row = inserted.rows[0]!
    // The code proves the address, which is what the device link proves too.
    await tx.query(
      `INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
      [row.id, ctx.deviceHash, now],
    )
    return { user: row, isNewUser: row.inserted }
  })
  const session = await openSession(deps, db, user.id, user.email, ctx)
  deps.log.info('login.verified', { userId: user.id, isNewUser, challengeId })
  return { ...session, user: toUser(user), isNewUser }
}
