// Who can rebuild a key, per recovery mode. The secure frame's own key code (packages/secure's
// keys.ts, with its vault in memory instead of IndexedDB) makes real keys against a real auth
// server; then the operator, holding the whole database and the recovery key, tries to rebuild
// each key the only way those allow: open the sealed recovery share and combine it with the
// server's share. In operator-assisted mode that works (which is why it is named so); in user-held
// mode it gives no key, while the user, with the mailed approval and their recovery code, recovers
// theirs on a new device. Last, a device's own pair of shares that no longer matches is made again.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { type MailInbox, startMailInbox } from '../../../devnet/src/mail/inbox.js'
import { createAuthApi } from '../../../secure/src/frame/authApi.js'
import {
  addressOf,
  combineShares,
  ensureKeys,
  type Namespace,
  operatorAssisted,
  shareName,
  withSecret,
} from '../../../secure/src/frame/keys.js'
import { newRecoveryCode, openWithCode, WrongRecoveryCodeError } from '../../../secure/src/frame/recovery.js'
import { getSecret, memoryStore, putSecret, useStore } from '../../../secure/src/frame/vault.js'
import { createAuthServer } from '../createAuthServer.js'
import { recoveryKeyFrom, unseal } from '../crypto.js'
import type { Database } from '../db/database.js'
import { openTestDatabase } from '../test/database.js'

const PAGE = 'http://127.0.0.1:5173'
const SECRET = 'a test secret of at least thirty-two bytes!'
const RECOVERY_KEY = 'the operator recovery key, 32 bytes or more'
let db: Database
let inbox: MailInbox

beforeAll(async () => {
  const [opened, mail] = await Promise.all([openTestDatabase('userheld'), startMailInbox()])
  ;[db, inbox] = [opened.db, mail]
  return async () => {
    await Promise.allSettled([opened.close(), mail.stop()])
  }
}, 120_000)

async function start() {
  const clock = { now: Date.now() }
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [PAGE] }],
    mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico <login@portico.test>' },
    database: db,
    secret: SECRET,
    recoveryKey: RECOVERY_KEY,
    now: () => clock.now,
    rateLimit: false,
    log: () => {},
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  return { url, clock }
}

