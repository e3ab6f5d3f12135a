// Device approval links and device trust, driven through the module itself on PGlite: a link
// approves once (also under concurrent clicks), only until its expiry, only its own user's device,
// its code works only on that device, refusals leave nothing behind, and which devices may skip
// the link. Logins come from the real login code with a mailer that records (or fails). The HTTP
// side (the approval page, the form POST, 404/410 answers) is in ../test/suite.ts; approval by
// passkey in ../passkeys/passkeys.pglite.test.ts; what an approval lets a device fetch in
// ../keys/keyShares.pglite.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { DEVICE_LINK_TTL_MS, EMAIL_COOLDOWN_MS, OTP_TTL_MS } from '../constants.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { RequestContext } from '../deps.js'
import { AuthError } from '../errors.js'
import { putKeyShare } from '../keys/keyShares.js'
import { loginStatus, startLogin, verifyLogin } from '../login/login.js'
import type { Mail } from '../mailer.js'
import { authenticate } from '../sessions/sessions.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { approveDevice, createDeviceLink, isLinkVerified, isTrustedDevice } from './devices.js'

const SECRET = new TextEncoder().encode('a test secret of at least thirty-two bytes!')
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('devices')
  db = opened.db
  return opened.close
}, 120_000)

/** The module's dependencies on the file's database, with a fake clock and a mailer that records or fails. */
function harness() {
  const mails: Mail[] = []
  const mailer = {
    failing: false,
    async send(mail: Mail) {
      if (mailer.failing) throw new AuthError('MAIL_FAILED', 'Could not send the email')
      mails.push(mail)
    },
  }
  const { deps, clock } = testDeps(db, { secret: SECRET, mailer, publicUrl: 'http://127.0.0.1:1' })
  const mailsTo = (to: string) => mails.filter((m) => m.to === to)
  const codeIn = (mail: Mail | undefined) => /^(\d{6}) /.exec(mail?.subject ?? '')?.[1]
  const tokenIn = (mail: Mail | undefined) =>
    new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x/').searchParams.get('token') ?? ''
  const ctx = (deviceHash = sha256(newDeviceId())): RequestContext => ({
    projectId: 'test-project',
    origin: 'http://127.0.0.1:5173',
    deviceHash,
  })

  /** First login of a new address on a device: a code, no link. */
  async function firstLogin(email: string, device = ctx()) {
    clock.now += EMAIL_COOLDOWN_MS
    const started = await startLogin(deps, email, device)
    expect(started.action).toBe('VERIFY_OTP')
    const done = await verifyLogin(deps, started.challengeId, codeIn(mailsTo(email).at(-1)) ?? '', device)
    return { userId: done.user.id, device, session: await authenticate(deps, done.token, device) }
  }

  /** A login of a known address from a new device: it waits for the mailed link. */
  async function pendingLogin(email: string, device = ctx(), wait = EMAIL_COOLDOWN_MS) {
    clock.now += wait
    const started = await startLogin(deps, email, device)
    expect(started.action).toBe('VERIFY_DEVICE')
    const mail = mailsTo(email).at(-1)
    return { challengeId: started.challengeId, device, token: tokenIn(mail), mailCount: mailsTo(email).length }
  }

  return { deps, clock, mailer, mailsTo, codeIn, ctx, firstLogin, pendingLogin }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return (error as { code?: string }).code
  }
  throw new Error('expected a refusal')
}

const linkRow = async (token: string) =>
  (
    await db.query<{ approved_at: Date | null }>('SELECT approved_at FROM device_verifications WHERE token_hash = $1', [
      sha256(token),
    ])
  ).rows[0]
const challengeRow = async (id: string) =>
  (await db.query<{ code_hash: string | null }>('SELECT code_hash FROM otp_challenges WHERE id = $1', [id])).rows[0]
