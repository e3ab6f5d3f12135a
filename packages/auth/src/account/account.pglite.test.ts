// deleteAccount on PGlite, called as the route calls it: every row of the user goes (key shares,
// device shares, devices, sessions, codes, device links, passkeys and their challenges, provider
// identities) and no row of another user; the keys answered in namespace order; a confirm that is
// not the stored address (exactly: the route trims and lowercases it first) or a user already gone
// deletes nothing; two deletions at once delete once; the log names the user by masked address only.
// The HTTP route (sessions, bodies, each login kind) is in routes.pglite.test.ts.
import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { RequestContext } from '../deps.js'
import type { AuthLogEntry } from '../log.js'
import { authenticate, openSession } from '../sessions/sessions.js'
import { finishSocialLogin } from '../social/social.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { deleteAccount } from './account.js'

let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('account')
  db = opened.db
  return opened.close
}, 120_000)

const USER_TABLES = [
  'key_shares',
  'device_key_shares',
  'devices',
  'sessions',
  'otp_challenges',
  'device_verifications',
  'passkeys',
  'passkey_challenges',
  'social_identities',
] as const

const countOf = async (table: string, userId: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0]!.n

/** A user with a row in every table that hangs off users, and a signed-in session on a device. */
async function fullUser(deps: ReturnType<typeof testDeps>['deps']) {
  const id = randomUUID()
  const email = `account-${randomBytes(4).toString('hex')}@example.com`
  const now = new Date(deps.now())
  const later = new Date(deps.now() + 60_000)
  const ctx: RequestContext = { projectId: 'test-project', origin: 'http://127.0.0.1:5173', deviceHash: sha256(id) }
  await db.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [id, email, now])
  await db.query('INSERT INTO devices (user_id, device_hash, verified_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
    id,
    ctx.deviceHash,
    now,
  ])
  for (const [namespace, address] of [
    ['solana', 'Sol1'],
    ['eip155', '0xdead'],
  ])
    await db.query(
      'INSERT INTO key_shares (id, user_id, namespace, address, share, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [randomUUID(), id, namespace, address, Buffer.from([1, 2, 3]), now],
    )
  await db.query(
    'INSERT INTO device_key_shares (user_id, namespace, device_hash, share, created_at) VALUES ($1, $2, $3, $4, $5)',
    [id, 'eip155', sha256('other device'), Buffer.from([4]), now],
  )
  const challenge = randomUUID()
  await db.query(
    `INSERT INTO otp_challenges (id, purpose, email, user_id, device_hash, project_id, created_at, expires_at)
     VALUES ($1, 'login', $2, $3, $4, 'test-project', $5, $6)`,
    [challenge, email, id, ctx.deviceHash, now, later],
  )
  await db.query(
    `INSERT INTO device_verifications (token_hash, challenge_id, user_id, device_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sha256(randomUUID()), challenge, id, ctx.deviceHash, now, later],
  )
  await db.query('INSERT INTO passkeys (id, user_id, public_key, counter, created_at) VALUES ($1, $2, $3, 0, $4)', [
    randomUUID(),
    id,
    Buffer.from([9]),
    now,
  ])
  await db.query(
    `INSERT INTO passkey_challenges (id, purpose, challenge, user_id, device_hash, project_id, created_at, expires_at)
     VALUES ($1, 'register', 'c', $2, $3, 'test-project', $4, $5)`,
    [randomUUID(), id, ctx.deviceHash, now, later],
  )
  await db.query(
    `INSERT INTO social_identities (provider, subject, user_id, username, created_at, last_login_at)
     VALUES ('github', $1, $2, 'ada', $3, $3)`,
    [randomUUID(), id, now],
  )
  const { token } = await openSession(deps, db, id, email, ctx)
  const session = await authenticate(deps, token, ctx)
  return { id, email, session }
}

describe('deleteAccount', () => {
  test('behavior: removes every row of the user, answers the keys in namespace order, and leaves other users alone', async () => {
    const { deps } = testDeps(db)
    const user = await fullUser(deps)
    const bystander = await fullUser(deps)
    for (const table of USER_TABLES) expect(await countOf(table, user.id), table).toBeGreaterThan(0)
    const result = await deleteAccount(deps, user.session, user.email)
    expect(result).toEqual({
      deleted: true,
      keys: [
        { namespace: 'eip155', address: '0xdead' },
        { namespace: 'solana', address: 'Sol1' },
      ],
    })
    expect((await db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rows).toEqual([])
    for (const table of USER_TABLES) expect(await countOf(table, user.id), table).toBe(0)
    for (const table of USER_TABLES) expect(await countOf(table, bystander.id), table).toBeGreaterThan(0)
    // Its session cannot be used again.
    await expect(authenticate(deps, user.session.token, user.session)).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
    })
  })

  test('default: a user without keys is deleted with an empty list', async () => {
    const { deps } = testDeps(db)
    const user = await fullUser(deps)
    await db.query('DELETE FROM key_shares WHERE user_id = $1', [user.id])
    expect(await deleteAccount(deps, user.session, user.email)).toEqual({ deleted: true, keys: [] })
  })

  test('error: a confirm that is not exactly the stored address deletes nothing', async () => {
    const { deps } = testDeps(db)
    const user = await fullUser(deps)
    const other = await fullUser(deps)
    for (const confirm of ['', user.email.toUpperCase(), ` ${user.email}`, `${user.email}.`, other.email]) {
      await expect(deleteAccount(deps, user.session, confirm)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        status: 400,
        message: 'Invalid confirm: type the account’s email address',
      })
    }
    for (const table of USER_TABLES) expect(await countOf(table, user.id), table).toBeGreaterThan(0)
    expect(await countOf('key_shares', other.id)).toBe(2)
  })

  test('error: a user already gone is a signed-out session (401), nothing else touched', async () => {
    const { deps } = testDeps(db)
    const user = await fullUser(deps)
    await db.query('DELETE FROM users WHERE id = $1', [user.id])
    await expect(deleteAccount(deps, user.session, user.email)).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
      status: 401,
      message: 'Session signed out',
    })
  })

  test('behavior: two deletions at once delete once; the other finds the user gone', async () => {
    const { deps } = testDeps(db)
    const user = await fullUser(deps)
    const results = await Promise.allSettled([
      deleteAccount(deps, user.session, user.email),
      deleteAccount(deps, user.session, user.email),
    ])
    const done = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(done).toHaveLength(1)
    expect(done[0]!.value.keys).toHaveLength(2)
    expect(refused).toHaveLength(1)
    expect(refused[0]!.reason).toMatchObject({ code: 'SESSION_REVOKED' })
  })

  test('security: the log names the user by id and masked address, never the address itself', async () => {
    const entries: AuthLogEntry[] = []
    const { deps } = testDeps(db, { log: (entry) => void entries.push(entry) })
    const user = await fullUser(deps)
    await deleteAccount(deps, user.session, user.email)
    const deleted = entries.filter((e) => e.msg === 'account.deleted')
    expect(deleted).toHaveLength(1)
    expect(deleted[0]).toMatchObject({ userId: user.id, email: `a***@example.com` })
    const local = user.email.split('@')[0]!
    expect(JSON.stringify(entries)).not.toContain(local)
  })

  // A social or Farcaster user has no email (users.email NULL): the confirm is the user id.
  test('behavior: a social-login user (no email) deletes the account, confirmed by its user id, not by an empty one', async () => {
    const { deps } = testDeps(db)
    const ctx: RequestContext = {
      projectId: 'test-project',
      origin: 'http://127.0.0.1:5173',
      deviceHash: sha256(randomUUID()),
    }
    const login = await finishSocialLogin(deps, db, { provider: 'github', subject: randomUUID(), username: 'ada' }, ctx)
    const session = await authenticate(deps, login.token, ctx)
    expect(login.user.email).toBeNull()
    await expect(deleteAccount(deps, session, '')).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await deleteAccount(deps, session, login.user.id)).toEqual({ deleted: true, keys: [] })
  })
})
