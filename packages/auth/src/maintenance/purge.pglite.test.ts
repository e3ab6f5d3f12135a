import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { CHALLENGE_RETENTION_MS, EMAIL_COOLDOWN_MS, SESSION_TTL_MS } from '../constants.js'
import type { Database } from '../db/database.js'
import type { AuthLogEntry } from '../log.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { type AuthPurgeResult, purgeExpired } from './purge.js'

let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('purge')
  db = opened.db
  return opened.close
}, 120_000)

const PURGED_TABLES = [
  'otp_challenges',
  'passkey_challenges',
  'social_logins',
  'sessions',
  'email_cooldowns',
  'rate_limits',
]

beforeEach(async () => {
  // Each test counts what one purge deletes: start from empty tables.
  for (const table of [...PURGED_TABLES, 'users']) await db.exec(`DELETE FROM ${table}`)
})

const NOW = Date.UTC(2026, 3, 10, 12, 0, 0, 0)

function setup(at = NOW) {
  const entries: AuthLogEntry[] = []
  const { deps, clock } = testDeps(db, { now: at, log: (entry) => entries.push(entry) })
  return { clock, deps, entries }
}

const at = (ms: number) => new Date(ms)

const insert = {
  user: (id: string) =>
    db.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [id, `${id}@example.com`, at(0)]),
  otp: (id: string, expiresAt: number, extra: { userId?: string; consumedAt?: number } = {}) =>
    db.query(
      `INSERT INTO otp_challenges (id, purpose, email, user_id, device_hash, project_id, code_hash, created_at, expires_at, consumed_at)
       VALUES ($1, 'login', 'ada@example.com', $2, 'device', 'project', 'hash', $3, $4, $5)`,
      [
        id,
        extra.userId ?? null,
        at(expiresAt - 600_000),
        at(expiresAt),
        extra.consumedAt === undefined ? null : at(extra.consumedAt),
      ],
    ),
  deviceLink: (tokenHash: string, challengeId: string, userId: string, expiresAt: number) =>
    db.query(
      `INSERT INTO device_verifications (token_hash, challenge_id, user_id, device_hash, created_at, expires_at)
       VALUES ($1, $2, $3, 'device', $4, $5)`,
      [tokenHash, challengeId, userId, at(expiresAt - 900_000), at(expiresAt)],
    ),
  passkey: (id: string, expiresAt: number, consumedAt?: number) =>
    db.query(
      `INSERT INTO passkey_challenges (id, purpose, challenge, device_hash, project_id, created_at, expires_at, consumed_at)
       VALUES ($1, 'login', 'challenge', 'device', 'project', $2, $3, $4)`,
      [id, at(expiresAt - 300_000), at(expiresAt), consumedAt === undefined ? null : at(consumedAt)],
    ),
  social: (id: string, expiresAt: number, consumedAt?: number) =>
    db.query(
      `INSERT INTO social_logins (id, provider, state_hash, code_verifier, nonce, device_hash, project_id, page_origin, created_at, expires_at, consumed_at)
       VALUES ($1, 'github', $1, 'verifier', 'nonce', 'device', 'project', 'http://127.0.0.1:5173', $2, $3, $4)`,
      [id, at(expiresAt - 600_000), at(expiresAt), consumedAt === undefined ? null : at(consumedAt)],
    ),
  session: (id: string, userId: string, expiresAt: number, revokedAt?: number) =>
    db.query(
      `INSERT INTO sessions (id, user_id, device_hash, project_id, created_at, expires_at, revoked_at)
       VALUES ($1, $2, 'device', 'project', $3, $4, $5)`,
      [id, userId, at(expiresAt - SESSION_TTL_MS), at(expiresAt), revokedAt === undefined ? null : at(revokedAt)],
    ),
  cooldown: (email: string, lastSentAt: number) =>
    db.query('INSERT INTO email_cooldowns (email, last_sent_at) VALUES ($1, $2)', [email, at(lastSentAt)]),
  rateLimit: (key: string, expiresAt: number) =>
    db.query('INSERT INTO rate_limits (key, window_start, hits, expires_at) VALUES ($1, $2, 1, $3)', [
      key,
      at(expiresAt - 60_000),
      at(expiresAt),
    ]),
}

/** The ids (or keys) left in each purged table, sorted. */
async function remaining() {
  const ids = async (sql: string) =>
    (await db.query<{ id: string }>(sql)).rows.map((row) => row.id).sort((a, b) => a.localeCompare(b))
  return {
    otp: await ids('SELECT id FROM otp_challenges'),
    passkey: await ids('SELECT id FROM passkey_challenges'),
    social: await ids('SELECT id FROM social_logins'),
    sessions: await ids('SELECT id FROM sessions'),
    cooldowns: await ids('SELECT email AS id FROM email_cooldowns'),
    rateLimits: await ids('SELECT key AS id FROM rate_limits'),
  }
}