const deviceRow = async (userId: string, deviceHash: string) =>
  (
    await db.query<{ link_verified_at: Date | null }>(
      'SELECT link_verified_at FROM devices WHERE user_id = $1 AND device_hash = $2',
      [userId, deviceHash],
    )
  ).rows[0]

describe('device approval link', () => {
  test('error: an unknown token, an empty one, or the stored hash of a real token approves nothing', async () => {
    const h = harness()
    const email = newEmail('bad')
    const { userId } = await h.firstLogin(email)
    const pending = await h.pendingLogin(email)
    for (const token of ['', 'not-a-token', sha256(pending.token), pending.token.toUpperCase(), `${pending.token} `])
      expect(await codeOf(approveDevice(h.deps, token))).toBe('DEVICE_LINK_INVALID')
    expect(await linkRow(pending.token)).toEqual({ approved_at: null })
    expect(await deviceRow(userId, pending.device.deviceHash)).toBeUndefined()
    expect(h.mailsTo(email)).toHaveLength(pending.mailCount)
    // The real token still works afterwards.
    expect(await approveDevice(h.deps, pending.token)).toEqual({ email, alreadyApproved: false })
  })

  test('behavior: the link only stores the hash of its token', async () => {
    const h = harness()
    const email = newEmail('hash')
    await h.firstLogin(email)
    const pending = await h.pendingLogin(email)
    const { rows } = await db.query('SELECT * FROM device_verifications WHERE challenge_id = $1', [pending.challengeId])
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(pending.token)
    expect(rows[0]).toMatchObject({ token_hash: sha256(pending.token) })
  })

  test('edge: a link approves 1 ms before its expiry; exactly at it, it is refused and leaves nothing behind', async () => {
    const h = harness()
    const email = newEmail('ttl')
    const { userId } = await h.firstLogin(email)
    const late = await h.pendingLogin(email)
    const sentAt = h.clock.now
    h.clock.now = sentAt + DEVICE_LINK_TTL_MS
    expect(await codeOf(approveDevice(h.deps, late.token))).toBe('DEVICE_LINK_EXPIRED')
    expect(await linkRow(late.token)).toEqual({ approved_at: null })
    expect(await challengeRow(late.challengeId)).toEqual({ code_hash: null })
    expect(await deviceRow(userId, late.device.deviceHash)).toBeUndefined()
    expect(await isLinkVerified(db, userId, late.device.deviceHash)).toBe(false)
    expect(h.mailsTo(email)).toHaveLength(late.mailCount)
    // The refusal did not restart the address's cooldown: a new login right away is fine.
    const inTime = await h.pendingLogin(email, h.ctx(), 0)
    h.clock.now += DEVICE_LINK_TTL_MS - 1
    expect(await approveDevice(h.deps, inTime.token)).toEqual({ email, alreadyApproved: false })
    expect(await isLinkVerified(db, userId, inTime.device.deviceHash)).toBe(true)
    expect(h.codeIn(h.mailsTo(email).at(-1))).toMatch(/^\d{6}$/)
  })

  test('behavior: five concurrent clicks on one link approve once: one code mailed, the others read alreadyApproved', async () => {
    const h = harness()
    const email = newEmail('clicks')
    const { userId } = await h.firstLogin(email)
    const pending = await h.pendingLogin(email)
    const results = await Promise.all(Array.from({ length: 5 }, () => approveDevice(h.deps, pending.token)))
    expect(results.filter((r) => !r.alreadyApproved)).toHaveLength(1)
    expect(results.every((r) => r.email === email)).toBe(true)
    expect(h.mailsTo(email)).toHaveLength(pending.mailCount + 1)
    // The one code mailed is the one the challenge holds.
    const code = h.codeIn(h.mailsTo(email).at(-1)) ?? ''
    const done = await verifyLogin(h.deps, pending.challengeId, code, pending.device)
    expect(done.user.id).toBe(userId)
  })

  test('behavior: a click after the approval, even once the link expired, sends no new code and keeps the first one valid', async () => {
    const h = harness()
    const email = newEmail('twice')
    await h.firstLogin(email)
    const pending = await h.pendingLogin(email)
    await approveDevice(h.deps, pending.token)
    const armed = await challengeRow(pending.challengeId)
    const code = h.codeIn(h.mailsTo(email).at(-1)) ?? ''
    const approvedAt = h.clock.now
    h.clock.now += 1_000
    expect(await approveDevice(h.deps, pending.token)).toEqual({ email, alreadyApproved: true })
    h.clock.now = approvedAt + DEVICE_LINK_TTL_MS
    expect(await approveDevice(h.deps, pending.token)).toEqual({ email, alreadyApproved: true })
    expect(await challengeRow(pending.challengeId)).toEqual(armed)
    expect(h.mailsTo(email)).toHaveLength(pending.mailCount + 1)
    h.clock.now = approvedAt + OTP_TTL_MS - 1 // the code's last ms: it was not re-armed by the clicks
    expect((await verifyLogin(h.deps, pending.challengeId, code, pending.device)).isNewUser).toBe(false)
  })

  test('security: the approval is bound to the link’s user and device: the same browser signed in for another user, and the user’s other devices, stay unapproved', async () => {
    const h = harness()
    const adaEmail = newEmail('ada')
    const adaPhone = await h.firstLogin(adaEmail)
    const pending = await h.pendingLogin(adaEmail)
    const other = await h.pendingLogin(adaEmail)
    // Bob's first login happens on the browser that waits for Ada's link.
    const bob = await h.firstLogin(newEmail('bob'), pending.device)
    await approveDevice(h.deps, pending.token)
    expect(await isLinkVerified(db, adaPhone.userId, pending.device.deviceHash)).toBe(true)
    expect(await isLinkVerified(db, bob.userId, pending.device.deviceHash)).toBe(false)
    expect(await isLinkVerified(db, adaPhone.userId, adaPhone.device.deviceHash)).toBe(false)
    expect(await isLinkVerified(db, adaPhone.userId, other.device.deviceHash)).toBe(false)
    expect(await linkRow(other.token)).toEqual({ approved_at: null })
    expect(await challengeRow(other.challengeId)).toEqual({ code_hash: null })
    expect(await loginStatus(h.deps, other.challengeId, other.device)).toEqual({ action: 'VERIFY_DEVICE' })
  })

  test('security: the code mailed after the approval works only on the approved device', async () => {
    const h = harness()
    const email = newEmail('bound')
    const phone = await h.firstLogin(email)
    const pending = await h.pendingLogin(email)
    await approveDevice(h.deps, pending.token)
    const code = h.codeIn(h.mailsTo(email).at(-1)) ?? ''
    expect(await codeOf(verifyLogin(h.deps, pending.challengeId, code, phone.device))).toBe('CHALLENGE_NOT_FOUND')
    expect(await codeOf(verifyLogin(h.deps, pending.challengeId, code, h.ctx()))).toBe('CHALLENGE_NOT_FOUND')
    const done = await verifyLogin(h.deps, pending.challengeId, code, pending.device)
    expect(done.user.id).toBe(phone.userId)
    expect(await codeOf(verifyLogin(h.deps, pending.challengeId, code, pending.device))).toBe('OTP_USED')
  })

  test('error: a mail that fails after the approval keeps the approval (a second click says so) and frees the cooldown: the device logs in with a code at once', async () => {
    const h = harness()
    const email = newEmail('mailfail')
    const { userId } = await h.firstLogin(email)
    const pending = await h.pendingLogin(email)
    h.mailer.failing = true
    expect(await codeOf(approveDevice(h.deps, pending.token))).toBe('MAIL_FAILED')
    h.mailer.failing = false
    expect(await approveDevice(h.deps, pending.token)).toEqual({ email, alreadyApproved: true })
    expect(h.mailsTo(email)).toHaveLength(pending.mailCount)
    expect(await isLinkVerified(db, userId, pending.device.deviceHash)).toBe(true)
    // The code never arrived, so its mail does not hold the address's cooldown; the device is now
    // trusted and gets a code straight away.
    expect((await startLogin(h.deps, email, pending.device)).action).toBe('VERIFY_OTP')
    expect(h.mailsTo(email)).toHaveLength(pending.mailCount + 1)
  })
})