/** A frame on a device of its own (its vault: a fresh store) logged in by email; approves by the link when asked. */
async function frameLogin(url: string, email: string) {
  useStore(Promise.resolve(memoryStore()))
  const api = createAuthApi({ url, projectId: 'test-project', hostOrigin: PAGE })
  const after = inbox.latest(email)?.id ?? 0
  const started = await api.startLogin(email)
  let mail = await inbox.waitFor(email, { after })
  if (started.action === 'VERIFY_DEVICE') {
    const token = new URL(mail.link ?? '').searchParams.get('token')
    const approved = await fetch(`${url}/v1/devices/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })
    expect(approved.status).toBe(200)
    mail = await inbox.waitFor(email, { after: mail.id })
  }
  const { token, user } = await api.verifyOtp(started.challengeId, mail.code ?? '')
  api.setToken(token)
  return { api, user }
}

/**
 * A user whose keys were made in operator-assisted mode on a first device, logged in on a second
 * device later (approved from the mailed link when asked): what recovery on a new device starts from.
 */
async function keysAndSecondDevice(prefix: string) {
  const { url, clock } = await start()
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`
  const first = await frameLogin(url, email)
  const addresses = await ensureKeys(first.api, first.user.id, operatorAssisted)
  clock.now += 31_000
  return { addresses, second: await frameLogin(url, email) }
}

/** What the operator holds, used the only way it can: unseal share 3, combine it with share 2. */
async function operatorTriesToRebuild(userId: string, namespace: Namespace) {
  const { rows } = await db.query<{ address: string; share: Uint8Array; recovery_share: Uint8Array }>(
    'SELECT address, share, recovery_share FROM key_shares WHERE user_id = $1 AND namespace = $2',
    [userId, namespace],
  )
  const row = rows[0]
  if (!row) throw new Error('no key row')
  const recoveryKey = recoveryKeyFrom(new TextEncoder().encode(RECOVERY_KEY), new TextEncoder().encode(SECRET))
  const opened = unseal(recoveryKey, `${userId}:${namespace}:${row.address}`, row.recovery_share)
  let rebuilt: string | undefined
  try {
    rebuilt = addressOf(namespace, await combineShares([new Uint8Array(row.share), new Uint8Array(opened)]))
  } catch {
    rebuilt = undefined // not even a share of the right shape
  }
  return { address: row.address, rebuilt }
}

describe('recovery modes', () => {
  test('operator-assisted: the operator’s database and recovery key together rebuild the key (what the name says)', async () => {
    const { url } = await start()
    const { api, user } = await frameLogin(url, `assisted-${randomBytes(4).toString('hex')}@example.com`)
    const addresses = await ensureKeys(api, user.id, operatorAssisted)
    for (const namespace of ['eip155', 'solana'] as const) {
      const attempt = await operatorTriesToRebuild(user.id, namespace)
      expect(attempt.address).toBe(addresses[namespace])
      expect(attempt.rebuilt).toBe(addresses[namespace])
    }
  })

  test('operator-assisted: a new device approved from the mailed link recovers the key without anything from the user', async () => {
    const { addresses, second } = await keysAndSecondDevice('assisted2')
    const address = await withSecret(second.api, second.user.id, 'eip155', (secret) => addressOf('eip155', secret))
    expect(address).toBe(addresses.eip155)
  })

  test('user-held: the operator’s database and recovery key together cannot rebuild the key; the user’s code on a new device does', async () => {
    const { url, clock } = await start()
    const email = `held-${randomBytes(4).toString('hex')}@example.com`
    const first = await frameLogin(url, email)
    let shown: string | undefined
    const addresses = await ensureKeys(first.api, first.user.id, {
      mode: 'user-held',
      newCode: async () => {
        shown = newRecoveryCode()
        return shown
      },
      openShare: () => Promise.reject(new Error('not asked on the device that made the key')),
    })
    expect(shown).toMatch(/^([A-Z2-9]{4}-){4}[A-Z2-9]{4}$/)
    const stored = await db.query<{ recovery_mode: string }>(
      'SELECT recovery_mode FROM key_shares WHERE user_id = $1',
      [first.user.id],
    )
    expect(stored.rows.map((r) => r.recovery_mode)).toEqual(['user-held', 'user-held'])
    for (const namespace of ['eip155', 'solana'] as const) {
      const attempt = await operatorTriesToRebuild(first.user.id, namespace)
      expect(attempt.address).toBe(addresses[namespace])
      expect(attempt.rebuilt).not.toBe(addresses[namespace])
    }
    // A new device, approved from the mail: a wrong code is refused, the user's code recovers the key.
    clock.now += 31_000
    const second = await frameLogin(url, email)
    const tries: string[] = []
    const code = shown ?? ''
    const address = await withSecret(second.api, second.user.id, 'eip155', (secret) => addressOf('eip155', secret), {
      mode: 'user-held',
      newCode: () => Promise.reject(new Error('no new code on recovery')),
      openShare: async (sealed, keyAddress) => {
        for (const attempt of ['AAAA-BBBB-CCCC-DDDD-EEEE', code.toLowerCase().replaceAll('-', ' ')]) {
          tries.push(attempt)
          try {
            return await openWithCode(sealed, attempt, keyAddress)
          } catch (error) {
            expect(error).toBeInstanceOf(WrongRecoveryCodeError)
          }
        }
        throw new Error('no code opened it')
      },
    })
    expect(tries).toHaveLength(2)
    expect(address).toBe(addresses.eip155)
  })
})

describe("a device's own pair of shares", () => {
  test('a device half that cannot even be combined with its server half (the same x-coordinate) is split again, like any mismatch', async () => {
    const { addresses, second } = await keysAndSecondDevice('pair')
    const signer = (secret: Uint8Array) => addressOf('eip155', secret)
    // Its first use recovers the key (the device was approved from the link) and gives it its own pair.
    expect(await withSecret(second.api, second.user.id, 'eip155', signer)).toBe(addresses.eip155)
    // Two tabs recovering at once can each keep a half of a different split. Any bytes ending in an
    // x-coordinate are a share of some split; here one whose x is its server half's, so that the two
    // cannot be combined at all (1 time in 255 for halves of two real splits).
    const serverHalf = Buffer.from((await second.api.getShare('eip155')).share, 'base64')
    const stale = new Uint8Array(randomBytes(serverHalf.length))
    stale[stale.length - 1] = serverHalf[serverHalf.length - 1] ?? 0
    await putSecret(shareName(second.user.id, 'eip155'), stale)
    expect(await withSecret(second.api, second.user.id, 'eip155', signer)).toBe(addresses.eip155)
    // The pair made again is whole: this device's half and its server half make the key.
    const deviceHalf = await getSecret(shareName(second.user.id, 'eip155'))
    const newServerHalf = new Uint8Array(Buffer.from((await second.api.getShare('eip155')).share, 'base64'))
    expect(addressOf('eip155', await combineShares([deviceHalf ?? new Uint8Array(), newServerHalf]))).toBe(
      addresses.eip155,
    )
  })
})
