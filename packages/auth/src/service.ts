import { randomUUID } from 'node:crypto'
import { DEVICE_LINK_TTL_MS, EMAIL_COOLDOWN_MS, OTP_MAX_ATTEMPTS, OTP_TTL_MS, SESSION_TTL_MS } from './constants.js'
import { generateOtp, hashOtp, randomToken, sameDigest, seal, sha256, unseal } from './crypto.js'
import type { Database, Sql } from './db/database.js'
import { AuthError } from './errors.js'
import { deviceMail, type Mailer, otpMail } from './mailer.js'
import { type SessionClaims, signSession, verifySession } from './sessions.js'

/** Who is asking: the project and page origin already checked by the HTTP layer, and the device. */
export interface RequestContext {
  projectId: string
  origin: string
  /** SHA-256 of the device id the secure frame sent. */
  deviceHash: string
}

/** An authenticated request: the context plus the verified session. */
export interface SessionContext extends RequestContext {
  claims: SessionClaims
  token: string
}

/** A user as the API shows it. */
export interface AuthUser {
  id: string
  email: string
  createdAt: string
}

/** Which step the frame shows next after starting an email login. */
export type LoginAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'

interface ChallengeRow {
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

export interface AuthServiceOptions {
  database(): Promise<Database>
  mailer: Mailer
  secret: Uint8Array
  /** AES-256 key sealing the recovery shares at rest (see `recoveryKeyFrom`). */
  recoveryKey: Uint8Array
  now(): number
  /** Base URL written into device approval links. */
  publicUrl(): string
  appName: string
  sessionTtlMs?: number
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** The rules of the auth server, independent of HTTP. Every time comes from `now()`. */
export class AuthService {
  constructor(private readonly options: AuthServiceOptions) {}

  private get now() {
    return this.options.now()
  }

  // ---------------------------------------------------------------- email cooldown

  /**
   * Takes the email's 30 s send slot, atomically (one statement), so that concurrent requests and
   * several servers on one database send at most one mail per address per window.
   */
  private async reserveEmail(db: Sql, email: string): Promise<Date> {
    const sentAt = new Date(this.now)
    const { rows } = await db.query<{ email: string }>(
      `INSERT INTO email_cooldowns (email, last_sent_at) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
       WHERE email_cooldowns.last_sent_at <= $3
       RETURNING email`,
      [email, sentAt, new Date(this.now - EMAIL_COOLDOWN_MS)],
    )
    if (rows.length > 0) return sentAt
    const last = await db.query<{ last_sent_at: Date }>('SELECT last_sent_at FROM email_cooldowns WHERE email = $1', [
      email,
    ])
    const lastSent = last.rows[0] ? new Date(last.rows[0].last_sent_at).getTime() : this.now
    const seconds = Math.max(1, Math.ceil((lastSent + EMAIL_COOLDOWN_MS - this.now) / 1000))
    throw new AuthError('RATE_LIMITED', `Please try again after ${seconds} seconds`, { retryAfter: seconds })
  }

  /** Gives the slot back when the mail could not be sent, so the visitor may retry at once. */
  private async releaseEmail(db: Sql, email: string, sentAt: Date) {
    await db.query('DELETE FROM email_cooldowns WHERE email = $1 AND last_sent_at = $2', [email, sentAt])
  }

  private async sendReserved(db: Sql, email: string, sentAt: Date, send: () => Promise<void>) {
    try {
      await send()
    } catch (error) {
      await this.releaseEmail(db, email, sentAt).catch(() => undefined)
      throw error
    }
  }

  // ---------------------------------------------------------------- challenges

  private async createChallenge(
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
    const expiresAt = new Date(this.now + (fields.code ? OTP_TTL_MS : DEVICE_LINK_TTL_MS))
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
        fields.code ? hashOtp(this.options.secret, id, fields.code) : null,
        new Date(this.now),
        expiresAt,
        fields.newEmail ?? null,
        fields.parentId ?? null,
      ],
    )
    return { id, expiresAt }
  }