describe('device trust', () => {
  test('behavior: which devices skip the link: known ones while the user has no key, then only the maker of the key or a link-approved one', async () => {
    const h = harness()
    const email = newEmail('trust')
    const [a, b] = [h.ctx(), h.ctx()]
    // Two first logins racing: both get a code, both devices are known.
    const first = await startLogin(h.deps, email, a)
    const firstCode = h.codeIn(h.mailsTo(email).at(-1)) ?? ''
    h.clock.now += EMAIL_COOLDOWN_MS
    const second = await startLogin(h.deps, email, b)
    const secondCode = h.codeIn(h.mailsTo(email).at(-1)) ?? ''
    const made = await verifyLogin(h.deps, first.challengeId, firstCode, a)
    await verifyLogin(h.deps, second.challengeId, secondCode, b)
    const userId = made.user.id
    expect(await isTrustedDevice(db, userId, a.deviceHash)).toBe(true)
    expect(await isTrustedDevice(db, userId, b.deviceHash)).toBe(true)
    expect(await isTrustedDevice(db, userId, h.ctx().deviceHash)).toBe(false)
    await putKeyShare(h.deps, await authenticate(h.deps, made.token, a), 'eip155', '0xabc', new Uint8Array(33))
    expect(await isTrustedDevice(db, userId, a.deviceHash)).toBe(true)
    expect(await isTrustedDevice(db, userId, b.deviceHash)).toBe(false)
    // Trust is per user: the maker's browser means nothing for another user.
    const bob = await h.firstLogin(newEmail('bob'))
    expect(await isTrustedDevice(db, bob.userId, a.deviceHash)).toBe(false)
    // A key from before schema 2 names no device: its user's known devices log in as before.
    await db.query('UPDATE key_shares SET device_hash = NULL WHERE user_id = $1', [userId])
    expect(await isTrustedDevice(db, userId, b.deviceHash)).toBe(true)
  })

  test('security: a device removed from the user’s devices must pass the link again, though it made the key', async () => {
    const h = harness()
    const email = newEmail('removed')
    const phone = await h.firstLogin(email)
    await putKeyShare(h.deps, phone.session, 'eip155', '0xabc', new Uint8Array(33))
    await db.query('DELETE FROM devices WHERE user_id = $1 AND device_hash = $2', [
      phone.userId,
      phone.device.deviceHash,
    ])
    expect(await isTrustedDevice(db, phone.userId, phone.device.deviceHash)).toBe(false)
    const again = await h.pendingLogin(email, phone.device)
    expect(await loginStatus(h.deps, again.challengeId, phone.device)).toEqual({ action: 'VERIFY_DEVICE' })
  })

  test('behavior: createDeviceLink stores a link that approves exactly the device and user it names', async () => {
    const h = harness()
    const email = newEmail('create')
    const { userId } = await h.firstLogin(email)
    const device = h.ctx()
    const pending = await h.pendingLogin(email)
    const token = randomBytes(32).toString('base64url')
    await createDeviceLink(h.deps, db, {
      token,
      challengeId: pending.challengeId,
      userId,
      deviceHash: device.deviceHash,
      expiresAt: new Date(h.clock.now + 1),
    })
    expect(await approveDevice(h.deps, token)).toEqual({ email, alreadyApproved: false })
    expect(await isLinkVerified(db, userId, device.deviceHash)).toBe(true)
    expect(await isLinkVerified(db, userId, pending.device.deviceHash)).toBe(false)
  })
})
