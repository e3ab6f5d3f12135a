// The email cooldown (the spec's one mail per address every 30 s) on PGlite with a fake clock:
// reserveEmail's window to the millisecond and its rounded-up retryAfter, a refusal that does not
// push the window out, one winner among concurrent reservations, releaseEmail giving back only the
// slot it took, sendInSlot, restartCooldown, and (over HTTP, through the route's normalisation)
// case and whitespace variants of one address sharing one slot. The 12.5 s / 30 s case and
// parallel starts over HTTP are in test/suite.ts; the purge of old slots in faults.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { EMAIL_COOLDOWN_MS } from '../constants.js'
import { createAuthServer } from '../createAuthServer.js'
import type { Database, Sql } from '../db/database.js'
import type { AuthDeps } from '../deps.js'
import type { Mail } from '../mailer.js'
import { createTestClient } from '../test/client.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { releaseEmail, reserveEmail, restartCooldown, sendInSlot } from './cooldown.js'

let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('cooldown')
  db = opened.db
  return opened.close
}, 120_000)

function setup() {
  const { deps, clock } = testDeps(db)
  return { clock, deps }
}

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`

async function lastSent(email: string): Promise<number | undefined> {
  const { rows } = await db.query<{ last_sent_at: Date }>('SELECT last_sent_at FROM email_cooldowns WHERE email = $1', [
    email,
  ])
  return rows[0] ? new Date(rows[0].last_sent_at).getTime() : undefined
}

/** What reserveEmail answers now: the time it took, or the seconds it asks to wait. */
const tryReserve = (deps: AuthDeps, email: string) =>
  reserveEmail(deps, db, email).then(
    (at) => ({ reserved: at.getTime() }),
    (e: { code: string; message: string; details: { retryAfter: number } }) => {
      expect(e.code).toBe('RATE_LIMITED')
      expect(e.message).toBe(`Please try again after ${e.details.retryAfter} seconds`)
      return { retryAfter: e.details.retryAfter }
    },
  )

describe('reserveEmail', () => {
  test('edge: refused until 1 ms before EMAIL_COOLDOWN_MS (retryAfter rounded up, never 0), free again at exactly EMAIL_COOLDOWN_MS', async () => {
    const { deps, clock } = setup()
    const email = newEmail('window')
    const start = clock.now
    expect(await tryReserve(deps, email)).toEqual({ reserved: start })
    expect(await lastSent(email)).toBe(start)
    const waits: unknown[] = []
    for (const offset of [
      0,
      1,
      999,
      1_000,
      EMAIL_COOLDOWN_MS - 1_001,
      EMAIL_COOLDOWN_MS - 1_000,
      EMAIL_COOLDOWN_MS - 1,
    ]) {
      clock.now = start + offset
      waits.push(await tryReserve(deps, email))
    }
    expect(waits).toEqual([30, 30, 30, 29, 2, 1, 1].map((retryAfter) => ({ retryAfter })))
    // None of the refusals moved the slot.
    expect(await lastSent(email)).toBe(start)
    clock.now = start + EMAIL_COOLDOWN_MS
    expect(await tryReserve(deps, email)).toEqual({ reserved: start + EMAIL_COOLDOWN_MS })
    expect(await lastSent(email)).toBe(start + EMAIL_COOLDOWN_MS)
    // The new slot runs from the new time.
    clock.now = start + 2 * EMAIL_COOLDOWN_MS - 1
    expect(await tryReserve(deps, email)).toEqual({ retryAfter: 1 })
  })

  test('security: five reservations of one address at once: exactly one wins', async () => {
    const { deps } = setup()
    const email = newEmail('race')
    const results = await Promise.all(Array.from({ length: 5 }, () => tryReserve(deps, email)))
    expect(results.filter((r) => 'reserved' in r)).toHaveLength(1)
    expect(results.filter((r) => 'retryAfter' in r)).toEqual(Array(4).fill({ retryAfter: EMAIL_COOLDOWN_MS / 1000 }))
  })

  test('behavior: each address has its own slot, and the stored key is the address exactly as given', async () => {
    const { deps } = setup()
    const a = newEmail('a')
    const b = newEmail('b')
    expect(await tryReserve(deps, a)).toHaveProperty('reserved')
    expect(await tryReserve(deps, b)).toHaveProperty('reserved')
    expect(await tryReserve(deps, a)).toHaveProperty('retryAfter')
    // Normalising is the route's job (emailSchema); below it the slot is keyed by the exact text.
    const { rows } = await db.query<{ email: string }>('SELECT email FROM email_cooldowns WHERE email IN ($1, $2)', [
      a,
      b,
    ])
    expect(rows.map((r) => r.email).sort()).toEqual([a, b].sort())
  })
})

describe('releaseEmail and sendInSlot', () => {
  test('behavior: a release gives back only the slot it took, never a newer one', async () => {
    const { deps, clock } = setup()
    const email = newEmail('release')
    const first = await reserveEmail(deps, db, email)
    clock.now += EMAIL_COOLDOWN_MS
    const second = await reserveEmail(deps, db, email)
    // A late failure of the first send must not reopen the window of the second mail.
    await releaseEmail(db, email, first)
    expect(await lastSent(email)).toBe(second.getTime())
    clock.now += 1
    expect(await tryReserve(deps, email)).toHaveProperty('retryAfter')
    await releaseEmail(db, email, second)
    expect(await lastSent(email)).toBeUndefined()
    expect(await tryReserve(deps, email)).toEqual({ reserved: clock.now })
  })

  test('error: a failed send frees the slot and rethrows the same error; a sent mail keeps it', async () => {
    const { deps } = setup()
    const email = newEmail('slot')
    const sentAt = await reserveEmail(deps, db, email)
    const failure = new Error('SMTP down')
    await expect(sendInSlot(db, email, sentAt, () => Promise.reject(failure))).rejects.toBe(failure)
    expect(await lastSent(email)).toBeUndefined()

    const again = await reserveEmail(deps, db, email)
    const sent: Mail[] = []
    await sendInSlot(db, email, again, async () => {
      sent.push({ to: email, subject: 's', text: 't' })
    })
    expect(sent).toHaveLength(1)
    expect(await lastSent(email)).toBe(again.getTime())
  })

  test('error: when giving the slot back fails too, the send error is still the one thrown', async () => {
    const email = newEmail('release-fails')
    const broken: Sql = {
      query: () => Promise.reject(new Error('database unreachable')),
      exec: () => Promise.reject(new Error('database unreachable')),
    }
    const failure = new Error('SMTP down')
    await expect(sendInSlot(broken, email, new Date(), () => Promise.reject(failure))).rejects.toBe(failure)
  })
})

describe('restartCooldown', () => {
  test('behavior: restarts the window from the given time, even inside a running one', async () => {
    const { deps, clock } = setup()
    const email = newEmail('restart')
    const start = clock.now
    await reserveEmail(deps, db, email)
    await restartCooldown(db, email, new Date(start + 10_000))
    clock.now = start + EMAIL_COOLDOWN_MS
    expect(await tryReserve(deps, email)).toEqual({ retryAfter: 10 })
    clock.now = start + 10_000 + EMAIL_COOLDOWN_MS
    expect(await tryReserve(deps, email)).toEqual({ reserved: clock.now })
    // An address never seen gets a slot too.
    const fresh = newEmail('restart-new')
    await restartCooldown(db, fresh, new Date(clock.now))
    expect(await tryReserve(deps, fresh)).toEqual({ retryAfter: EMAIL_COOLDOWN_MS / 1000 })
  })
})

describe('over HTTP', () => {
  test('security: case and whitespace variants of one address share one slot and one mailbox', async () => {
    const clock = { now: Date.now() }
    const mails: Mail[] = []
    const server = createAuthServer({
      projects: [{ id: 'test-project', allowedOrigins: ['http://127.0.0.1:5173'] }],
      mail: {
        send: async (mail) => {
          mails.push(mail)
        },
      },
      database: db,
      secret: 'a test secret of at least thirty-two bytes!',
      now: () => clock.now,
      rateLimit: false,
      log: () => {},
    })
    const url = await server.listen()
    onTestFinished(() => server.close())
    const email = newEmail('variant')
    const start = clock.now
    const ask = (variant: string) => createTestClient(url).call('POST', '/v1/email/login', { email: variant })
    expect((await ask(`  ${email.toUpperCase()}\t`)).status).toBe(200)
    const variants = [email, email.toUpperCase(), ` ${email} `, `${email[0]!.toUpperCase()}${email.slice(1)}\n`]
    for (const [i, variant] of variants.entries()) {
      clock.now = start + EMAIL_COOLDOWN_MS - 1 - i
      const r = await ask(variant)
      expect(r.status).toBe(429)
      expect(r.body.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 })
    }
    clock.now = start + EMAIL_COOLDOWN_MS
    expect((await ask(email.toUpperCase())).status).toBe(200)
    expect(mails.map((m) => m.to)).toEqual([email, email])
    expect(await lastSent(email)).toBe(start + EMAIL_COOLDOWN_MS)
    const { rows } = await db.query('SELECT 1 FROM email_cooldowns WHERE lower(email) = $1', [email])
    expect(rows).toHaveLength(1)
  })
})
