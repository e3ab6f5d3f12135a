// The email update's two one-time codes (to the current address, then to the new one), driven
// through the module itself on PGlite: they cannot be swapped, replayed, used by another user or
// device, used past their 10 minutes or after five wrong guesses; concurrent uses give one winner;
// an address taken meanwhile is refused; and a refusal leaves nothing behind (no mail, no code, the
// address and the session unchanged). Sessions come from the real login code with a recording
// mailer. The HTTP side (routes, the 400/401/409 answers, the happy path, the retired token) is in
// ../test/suite.ts; the code checks shared with the login in ../login/challenges.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_COOLDOWN_MS, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '../constants.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { AuthDeps, RequestContext } from '../deps.js'
import { AuthError } from '../errors.js'
import { startLogin, verifyLogin } from '../login/login.js'
import type { Mail } from '../mailer.js'
import { authenticate, type SessionContext } from '../sessions/sessions.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { startEmailUpdate, verifyPrimaryOtp, verifySecondaryOtp } from './emailUpdate.js'

const SECRET = new TextEncoder().encode('a test secret of at least thirty-two bytes!')
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('emailupdate')
  db = opened.db
  return opened.close
}, 120_000)

/** The module's dependencies on the file's database, with a fake clock and a mailer that records or fails. */
function harness() {
  const mails: Mail[] = []
  const mailer = {
    failingTo: undefined as string | undefined,
    async send(mail: Mail) {
      if (mail.to === mailer.failingTo) throw new AuthError('MAIL_FAILED', 'Could not send the email')
      mails.push(mail)
    },
  }
  const { deps, clock } = testDeps(db, { secret: SECRET, mailer, publicUrl: 'http://127.0.0.1:1' })
  const mailsTo = (to: string) => mails.filter((m) => m.to === to)
  const lastCode = (to: string) => /^(\d{6}) /.exec(mailsTo(to).at(-1)?.subject ?? '')?.[1] ?? ''
  const ctx = (deviceHash = sha256(newDeviceId())): RequestContext => ({
    projectId: 'test-project',
    origin: 'http://127.0.0.1:5173',
    deviceHash,
  })

  /** A new user's first login (a code) on a device: a real session. */
  async function signIn(email: string, device = ctx()) {
    clock.now += EMAIL_COOLDOWN_MS
    const started = await startLogin(deps, email, device)
    const done = await verifyLogin(deps, started.challengeId, lastCode(email), device)
    return { userId: done.user.id, session: await authenticate(deps, done.token, device) }
  }

  /** A signed-in user past the cooldown, with an update started to a fresh address: the primary code mailed. */
  async function started(tag: string, device = ctx()) {
    const oldEmail = newEmail(`${tag}-old`)
    const nextEmail = newEmail(`${tag}-new`)
    const user = await signIn(oldEmail, device)
    clock.now += EMAIL_COOLDOWN_MS
    const primary = await startEmailUpdate(deps, user.session, nextEmail)
    return { ...user, oldEmail, nextEmail, primaryId: primary.challengeId, primaryCode: lastCode(oldEmail) }
  }

  /** The same, one step further: the primary code accepted, the secondary code mailed to the new address. */
  async function atSecondary(tag: string, device = ctx()) {
    const s = await started(tag, device)
    const secondary = await verifyPrimaryOtp(deps, s.session, s.primaryId, s.primaryCode)
    return { ...s, secondaryId: secondary.challengeId, secondaryCode: lastCode(s.nextEmail) }
  }

  return { deps, clock, mailer, mailsTo, lastCode, ctx, signIn, started, atSecondary }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return (error as { code?: string }).code
  }
  throw new Error('expected a refusal')
}