  /**
   * Checks a code against its challenge and consumes it. Attempts are counted with one atomic
   * update and consumption is another, so two requests racing with the right code get exactly
   * one success, and parallel guesses cannot exceed the attempt limit.
   */
  private async consumeOtp(
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
    if (!challenge || challenge.device_hash !== ctx.deviceHash || challenge.project_id !== ctx.projectId)
      throw notFound()
    if (userId !== undefined && challenge.user_id !== userId) throw notFound()
    const check = (row: Pick<ChallengeRow, 'consumed_at' | 'code_hash' | 'expires_at' | 'attempts'>) => {
      if (row.consumed_at) throw new AuthError('OTP_USED', 'Code already used')
      if (!row.code_hash) throw new AuthError('DEVICE_NOT_VERIFIED', 'Device not verified yet')
      if (new Date(row.expires_at).getTime() <= this.now) throw new AuthError('OTP_EXPIRED', 'Code expired')
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
    if (!row.code_hash || !sameDigest(row.code_hash, hashOtp(this.options.secret, challengeId, otp))) {
      const attemptsLeft = OTP_MAX_ATTEMPTS - row.attempts
      if (attemptsLeft <= 0) throw new AuthError('OTP_ATTEMPTS_EXHAUSTED', 'Too many attempts')
      throw new AuthError('OTP_INVALID', 'Invalid code', { attemptsLeft })
    }
    const consumed = await db.query<ChallengeRow>(
      'UPDATE otp_challenges SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING *',
      [challengeId, new Date(this.now)],
    )
    if (!consumed.rows[0]) throw new AuthError('OTP_USED', 'Code already used')
    return consumed.rows[0]
  }

  // ---------------------------------------------------------------- login

  /** Starts an email login: a code for a known device or a new user, a device approval link otherwise. */
  async startLogin(
    email: string,
    ctx: RequestContext,
  ): Promise<{ action: LoginAction; challengeId: string; expiresAt: string }> {
    const db = await this.options.database()
    const sentAt = await this.reserveEmail(db, email)
    const users = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
    const user = users.rows[0]
    let knownDevice = true
    if (user) knownDevice = await this.isTrustedDevice(db, user.id, ctx.deviceHash)
    if (user && !knownDevice) {
      const token = randomToken()
      const challenge = await this.createChallenge(db, { purpose: 'login', email, userId: user.id, ctx, code: null })
      await db.query(
        `INSERT INTO device_verifications (token_hash, challenge_id, user_id, device_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [sha256(token), challenge.id, user.id, ctx.deviceHash, new Date(this.now), challenge.expiresAt],
      )
      const link = `${this.options.publicUrl()}/v1/devices/approve?token=${token}`
      await this.sendReserved(db, email, sentAt, () =>
        this.options.mailer.send(deviceMail(this.options.appName, email, link, ctx.origin)),
      )
      return { action: 'VERIFY_DEVICE', challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
    }
    const code = generateOtp()
    const challenge = await this.createChallenge(db, { purpose: 'login', email, userId: user?.id ?? null, ctx, code })
    await this.sendReserved(db, email, sentAt, () =>
      this.options.mailer.send(otpMail(this.options.appName, email, code, 'login')),
    )
    return { action: 'VERIFY_OTP', challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
  }

  /** Where a login waiting for its device approval stands (the frame polls this). */
  async loginStatus(challengeId: string, ctx: RequestContext): Promise<{ action: LoginAction }> {
    const db = await this.options.database()
    const { rows } = await db.query<ChallengeRow>("SELECT * FROM otp_challenges WHERE id = $1 AND purpose = 'login'", [
      challengeId,
    ])
    const challenge = rows[0]
    if (!challenge || challenge.device_hash !== ctx.deviceHash || challenge.project_id !== ctx.projectId)
      throw new AuthError('CHALLENGE_NOT_FOUND', 'Login not found')
    if (challenge.consumed_at) throw new AuthError('OTP_USED', 'Code already used')
    if (new Date(challenge.expires_at).getTime() <= this.now) throw new AuthError('OTP_EXPIRED', 'Code expired')
    return { action: challenge.code_hash ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }
  }

  /**
   * Approves a device from the link in the mail: the device becomes verified for the user and the
   * waiting login gets its code by mail. A second click is harmless.
   */
  async approveDevice(token: string): Promise<{ email: string; alreadyApproved: boolean }> {
    const db = await this.options.database()
    const { rows } = await db.query<{
      challenge_id: string
      user_id: string
      device_hash: string
      expires_at: Date
      approved_at: Date | null
    }>('SELECT * FROM device_verifications WHERE token_hash = $1', [sha256(token)])
    const link = rows[0]
    if (!link) throw new AuthError('DEVICE_LINK_INVALID', 'Device approval link not found')
    const challenge = await db.query<{ email: string }>('SELECT email FROM otp_challenges WHERE id = $1', [
      link.challenge_id,
    ])
    const email = challenge.rows[0]?.email ?? ''
    if (link.approved_at) return { email, alreadyApproved: true }
    if (new Date(link.expires_at).getTime() <= this.now)
      throw new AuthError('DEVICE_LINK_EXPIRED', 'Device approval link expired')
    const now = new Date(this.now)
    const code = generateOtp()
    const approved = await db.transaction(async (tx) => {
      const marked = await tx.query(
        'UPDATE device_verifications SET approved_at = $2 WHERE token_hash = $1 AND approved_at IS NULL RETURNING token_hash',
        [sha256(token), now],
      )
      if (marked.rows.length === 0) return false
      // The link marks the device as approved by the mailbox's owner: only such a device may
      // fetch the recovery share of a key made elsewhere.
      await tx.query(
        `INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at, link_verified_at) VALUES ($1, $2, $3, $3, $3)
         ON CONFLICT (user_id, device_hash) DO UPDATE SET link_verified_at = EXCLUDED.link_verified_at`,
        [link.user_id, link.device_hash, now],
      )
      await tx.query('UPDATE otp_challenges SET code_hash = $2, expires_at = $3 WHERE id = $1', [
        link.challenge_id,
        hashOtp(this.options.secret, link.challenge_id, code),
        new Date(this.now + OTP_TTL_MS),
      ])
      // The approval itself is the visitor's request for the code: it restarts the cooldown.
      await tx.query(
        `INSERT INTO email_cooldowns (email, last_sent_at) VALUES ($1, $2)
         ON CONFLICT (email) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at`,
        [email, now],
      )
      return true
    })
    if (!approved) return { email, alreadyApproved: true }
    await this.options.mailer.send(otpMail(this.options.appName, email, code, 'login'))
    return { email, alreadyApproved: false }
  }

  /** Finishes an email login: the code is checked and consumed, the user created on first login, a session opened. */
  async verifyLogin(challengeId: string, otp: string, ctx: RequestContext) {
    const db = await this.options.database()
    const challenge = await this.consumeOtp(db, challengeId, otp, 'login', ctx)
    const now = new Date(this.now)
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
    const session = await this.openSession(db, user.id, user.email, ctx)
    return { ...session, user: toUser(user), isNewUser }
  }

  private async openSession(db: Sql, userId: string, email: string, ctx: RequestContext) {
    const sid = randomUUID()
    const expiresAt = this.now + (this.options.sessionTtlMs ?? SESSION_TTL_MS)
    await db.query(
      `INSERT INTO sessions (id, user_id, device_hash, project_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [sid, userId, ctx.deviceHash, ctx.projectId, new Date(this.now), new Date(expiresAt)],
    )
    const token = await signSession(
      this.options.secret,
      { sub: userId, sid, email, pid: ctx.projectId, did: ctx.deviceHash },
      this.now,
      expiresAt,
    )
    return { token, expiresAt: new Date(expiresAt).toISOString() }
  }

  // ---------------------------------------------------------------- sessions

  /**
   * Checks a bearer token: signature and times (the spec's messages), then the session row (not
   * signed out), the project it was opened for, the device it was opened on, and that the device
   * is still verified for the user.
   */
  async authenticate(token: string | undefined, ctx: RequestContext): Promise<SessionContext> {
    if (!token) throw new AuthError('UNAUTHORIZED', 'Missing session token')
    const claims = await verifySession(this.options.secret, token, this.now)
    if (claims.pid !== ctx.projectId) throw new AuthError('JWT_INVALID', 'JWT validation error: invalid token')
    if (claims.did !== ctx.deviceHash) throw new AuthError('DEVICE_NOT_VERIFIED', 'Session opened on another device')
    const db = await this.options.database()
    const { rows } = await db.query<{ revoked_at: Date | null; expires_at: Date }>(
      'SELECT revoked_at, expires_at FROM sessions WHERE id = $1 AND user_id = $2',
      [claims.sid, claims.sub],
    )
    const session = rows[0]
    if (!session || session.revoked_at) throw new AuthError('SESSION_REVOKED', 'Session signed out')
    const device = await db.query('SELECT 1 FROM devices WHERE user_id = $1 AND device_hash = $2', [
      claims.sub,
      ctx.deviceHash,
    ])
    if (device.rows.length === 0) throw new AuthError('DEVICE_NOT_VERIFIED', 'Device not verified')
    return { ...ctx, claims, token }
  }

  async getUser(session: SessionContext) {
    const db = await this.options.database()
    const { rows } = await db.query<{ id: string; email: string; created_at: Date }>(
      'SELECT id, email, created_at FROM users WHERE id = $1',
      [session.claims.sub],
    )
    if (!rows[0]) throw new AuthError('SESSION_REVOKED', 'Session signed out')
    const sessions = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [
      session.claims.sid,
    ])
    return {
      user: toUser(rows[0]),
      session: {
        id: session.claims.sid,
        projectId: session.claims.pid,
        expiresAt: iso(sessions.rows[0]?.expires_at ?? new Date(this.now)),
      },
    }
  }

  async signOut(session: SessionContext) {
    const db = await this.options.database()
    await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
      session.claims.sid,
      new Date(this.now),
    ])
  }

  // ---------------------------------------------------------------- email update

  /** Step 1: a code to the current address. */
  async startEmailUpdate(session: SessionContext, newEmail: string) {
    const db = await this.options.database()
    const current = (await this.getUser(session)).user.email
    if (newEmail === current) throw new AuthError('BAD_REQUEST', 'The new email is the current one')
    await this.assertEmailFree(db, newEmail)
    const sentAt = await this.reserveEmail(db, current)
    const code = generateOtp()
    const challenge = await this.createChallenge(db, {
      purpose: 'update_primary',
      email: current,
      userId: session.claims.sub,
      ctx: session,
      code,
      newEmail,
    })
    await this.sendReserved(db, current, sentAt, () =>
      this.options.mailer.send(otpMail(this.options.appName, current, code, 'update')),
    )
    return { action: 'VERIFY_PRIMARY_OTP' as const, challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
  }

  /** Step 2: the current address's code; a code goes to the new address. */
  async verifyPrimaryOtp(session: SessionContext, challengeId: string, otp: string) {
    const db = await this.options.database()
    const primary = await this.consumeOtp(db, challengeId, otp, 'update_primary', session, session.claims.sub)
    const newEmail = primary.new_email!
    await this.assertEmailFree(db, newEmail)
    const sentAt = await this.reserveEmail(db, newEmail)
    const code = generateOtp()
    const challenge = await this.createChallenge(db, {
      purpose: 'update_secondary',
      email: newEmail,
      userId: session.claims.sub,
      ctx: session,
      code,
      newEmail,
      parentId: primary.id,
    })
    await this.sendReserved(db, newEmail, sentAt, () =>
      this.options.mailer.send(otpMail(this.options.appName, newEmail, code, 'update')),
    )
    return { action: 'VERIFY_SECONDARY_OTP' as const, challengeId: challenge.id, expiresAt: iso(challenge.expiresAt) }
  }

  /** Step 3: the new address's code; the address changes and a token with the new email is issued. */
  async verifySecondaryOtp(session: SessionContext, challengeId: string, otp: string) {
    const db = await this.options.database()
    const secondary = await this.consumeOtp(db, challengeId, otp, 'update_secondary', session, session.claims.sub)
    const newEmail = secondary.new_email!
    try {
      await db.query('UPDATE users SET email = $2 WHERE id = $1', [session.claims.sub, newEmail])
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AuthError('EMAIL_IN_USE', 'Email already in use')
      throw error
    }
    const opened = await this.openSession(db, session.claims.sub, newEmail, session)
    // The old token names the old address: retire it.
    await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1', [session.claims.sid, new Date(this.now)])
    return { email: newEmail, ...opened }
  }

  private async assertEmailFree(db: Sql, email: string) {
    const { rows } = await db.query('SELECT 1 FROM users WHERE email = $1', [email])
    if (rows.length > 0) throw new AuthError('EMAIL_IN_USE', 'Email already in use')
  }

  // ---------------------------------------------------------------- key shares

  /**
   * Whether a login from this device may go straight to a code: the user has no key yet, or the
   * device was approved through the mailed link, made the keys, or holds its own share. A device
   * that only ever typed a code (two first logins racing) must still pass the link.
   */
  private async isTrustedDevice(db: Sql, userId: string, deviceHash: string): Promise<boolean> {
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

  private recoveryContext(userId: string, namespace: string, address: string) {
    return `${userId}:${namespace}:${address}`
  }

  /**
   * Stores the server's shares of a new key made on this device: `share` (released to this device
   * only) and, when given, `recoveryShare`, sealed with the recovery key. One key per user and
   * namespace; never overwritten.
   */
  async putKeyShare(
    session: SessionContext,
    namespace: string,
    address: string,
    share: Uint8Array,
    recoveryShare?: Uint8Array,
  ) {
    const db = await this.options.database()
    const sealed = recoveryShare
      ? seal(this.options.recoveryKey, this.recoveryContext(session.claims.sub, namespace, address), recoveryShare)
      : null
    const { rows } = await db.query<KeyRow>(
      `INSERT INTO key_shares (id, user_id, namespace, address, share, created_at, device_hash, recovery_share)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id, namespace) DO NOTHING
       RETURNING id, namespace, address, created_at`,
      [randomUUID(), session.claims.sub, namespace, address, share, new Date(this.now), session.deviceHash, sealed],
    )
    if (!rows[0]) throw new AuthError('KEY_EXISTS', `A ${namespace} key already exists for this user`)
    return toKey(rows[0])
  }

  /**
   * Releases the two server shares of a key (share 2 and the unsealed recovery share) to a device
   * approved through the mailed link, so that its frame can rebuild the key once and split it
   * again for itself. A device that only typed a code gets `RECOVERY_NOT_ALLOWED`.
   */
  async recoverKeyShares(session: SessionContext, namespace: string) {
    const db = await this.options.database()
    const device = await db.query<{ link_verified_at: Date | null }>(
      'SELECT link_verified_at FROM devices WHERE user_id = $1 AND device_hash = $2',
      [session.claims.sub, session.deviceHash],
    )
    if (!device.rows[0]?.link_verified_at)
      throw new AuthError(
        'RECOVERY_NOT_ALLOWED',
        'This device was not approved from the link in the mail: it cannot use this wallet',
      )
    const { rows } = await db.query<KeyRow & { share: Uint8Array; recovery_share: Uint8Array | null }>(
      'SELECT id, namespace, address, created_at, share, recovery_share FROM key_shares WHERE user_id = $1 AND namespace = $2',
      [session.claims.sub, namespace],
    )
    const row = rows[0]
    if (!row) throw new AuthError('KEY_NOT_FOUND', `No ${namespace} key for this user`)
    if (!row.recovery_share) throw new AuthError('SHARE_NOT_FOUND', `The ${namespace} key has no recovery share`)
    let recovery: Buffer
    try {
      recovery = unseal(
        this.options.recoveryKey,
        this.recoveryContext(session.claims.sub, namespace, row.address),
        row.recovery_share,
      )
    } catch {
      // Another recovery key than the one that sealed it (a misconfigured server), or altered data.
      throw new AuthError('INTERNAL', 'The recovery share could not be opened')
    }
    return {
      key: toKey(row),
      share: Buffer.from(row.share).toString('base64'),
      recoveryShare: recovery.toString('base64'),
    }
  }

  /** Stores this device's server half of its own split of an existing key (after a recovery). */
  async putDeviceShare(session: SessionContext, namespace: string, share: Uint8Array) {
    const db = await this.options.database()
    const device = await db.query<{ link_verified_at: Date | null }>(
      'SELECT link_verified_at FROM devices WHERE user_id = $1 AND device_hash = $2',
      [session.claims.sub, session.deviceHash],
    )
    if (!device.rows[0]?.link_verified_at)
      throw new AuthError(
        'RECOVERY_NOT_ALLOWED',
        'This device was not approved from the link in the mail: it cannot use this wallet',
      )
    const { rows } = await db.query<KeyRow>(
      'SELECT id, namespace, address, created_at FROM key_shares WHERE user_id = $1 AND namespace = $2',
      [session.claims.sub, namespace],
    )
    if (!rows[0]) throw new AuthError('KEY_NOT_FOUND', `No ${namespace} key for this user`)
    await db.query(
      `INSERT INTO device_key_shares (user_id, namespace, device_hash, share, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, namespace, device_hash) DO UPDATE SET share = EXCLUDED.share, created_at = EXCLUDED.created_at`,
      [session.claims.sub, namespace, session.deviceHash, share, new Date(this.now)],
    )
    return toKey(rows[0])
  }

  async listKeys(session: SessionContext) {
    const db = await this.options.database()
    const { rows } = await db.query<KeyRow>(
      'SELECT id, namespace, address, created_at FROM key_shares WHERE user_id = $1 ORDER BY created_at, namespace',
      [session.claims.sub],
    )
    return rows.map(toKey)
  }

  /**
   * The server half of this device's share pair: its own split (after a recovery), else share 2
   * when this device made the key. Any other device gets `SHARE_NOT_FOUND`.
   */
  async getKeyShare(session: SessionContext, namespace: string) {
    const db = await this.options.database()
    const { rows } = await db.query<
      KeyRow & { share: Uint8Array; device_hash: string | null; own_share: Uint8Array | null }
    >(
      `SELECT k.id, k.namespace, k.address, k.created_at, k.share, k.device_hash, d.share AS own_share
       FROM key_shares k
       LEFT JOIN device_key_shares d ON d.user_id = k.user_id AND d.namespace = k.namespace AND d.device_hash = $3
       WHERE k.user_id = $1 AND k.namespace = $2`,
      [session.claims.sub, namespace, session.deviceHash],
    )
    const row = rows[0]
    if (!row) throw new AuthError('KEY_NOT_FOUND', `No ${namespace} key for this user`)
    // Keys stored before schema 2 name no device: their share goes to any verified device, as then.
    const share = row.own_share ?? (row.device_hash === session.deviceHash || !row.device_hash ? row.share : null)
    if (!share) throw new AuthError('SHARE_NOT_FOUND', `This device holds no share of the ${namespace} key`)
    return { key: toKey(row), share: Buffer.from(share).toString('base64') }
  }
}

interface KeyRow {
  id: string
  namespace: string
  address: string
  created_at: Date
}

const toKey = (row: KeyRow) => ({
  id: row.id,
  namespace: row.namespace,
  address: row.address,
  createdAt: iso(row.created_at),
})

const toUser = (row: { id: string; email: string; created_at: Date }): AuthUser => ({
  id: row.id,
  email: row.email,
  createdAt: iso(row.created_at),
})
