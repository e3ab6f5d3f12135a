// Who gets which share of a key, driven through the module itself on PGlite: the user and device
// each share is bound to (another user on the same browser, a second device that only typed a
// code, a device approved from another user's link, a device removed from the user's devices),
// concurrent first stores, and a sealed recovery share that cannot be moved to another row. Users
// and sessions come from the real login code with a recording mailer. The HTTP side (routes,
// status codes, a token presented by another device, sign out) is in ../test/suite.ts; whole
// frames rebuilding keys in both recovery modes are in userHeldRecovery.pglite.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_COOLDOWN_MS } from '../constants.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { RequestContext } from '../deps.js'
import { approveDevice } from '../devices/devices.js'
import { startLogin, verifyLogin } from '../login/login.js'
import type { Mail } from '../mailer.js'
import { authenticate } from '../sessions/sessions.js'
import { newDeviceId } from '../test/client.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { getKeyShare, listKeys, putDeviceShare, putKeyShare, recoverKeyShares } from './keyShares.js'

const SECRET = new TextEncoder().encode('a test secret of at least thirty-two bytes!')
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('keyshares')
  db = opened.db
  return opened.close
}, 120_000)

/** The module's dependencies on the file's database, with a fake clock and a mailer that records. */
function harness() {
  const mails: Mail[] = []
  const { deps, clock } = testDeps(db, {
    secret: SECRET,
    mailer: { send: async (mail) => void mails.push(mail) },
    publicUrl: 'http://127.0.0.1:1',
  })
  const lastMail = (to: string) => {
    const mail = mails.filter((m) => m.to === to).at(-1)
    if (!mail) throw new Error(`no mail to ${to}`)
    return mail
  }
  const ctx = (deviceHash = sha256(newDeviceId())): RequestContext => ({
    projectId: 'test-project',
    origin: 'http://127.0.0.1:5173',
    deviceHash,
  })

  /** Logs `email` in on a device (approving it from the mailed link when asked): a real session. */
  async function signIn(email: string, device = ctx()) {
    clock.now += EMAIL_COOLDOWN_MS
    const started = await startLogin(deps, email, device)
    if (started.action === 'VERIFY_DEVICE') {
      const link = /https?:\/\/\S+/.exec(lastMail(email).text)?.[0] ?? ''
      expect((await approveDevice(deps, new URL(link).searchParams.get('token') ?? '')).alreadyApproved).toBe(false)
    }
    const code = /^(\d{6}) /.exec(lastMail(email).subject)?.[1] ?? ''
    const done = await verifyLogin(deps, started.challengeId, code, device)
    return { session: await authenticate(deps, done.token, device), userId: done.user.id, token: done.token, device }
  }

  /** Two devices starting the first login of an address at once: both get a code, neither a link. */
  async function twoFirstLogins(email: string) {
    const [a, b] = [ctx(), ctx()]
    const first = await startLogin(deps, email, a)
    const firstCode = /^(\d{6}) /.exec(lastMail(email).subject)?.[1] ?? ''
    clock.now += EMAIL_COOLDOWN_MS
    const second = await startLogin(deps, email, b)
    const secondCode = /^(\d{6}) /.exec(lastMail(email).subject)?.[1] ?? ''
    expect([first.action, second.action]).toEqual(['VERIFY_OTP', 'VERIFY_OTP'])
    const one = await verifyLogin(deps, first.challengeId, firstCode, a)
    const two = await verifyLogin(deps, second.challengeId, secondCode, b)
    return {
      userId: one.user.id,
      maker: await authenticate(deps, one.token, a),
      codeOnly: await authenticate(deps, two.token, b),
    }
  }

  return { deps, clock, ctx, signIn, twoFirstLogins }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`
const bytes = () => new Uint8Array(randomBytes(33))
const b64 = (value: Uint8Array) => Buffer.from(value).toString('base64')

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return (error as { code?: string }).code
  }
  throw new Error('expected a refusal')
}

const ownShares = async (userId: string) =>
  (await db.query('SELECT 1 FROM device_key_shares WHERE user_id = $1', [userId])).rows.length

/** A user whose key (shares 2 and 3) was made on `phone`, and `laptop`, approved from the mailed link. */
async function keyAndApprovedLaptop(h: ReturnType<typeof harness>, tag: string) {
  const email = newEmail(tag)
  const phone = await h.signIn(email)
  const share = bytes()
  const recovery = bytes()
  await putKeyShare(h.deps, phone.session, 'eip155', '0xabc', share, recovery)
  const laptop = await h.signIn(email)
  return { email, phone, laptop, share, recovery }
}

describe('key shares: bound to their user', () => {
  test('security: another user signed in on the same browser gets neither the key nor its share, and their own key never returns the first one', async () => {
    const h = harness()
    const device = h.ctx()
    const ada = await h.signIn(newEmail('ada'), device)
    const bob = await h.signIn(newEmail('bob'), device)
    const adaShare = bytes()
    await putKeyShare(h.deps, ada.session, 'eip155', '0xada', adaShare, bytes())
    expect(await codeOf(getKeyShare(h.deps, bob.session, 'eip155'))).toBe('KEY_NOT_FOUND')
    expect(await codeOf(recoverKeyShares(h.deps, bob.session, 'eip155'))).toBe('RECOVERY_NOT_ALLOWED')
    expect(await codeOf(putDeviceShare(h.deps, bob.session, 'eip155', bytes()))).toBe('RECOVERY_NOT_ALLOWED')
    expect(await listKeys(h.deps, bob.session)).toEqual([])

    const bobShare = bytes()
    await putKeyShare(h.deps, bob.session, 'eip155', '0xb0b', bobShare)
    expect(await getKeyShare(h.deps, bob.session, 'eip155')).toMatchObject({
      key: { address: '0xb0b' },
      share: b64(bobShare),
    })
    expect(await getKeyShare(h.deps, ada.session, 'eip155')).toMatchObject({
      key: { address: '0xada' },
      share: b64(adaShare),
    })
    const listed = await listKeys(h.deps, ada.session)
    expect(listed).toEqual([expect.objectContaining({ namespace: 'eip155', address: '0xada' })])
    expect(JSON.stringify(listed)).not.toContain(b64(adaShare))
  })

  test('security: a device approved from another user’s link cannot recover this user’s key from it', async () => {
    const h = harness()
    const shared = h.ctx()
    const adaEmail = newEmail('ada')
    // Ada's first login is on the shared browser (a code, no link); her key is made on her phone.
    const adaShared = await h.signIn(adaEmail, shared)
    const adaPhone = await h.signIn(adaEmail)
    await putKeyShare(h.deps, adaPhone.session, 'eip155', '0xada', bytes(), bytes())
    // Bob approves the same browser from his own mailed link.
    const bobEmail = newEmail('bob')
    await h.signIn(bobEmail)
    const bobShared = await h.signIn(bobEmail, shared)
    expect(await codeOf(recoverKeyShares(h.deps, bobShared.session, 'eip155'))).toBe('KEY_NOT_FOUND')
    // Bob's approval is his: Ada's session on that browser is still refused.
    expect(await codeOf(recoverKeyShares(h.deps, adaShared.session, 'eip155'))).toBe('RECOVERY_NOT_ALLOWED')
    expect(await codeOf(putDeviceShare(h.deps, adaShared.session, 'eip155', bytes()))).toBe('RECOVERY_NOT_ALLOWED')
    expect(await codeOf(getKeyShare(h.deps, adaShared.session, 'eip155'))).toBe('SHARE_NOT_FOUND')
    expect(await ownShares(adaShared.userId)).toBe(0)
  })

  test('security: a sealed recovery share moved to another user’s or namespace’s row, or whose address was changed, cannot be opened', async () => {
    const h = harness()
    const ada = await keyAndApprovedLaptop(h, 'ada')
    await putKeyShare(h.deps, ada.phone.session, 'solana', 'So1ada', bytes(), bytes())
    const bob = await keyAndApprovedLaptop(h, 'bob')
    // Untouched, each opens for its own user.
    expect((await recoverKeyShares(h.deps, ada.laptop.session, 'eip155')).recoveryShare).toBe(b64(ada.recovery))
    expect((await recoverKeyShares(h.deps, bob.laptop.session, 'eip155')).recoveryShare).toBe(b64(bob.recovery))

    const sealedOf = async (userId: string, namespace: string) =>
      (
        await db.query<{ recovery_share: Uint8Array }>(
          'SELECT recovery_share FROM key_shares WHERE user_id = $1 AND namespace = $2',
          [userId, namespace],
        )
      ).rows[0]?.recovery_share
    const adaSealed = await sealedOf(ada.laptop.userId, 'eip155')
    // Ada's sealed share copied onto Bob's row (same namespace and address): Bob cannot open it.
    await db.query("UPDATE key_shares SET recovery_share = $2 WHERE user_id = $1 AND namespace = 'eip155'", [
      bob.laptop.userId,
      adaSealed,
    ])
    expect(await codeOf(recoverKeyShares(h.deps, bob.laptop.session, 'eip155'))).toBe('INTERNAL')
    // Onto Ada's own other namespace.
    await db.query("UPDATE key_shares SET recovery_share = $2 WHERE user_id = $1 AND namespace = 'solana'", [
      ada.laptop.userId,
      adaSealed,
    ])
    expect(await codeOf(recoverKeyShares(h.deps, ada.laptop.session, 'solana'))).toBe('INTERNAL')
    // The address of the row changed under it.
    await db.query("UPDATE key_shares SET address = '0xevil' WHERE user_id = $1 AND namespace = 'eip155'", [
      ada.laptop.userId,
    ])
    expect(await codeOf(recoverKeyShares(h.deps, ada.laptop.session, 'eip155'))).toBe('INTERNAL')
  })
})

describe('key shares: bound to their device', () => {
  test('security: a second device that only typed a code gets no share of a key made elsewhere, and stores none', async () => {
    const h = harness()
    const { userId, maker, codeOnly } = await h.twoFirstLogins(newEmail('race'))
    const share = bytes()
    await putKeyShare(h.deps, maker, 'eip155', '0xabc', share, bytes())
    expect(await codeOf(getKeyShare(h.deps, codeOnly, 'eip155'))).toBe('SHARE_NOT_FOUND')
    expect(await codeOf(recoverKeyShares(h.deps, codeOnly, 'eip155'))).toBe('RECOVERY_NOT_ALLOWED')
    expect(await codeOf(putDeviceShare(h.deps, codeOnly, 'eip155', bytes()))).toBe('RECOVERY_NOT_ALLOWED')
    // The refused store left nothing: still no share for it, and the maker's share is untouched.
    expect(await ownShares(userId)).toBe(0)
    expect(await codeOf(getKeyShare(h.deps, codeOnly, 'eip155'))).toBe('SHARE_NOT_FOUND')
    expect((await getKeyShare(h.deps, maker, 'eip155')).share).toBe(b64(share))
  })

  test('behavior: two approved devices each get their own server half after recovery, never each other’s; the maker keeps share 2', async () => {
    const h = harness()
    const { email, phone, laptop, share, recovery } = await keyAndApprovedLaptop(h, 'two')
    const tablet = await h.signIn(email)
    for (const device of [laptop, tablet]) {
      expect(await codeOf(getKeyShare(h.deps, device.session, 'eip155'))).toBe('SHARE_NOT_FOUND')
      expect(await recoverKeyShares(h.deps, device.session, 'eip155')).toMatchObject({
        key: { address: '0xabc' },
        share: b64(share),
        recoveryShare: b64(recovery),
      })
    }
    const [laptopHalf, tabletHalf] = [bytes(), bytes()]
    await putDeviceShare(h.deps, laptop.session, 'eip155', laptopHalf)
    await putDeviceShare(h.deps, tablet.session, 'eip155', tabletHalf)
    expect((await getKeyShare(h.deps, laptop.session, 'eip155')).share).toBe(b64(laptopHalf))
    expect((await getKeyShare(h.deps, tablet.session, 'eip155')).share).toBe(b64(tabletHalf))
    expect((await getKeyShare(h.deps, phone.session, 'eip155')).share).toBe(b64(share))
    // A new split on the laptop replaces its own half only.
    const again = bytes()
    await putDeviceShare(h.deps, laptop.session, 'eip155', again)
    expect((await getKeyShare(h.deps, laptop.session, 'eip155')).share).toBe(b64(again))
    expect((await getKeyShare(h.deps, tablet.session, 'eip155')).share).toBe(b64(tabletHalf))
    expect(await ownShares(laptop.userId)).toBe(2)
  })

  test('security: a device removed from the user’s devices no longer authenticates, and a request already past authentication cannot recover or store', async () => {
    const h = harness()
    const { laptop } = await keyAndApprovedLaptop(h, 'removed')
    await putDeviceShare(h.deps, laptop.session, 'eip155', bytes())
    await db.query('DELETE FROM devices WHERE user_id = $1 AND device_hash = $2', [
      laptop.userId,
      laptop.device.deviceHash,
    ])
    expect(await codeOf(authenticate(h.deps, laptop.token, laptop.device))).toBe('DEVICE_NOT_VERIFIED')
    expect(await codeOf(recoverKeyShares(h.deps, laptop.session, 'eip155'))).toBe('RECOVERY_NOT_ALLOWED')
    expect(await codeOf(putDeviceShare(h.deps, laptop.session, 'eip155', bytes()))).toBe('RECOVERY_NOT_ALLOWED')
  })

  test('edge: a key stored before schema 2 (no device named) goes to any device of its user, and still to no other user on that device', async () => {
    const h = harness()
    const { userId, maker, codeOnly } = await h.twoFirstLogins(newEmail('legacy'))
    const share = bytes()
    await putKeyShare(h.deps, maker, 'eip155', '0xold', share)
    await db.query('UPDATE key_shares SET device_hash = NULL WHERE user_id = $1', [userId])
    expect((await getKeyShare(h.deps, codeOnly, 'eip155')).share).toBe(b64(share))
    const stranger = await h.signIn(newEmail('stranger'), h.ctx(codeOnly.deviceHash))
    expect(await codeOf(getKeyShare(h.deps, stranger.session, 'eip155'))).toBe('KEY_NOT_FOUND')
  })
})

describe('key shares: stores and refusals', () => {
  test('behavior: two concurrent first stores of one namespace: exactly one wins and its share is the one kept', async () => {
    const h = harness()
    const phone = await h.signIn(newEmail('concurrent'))
    const shares = [bytes(), bytes(), bytes()]
    const results = await Promise.allSettled(
      shares.map((share, i) => putKeyShare(h.deps, phone.session, 'eip155', `0x${i}`, share, bytes())),
    )
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []))
    expect(won).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('KEY_EXISTS')
    const winner = won[0] ?? -1
    expect(await getKeyShare(h.deps, phone.session, 'eip155')).toMatchObject({
      key: { address: `0x${winner}` },
      share: b64(shares[winner] ?? new Uint8Array()),
    })
    expect(await listKeys(h.deps, phone.session)).toHaveLength(1)
  })

  test('error: a refused second store changes nothing of the first: address, share and sealed recovery share', async () => {
    const h = harness()
    const { phone, laptop, share, recovery } = await keyAndApprovedLaptop(h, 'overwrite')
    const before = (await db.query('SELECT * FROM key_shares WHERE user_id = $1', [phone.userId])).rows
    expect(await codeOf(putKeyShare(h.deps, phone.session, 'eip155', '0xevil', bytes(), bytes(), 'user-held'))).toBe(
      'KEY_EXISTS',
    )
    // From another approved device too.
    expect(await codeOf(putKeyShare(h.deps, laptop.session, 'eip155', '0xevil', bytes()))).toBe('KEY_EXISTS')
    expect((await db.query('SELECT * FROM key_shares WHERE user_id = $1', [phone.userId])).rows).toEqual(before)
    expect(await recoverKeyShares(h.deps, laptop.session, 'eip155')).toMatchObject({
      key: { address: '0xabc', recoveryMode: 'operator-assisted' },
      share: b64(share),
      recoveryShare: b64(recovery),
    })
  })

  test('error: a key without a recovery share gives SHARE_NOT_FOUND on recovery; another namespace, or another case of it, is not found', async () => {
    const h = harness()
    const email = newEmail('norecovery')
    const phone = await h.signIn(email)
    await putKeyShare(h.deps, phone.session, 'solana', 'So1', bytes())
    const laptop = await h.signIn(email)
    expect(await codeOf(recoverKeyShares(h.deps, laptop.session, 'solana'))).toBe('SHARE_NOT_FOUND')
    expect(await codeOf(recoverKeyShares(h.deps, laptop.session, 'eip155'))).toBe('KEY_NOT_FOUND')
    expect(await codeOf(getKeyShare(h.deps, phone.session, 'SOLANA'))).toBe('KEY_NOT_FOUND')
    expect(await codeOf(putDeviceShare(h.deps, laptop.session, 'eip155', bytes()))).toBe('KEY_NOT_FOUND')
    expect(await ownShares(laptop.userId)).toBe(0)
  })
})