const none: AuthPurgeResult = { challenges: 0, socialLogins: 0, sessions: 0, cooldowns: 0, rateLimits: 0 }

/** One row 1 ms past each table's boundary, one at it and one 1 ms before it. */
async function seedBoundaries(now: number) {
  await insert.user('u1')
  const retained = now - CHALLENGE_RETENTION_MS
  const cooled = now - EMAIL_COOLDOWN_MS
  for (const [name, offset] of [
    ['past', -1],
    ['at', 0],
    ['before', 1],
  ] as const) {
    await insert.otp(`otp-${name}`, retained + offset)
    await insert.passkey(`passkey-${name}`, retained + offset)
    await insert.social(`social-${name}`, retained + offset)
    await insert.session(`session-${name}`, 'u1', now + offset)
    await insert.cooldown(`${name}@example.com`, cooled + offset)
    await insert.rateLimit(`limit-${name}`, now + offset)
  }
}

describe('what one purge deletes', () => {
  test('edge: each table to the millisecond: 1 ms past its boundary deleted, at it and 1 ms before it kept', async () => {
    const { deps } = setup()
    await seedBoundaries(NOW)
    expect(await purgeExpired(deps)).toEqual({
      challenges: 2,
      socialLogins: 1,
      sessions: 1,
      cooldowns: 1,
      rateLimits: 1,
    })
    expect(await remaining()).toEqual({
      otp: ['otp-at', 'otp-before'],
      passkey: ['passkey-at', 'passkey-before'],
      social: ['social-at', 'social-before'],
      sessions: ['session-at', 'session-before'],
      cooldowns: ['at@example.com', 'before@example.com'],
      rateLimits: ['limit-at', 'limit-before'],
    })
  })

  test('behavior: a code or login expired less than a day ago is kept, so a late try still reads "expired"', async () => {
    const { deps } = setup()
    // Expired an hour ago, and 23 h 59 min ago: both still answer "Code expired" rather than "not found".
    for (const [id, expiresAt] of [
      ['hour', NOW - 3_600_000],
      ['almost-a-day', NOW - CHALLENGE_RETENTION_MS + 60_000],
    ] as const) {
      await insert.otp(`otp-${id}`, expiresAt)
      await insert.passkey(`passkey-${id}`, expiresAt)
      await insert.social(`social-${id}`, expiresAt)
    }
    expect(await purgeExpired(deps)).toEqual(none)
    expect((await remaining()).otp).toEqual(['otp-almost-a-day', 'otp-hour'])
  })

  test('behavior: consumed codes, used logins and revoked sessions are judged by their expiry alone', async () => {
    const { deps } = setup()
    await insert.user('u1')
    // Used long ago but not expired long enough: kept. A signed-out session whose token is still valid: kept.
    await insert.otp('otp-consumed-live', NOW, { consumedAt: NOW - 10 * CHALLENGE_RETENTION_MS })
    await insert.passkey('passkey-consumed-live', NOW, NOW - 10 * CHALLENGE_RETENTION_MS)
    await insert.social('social-used-live', NOW, NOW - 10 * CHALLENGE_RETENTION_MS)
    await insert.session('session-revoked-live', 'u1', NOW + 60_000, NOW - 60_000)
    // Never used, long expired: deleted all the same.
    await insert.otp('otp-unused-old', NOW - CHALLENGE_RETENTION_MS - 1)
    await insert.social('social-unused-old', NOW - CHALLENGE_RETENTION_MS - 1)
    await insert.session('session-revoked-old', 'u1', NOW - 1, NOW - SESSION_TTL_MS)
    expect(await purgeExpired(deps)).toEqual({ ...none, challenges: 1, socialLogins: 1, sessions: 1 })
    expect(await remaining()).toMatchObject({
      otp: ['otp-consumed-live'],
      passkey: ['passkey-consumed-live'],
      social: ['social-used-live'],
      sessions: ['session-revoked-live'],
    })
  })

  test('behavior: a device link goes with its challenge, and stays while its challenge is kept', async () => {
    const { deps } = setup()
    await insert.user('u1')
    await insert.otp('otp-old', NOW - CHALLENGE_RETENTION_MS - 1, { userId: 'u1' })
    await insert.otp('otp-kept', NOW - CHALLENGE_RETENTION_MS, { userId: 'u1' })
    await insert.deviceLink('link-old', 'otp-old', 'u1', NOW - CHALLENGE_RETENTION_MS - 1)
    // The link itself expired long ago; its challenge is within the day: it stays with it.
    await insert.deviceLink('link-kept', 'otp-kept', 'u1', NOW - 3 * CHALLENGE_RETENTION_MS)
    expect((await purgeExpired(deps)).challenges).toBe(1)
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM device_verifications')
    expect(rows.map((row) => row.token_hash)).toEqual(['link-kept'])
  })

  test('behavior: the account is never purged: the user, devices, key shares, passkeys and identities stay', async () => {
    const { deps } = setup()
    await insert.user('u1')
    await db.query("INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at) VALUES ('u1', 'd', $1, $1)", [
      at(0),
    ])
    await db.query(
      "INSERT INTO key_shares (id, user_id, namespace, address, share, created_at) VALUES ('k1', 'u1', 'eip155', '0xabc', $1, $2)",
      [new Uint8Array([1, 2, 3]), at(0)],
    )
    await db.query(
      "INSERT INTO passkeys (id, user_id, public_key, counter, created_at) VALUES ('p1', 'u1', $1, 0, $2)",
      [new Uint8Array([4]), at(0)],
    )
    await db.query(
      "INSERT INTO social_identities (provider, subject, user_id, username, created_at, last_login_at) VALUES ('github', '42', 'u1', 'ada', $1, $1)",
      [at(0)],
    )
    // Everything of theirs that can expire has.
    await insert.otp('otp-old', 0, { userId: 'u1' })
    await insert.session('session-old', 'u1', 1)
    await insert.cooldown('u1@example.com', 0)
    expect(await purgeExpired(deps)).toEqual({ ...none, challenges: 1, sessions: 1, cooldowns: 1 })
    const count = async (table: string) =>
      Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n)
    for (const table of ['users', 'devices', 'key_shares', 'passkeys', 'social_identities'])
      expect({ table, rows: await count(table) }).toEqual({ table, rows: 1 })
  })

  test('behavior: the server clock decides, not the wall clock', async () => {
    // A clock in 2000: rows that expired in 2001 are in the future for it, whatever today is.
    const past = Date.UTC(2000, 0, 1)
    const { deps, clock } = setup(past)
    await insert.user('u1')
    const year2001 = Date.UTC(2001, 0, 1)
    await insert.otp('otp-2001', year2001)
    await insert.social('social-2001', year2001)
    await insert.session('session-2001', 'u1', year2001)
    await insert.cooldown('c@example.com', year2001)
    await insert.rateLimit('limit-2001', year2001)
    expect(await purgeExpired(deps)).toEqual(none)
    // Once that clock reaches two days past it, all of them go.
    clock.now = year2001 + 2 * CHALLENGE_RETENTION_MS
    expect(await purgeExpired(deps)).toEqual({
      challenges: 1,
      socialLogins: 1,
      sessions: 1,
      cooldowns: 1,
      rateLimits: 1,
    })
  })

  test('behavior: the purge logs one info entry with its counts, and nothing about the rows', async () => {
    const { deps, entries } = setup()
    await seedBoundaries(NOW)
    const result = await purgeExpired(deps)
    expect(entries).toEqual([{ time: new Date(NOW).toISOString(), level: 'info', msg: 'purge', ...result }])
    expect(JSON.stringify(entries)).not.toContain('@example.com')
  })
})

describe('run again, or at once', () => {
  test('edge: a second purge right after the first deletes nothing more and answers zeros', async () => {
    const { deps } = setup()
    await seedBoundaries(NOW)
    const first = await purgeExpired(deps)
    const left = await remaining()
    expect(first).not.toEqual(none)
    expect(await purgeExpired(deps)).toEqual(none)
    expect(await remaining()).toEqual(left)
  })

  test('edge: two purges at once delete each expired row once between them, and nothing live', async () => {
    const a = setup()
    const b = setup()
    await seedBoundaries(NOW)
    const [first, second] = await Promise.all([purgeExpired(a.deps), purgeExpired(b.deps)])
    const sum = Object.fromEntries(
      Object.keys(none).map((key) => [key, first[key as keyof AuthPurgeResult] + second[key as keyof AuthPurgeResult]]),
    )
    expect(sum).toEqual({ challenges: 2, socialLogins: 1, sessions: 1, cooldowns: 1, rateLimits: 1 })
    expect((await remaining()).sessions).toEqual(['session-at', 'session-before'])
    expect((await remaining()).otp).toEqual(['otp-at', 'otp-before'])
  })
})