const emailOf = async (userId: string) =>
  (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email
const challengesOf = async (userId: string, purpose: string) =>
  (await db.query('SELECT id FROM otp_challenges WHERE user_id = $1 AND purpose = $2', [userId, purpose])).rows.length
const sessionsOf = async (userId: string) =>
  (await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM sessions WHERE user_id = $1', [userId])).rows
const stillSignedIn = async (deps: AuthDeps, session: SessionContext) =>
  (await authenticate(deps, session.token, session)).claims.sid

describe('email update: the two codes', () => {
  test('security: the codes cannot be swapped: the new address’s code at the primary step, or either challenge at the other step', async () => {
    const h = harness()
    const s = await h.atSecondary('swap')
    // The primary challenge is spent; its id at the secondary step, with either code, is not found.
    for (const otp of [s.primaryCode, s.secondaryCode])
      expect(await codeOf(verifySecondaryOtp(h.deps, s.session, s.primaryId, otp))).toBe('CHALLENGE_NOT_FOUND')
    // The secondary challenge at the primary step is not found either, even with its own code.
    expect(await codeOf(verifyPrimaryOtp(h.deps, s.session, s.secondaryId, s.secondaryCode))).toBe(
      'CHALLENGE_NOT_FOUND',
    )
    // The primary code on the secondary challenge is a wrong code (unless both happen to match).
    if (s.primaryCode !== s.secondaryCode)
      expect(await codeOf(verifySecondaryOtp(h.deps, s.session, s.secondaryId, s.primaryCode))).toBe('OTP_INVALID')
    expect(await emailOf(s.userId)).toBe(s.oldEmail)
    const done = await verifySecondaryOtp(h.deps, s.session, s.secondaryId, s.secondaryCode)
    expect(done.email).toBe(s.nextEmail)
    expect(await emailOf(s.userId)).toBe(s.nextEmail)
  })

  test('security: the current address’s code cannot complete the change without the new address’s code', async () => {
    const h = harness()
    const s = await h.started('skip')
    // A primary challenge presented straight at the final step: not found, nothing changes.
    expect(await codeOf(verifySecondaryOtp(h.deps, s.session, s.primaryId, s.primaryCode))).toBe('CHALLENGE_NOT_FOUND')
    expect(await emailOf(s.userId)).toBe(s.oldEmail)
    // It was not spent by that: the primary step still takes it.
    expect((await verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode)).action).toBe('VERIFY_SECONDARY_OTP')
  })

  test('security: a replayed primary code sends no second code; a replayed secondary code changes nothing more', async () => {
    const h = harness()
    const s = await h.atSecondary('replay')
    h.clock.now += EMAIL_COOLDOWN_MS
    expect(await codeOf(verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode))).toBe('OTP_USED')
    expect(h.mailsTo(s.nextEmail)).toHaveLength(1)
    expect(await challengesOf(s.userId, 'update_secondary')).toBe(1)
    const done = await verifySecondaryOtp(h.deps, s.session, s.secondaryId, s.secondaryCode)
    const newSession = await authenticate(h.deps, done.token, s.session)
    expect(await codeOf(verifySecondaryOtp(h.deps, newSession, s.secondaryId, s.secondaryCode))).toBe('OTP_USED')
    expect(await codeOf(verifySecondaryOtp(h.deps, s.session, s.secondaryId, s.secondaryCode))).toBe('OTP_USED')
    expect(await sessionsOf(s.userId)).toHaveLength(2) // the login's (revoked) and the update's
    expect(await stillSignedIn(h.deps, newSession)).toBe(newSession.claims.sid)
  })

  test('behavior: the same right primary code sent five times at once: one success, one code to the new address', async () => {
    const h = harness()
    const s = await h.started('race1')
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results)
      if (r.status === 'rejected')
        expect(['OTP_USED', 'OTP_ATTEMPTS_EXHAUSTED']).toContain((r.reason as { code: string }).code)
    expect(h.mailsTo(s.nextEmail)).toHaveLength(1)
    expect(await challengesOf(s.userId, 'update_secondary')).toBe(1)
  })

  test('behavior: the same right secondary code sent five times at once: one address change, one new session', async () => {
    const h = harness()
    const s = await h.atSecondary('race2')
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => verifySecondaryOtp(h.deps, s.session, s.secondaryId, s.secondaryCode)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await emailOf(s.userId)).toBe(s.nextEmail)
    expect(await sessionsOf(s.userId)).toHaveLength(2)
  })

  test('edge: the primary code works 1 ms before its 10 minutes; exactly at them it is expired and sends nothing', async () => {
    const h = harness()
    const late = await h.started('ttl1')
    h.clock.now += OTP_TTL_MS
    expect(await codeOf(verifyPrimaryOtp(h.deps, late.session, late.primaryId, late.primaryCode))).toBe('OTP_EXPIRED')
    expect(h.mailsTo(late.nextEmail)).toHaveLength(0)
    expect(await challengesOf(late.userId, 'update_secondary')).toBe(0)
    const inTime = await h.started('ttl2')
    h.clock.now += OTP_TTL_MS - 1
    expect((await verifyPrimaryOtp(h.deps, inTime.session, inTime.primaryId, inTime.primaryCode)).action).toBe(
      'VERIFY_SECONDARY_OTP',
    )
  })

  test('edge: the secondary code’s 10 minutes count from its own mail: 1 ms before works, exactly at them it is expired and nothing changes', async () => {
    const h = harness()
    const late = await h.started('ttl3')
    h.clock.now += OTP_TTL_MS - 1 // the primary code at its last ms
    const second = await verifyPrimaryOtp(h.deps, late.session, late.primaryId, late.primaryCode)
    h.clock.now += OTP_TTL_MS
    expect(await codeOf(verifySecondaryOtp(h.deps, late.session, second.challengeId, h.lastCode(late.nextEmail)))).toBe(
      'OTP_EXPIRED',
    )
    expect(await emailOf(late.userId)).toBe(late.oldEmail)
    expect(await stillSignedIn(h.deps, late.session)).toBe(late.session.claims.sid)
    const inTime = await h.atSecondary('ttl4')
    h.clock.now += OTP_TTL_MS - 1
    expect((await verifySecondaryOtp(h.deps, inTime.session, inTime.secondaryId, inTime.secondaryCode)).email).toBe(
      inTime.nextEmail,
    )
  })

  test('security: after five wrong primary codes even the right one is refused, and nothing goes to the new address', async () => {
    const h = harness()
    const s = await h.started('guess')
    const wrong = otherCode(s.primaryCode)
    for (let left = OTP_MAX_ATTEMPTS - 1; left >= 1; left--) {
      const error = await verifyPrimaryOtp(h.deps, s.session, s.primaryId, wrong).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'OTP_INVALID', details: { attemptsLeft: left } })
    }
    expect(await codeOf(verifyPrimaryOtp(h.deps, s.session, s.primaryId, wrong))).toBe('OTP_ATTEMPTS_EXHAUSTED')
    expect(await codeOf(verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode))).toBe('OTP_ATTEMPTS_EXHAUSTED')
    expect(h.mailsTo(s.nextEmail)).toHaveLength(0)
    expect(await challengesOf(s.userId, 'update_secondary')).toBe(0)
  })
})

describe('email update: bound to the user and device', () => {
  test('security: another user signed in on the same browser cannot use the challenges, even with the right codes', async () => {
    const h = harness()
    const device = h.ctx()
    const s = await h.started('victim', device)
    const mallory = await h.signIn(newEmail('mallory'), device)
    expect(await codeOf(verifyPrimaryOtp(h.deps, mallory.session, s.primaryId, s.primaryCode))).toBe(
      'CHALLENGE_NOT_FOUND',
    )
    const second = await verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode)
    const code = h.lastCode(s.nextEmail)
    expect(await codeOf(verifySecondaryOtp(h.deps, mallory.session, second.challengeId, code))).toBe(
      'CHALLENGE_NOT_FOUND',
    )
    expect(await emailOf(mallory.userId)).not.toBe(s.nextEmail)
    expect(await emailOf(s.userId)).toBe(s.oldEmail)
    // Mallory's tries spent none of the attempts: the owner finishes.
    expect((await verifySecondaryOtp(h.deps, s.session, second.challengeId, code)).email).toBe(s.nextEmail)
  })

  test('security: the same user on another device cannot use the challenges', async () => {
    const h = harness()
    const s = await h.atSecondary('device')
    const elsewhere = { ...s.session, deviceHash: h.ctx().deviceHash }
    expect(await codeOf(verifySecondaryOtp(h.deps, elsewhere, s.secondaryId, s.secondaryCode))).toBe(
      'CHALLENGE_NOT_FOUND',
    )
    expect(await emailOf(s.userId)).toBe(s.oldEmail)
  })
})

describe('email update: refusals leave nothing behind', () => {
  test('error: the current address, or one in use, is refused at the start: no challenge, no mail, the cooldown untouched', async () => {
    const h = harness()
    const taken = newEmail('taken')
    await h.signIn(taken)
    const email = newEmail('me')
    const me = await h.signIn(email)
    h.clock.now += EMAIL_COOLDOWN_MS
    const mailsBefore = h.mailsTo(email).length
    expect(await codeOf(startEmailUpdate(h.deps, me.session, email))).toBe('BAD_REQUEST')
    expect(await codeOf(startEmailUpdate(h.deps, me.session, taken))).toBe('EMAIL_IN_USE')
    expect(await challengesOf(me.userId, 'update_primary')).toBe(0)
    expect(h.mailsTo(email)).toHaveLength(mailsBefore)
    expect(h.mailsTo(taken)).toHaveLength(1)
    // No mail slot was taken: an update right now goes through.
    expect((await startEmailUpdate(h.deps, me.session, newEmail('free'))).action).toBe('VERIFY_PRIMARY_OTP')
  })

  test('error: an address taken before the primary code is refused then: no code to it, no secondary step', async () => {
    const h = harness()
    const s = await h.started('taken1')
    await h.signIn(s.nextEmail) // someone registers the address meanwhile
    expect(await codeOf(verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode))).toBe('EMAIL_IN_USE')
    expect(h.mailsTo(s.nextEmail).filter((m) => m.text.includes('confirm your new email'))).toEqual([])
    expect(await challengesOf(s.userId, 'update_secondary')).toBe(0)
    expect(await emailOf(s.userId)).toBe(s.oldEmail)
  })

  test('behavior: two users moving to one address at once: one gets it, the other is refused and keeps address and session', async () => {
    const h = harness()
    const target = newEmail('target')
    const users = []
    for (const tag of ['first', 'second']) {
      const oldEmail = newEmail(tag)
      const user = await h.signIn(oldEmail)
      h.clock.now += EMAIL_COOLDOWN_MS
      const primary = await startEmailUpdate(h.deps, user.session, target)
      const second = await verifyPrimaryOtp(h.deps, user.session, primary.challengeId, h.lastCode(oldEmail))
      users.push({ ...user, oldEmail, secondaryId: second.challengeId, code: h.lastCode(target) })
    }
    const results = await Promise.allSettled(
      users.map((u) => verifySecondaryOtp(h.deps, u.session, u.secondaryId, u.code)),
    )
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const loser = results.findIndex((r) => r.status === 'rejected')
    const lost = results[loser]
    expect(lost?.status === 'rejected' && (lost.reason as { code: string }).code).toBe('EMAIL_IN_USE')
    const winner = users[1 - loser]
    const refused = users[loser]
    if (!winner || !refused) throw new Error('unreachable')
    expect(await emailOf(winner.userId)).toBe(target)
    expect(await emailOf(refused.userId)).toBe(refused.oldEmail)
    expect(await stillSignedIn(h.deps, refused.session)).toBe(refused.session.claims.sid)
    expect(await sessionsOf(refused.userId)).toHaveLength(1)
  })

  test('error: a code that cannot be mailed to the new address frees its mail slot; the current address keeps its own', async () => {
    const h = harness()
    const s = await h.started('mailfail')
    h.mailer.failingTo = s.nextEmail
    expect(await codeOf(verifyPrimaryOtp(h.deps, s.session, s.primaryId, s.primaryCode))).toBe('MAIL_FAILED')
    const slot = async (email: string) =>
      (await db.query('SELECT 1 FROM email_cooldowns WHERE email = $1', [email])).rows.length
    expect(await slot(s.nextEmail)).toBe(0)
    expect(await slot(s.oldEmail)).toBe(1)
    expect(await emailOf(s.userId)).toBe(s.oldEmail)
  })
})
