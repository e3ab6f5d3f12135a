// The one-time code itself (createChallenge, consumeOtp, armChallenge) on PGlite, with a fake
// clock: a code works once, exactly until OTP_TTL_MS, for OTP_MAX_ATTEMPTS tries counted in the
// database, bound to its challenge, device, project, purpose and user, and two verifications racing
// with the right code get one success. Refusals leave the row as it was. The same rules over HTTP
// are in test/suite.ts ("email login", "concurrent logins") and across servers in faults.test.ts.
import { randomBytes, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { DEVICE_LINK_TTL_MS, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '../constants.js'
import { sha256 } from '../crypto.js'
import type { Database } from '../db/database.js'
import type { AuthDeps, RequestContext } from '../deps.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { armChallenge, type ChallengeRow, consumeOtp, createChallenge } from './challenges.js'

const SECRET = 'a test secret of at least thirty-two bytes!'
let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('challenges')
  db = opened.db
  return opened.close
}, 120_000)

/** Deps on the file's database with a fake clock (ms) and the given secret. */
function setup(secret = SECRET) {
  const { deps, clock } = testDeps(db, { secret: secret })
  return { clock, deps }
}

const newCtx = (projectId = 'test-project'): RequestContext => ({
  projectId,
  origin: 'http://127.0.0.1:5173',
  deviceHash: sha256(randomBytes(24).toString('base64url')),
})
const newEmail = () => `otp-${randomBytes(4).toString('hex')}@example.com`
const CODE = '042917'
const WRONG = '042918'

async function rowOf(id: string): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>('SELECT * FROM otp_challenges WHERE id = $1', [id])
  if (!rows[0]) throw new Error(`no challenge ${id}`)
  return rows[0]
}

/** A login challenge with `CODE`, started now on a fresh device. */
async function loginChallenge(deps: AuthDeps, code: string | null = CODE) {
  const ctx = newCtx()
  const email = newEmail()
  const { id, expiresAt } = await createChallenge(deps, db, { purpose: 'login', email, userId: null, ctx, code })
  return { id, expiresAt, ctx, email }
}

describe('createChallenge', () => {
  test('behavior: a code lives OTP_TTL_MS, a pending device link DEVICE_LINK_TTL_MS; only an HMAC bound to the id is stored', async () => {
    const { deps, clock } = setup()
    const withCode = await loginChallenge(deps)
    expect(withCode.expiresAt.getTime()).toBe(clock.now + OTP_TTL_MS)
    const pending = await loginChallenge(deps, null)
    expect(pending.expiresAt.getTime()).toBe(clock.now + DEVICE_LINK_TTL_MS)

    const row = await rowOf(withCode.id)
    expect(row).toMatchObject({ attempts: 0, consumed_at: null, purpose: 'login', email: withCode.email })
    expect(new Date(row.expires_at).getTime()).toBe(clock.now + OTP_TTL_MS)
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.code_hash).not.toContain(CODE)
    expect((await rowOf(pending.id)).code_hash).toBeNull()

    // The same code on another challenge is stored differently: a hash cannot be replayed elsewhere.
    const twin = await loginChallenge(deps)
    expect((await rowOf(twin.id)).code_hash).not.toBe(row.code_hash)
  })
})

describe('consumeOtp', () => {
  test('behavior: the right code works once; a replay is OTP_USED and the consumption time stays the first', async () => {
    const { deps, clock } = setup()
    const { id, ctx, email } = await loginChallenge(deps)
    const consumed = await consumeOtp(deps, db, id, CODE, 'login', ctx)
    expect(consumed).toMatchObject({ id, email })
    expect(new Date(consumed.consumed_at!).getTime()).toBe(clock.now)
    const firstUse = clock.now
    clock.now += 1_000
    await expect(consumeOtp(deps, db, id, CODE, 'login', ctx)).rejects.toMatchObject({
      code: 'OTP_USED',
      message: 'Code already used',
    })
    // Even a wrong guess after use reads "used" and counts nothing.
    await expect(consumeOtp(deps, db, id, WRONG, 'login', ctx)).rejects.toMatchObject({ code: 'OTP_USED' })
    const row = await rowOf(id)
    expect(new Date(row.consumed_at!).getTime()).toBe(firstUse)
    expect(row.attempts).toBe(1)
  })

  test('edge: the code works 1 ms before OTP_TTL_MS, and is expired at exactly OTP_TTL_MS and 1 ms past', async () => {
    const { deps, clock } = setup()
    const start = clock.now
    const early = await loginChallenge(deps)
    clock.now = start + OTP_TTL_MS - 1
    await expect(consumeOtp(deps, db, early.id, CODE, 'login', early.ctx)).resolves.toMatchObject({ id: early.id })

    clock.now = start
    const atTtl = await loginChallenge(deps)
    const pastTtl = await loginChallenge(deps)
    clock.now = start + OTP_TTL_MS
    await expect(consumeOtp(deps, db, atTtl.id, CODE, 'login', atTtl.ctx)).rejects.toMatchObject({
      code: 'OTP_EXPIRED',
      message: 'Code expired',
    })
    clock.now = start + OTP_TTL_MS + 1
    await expect(consumeOtp(deps, db, pastTtl.id, CODE, 'login', pastTtl.ctx)).rejects.toMatchObject({
      code: 'OTP_EXPIRED',
    })
    // An expired code is neither consumed nor charged an attempt.
    for (const id of [atTtl.id, pastTtl.id]) expect(await rowOf(id)).toMatchObject({ attempts: 0, consumed_at: null })
  })

  test(`behavior: wrong codes count down ${OTP_MAX_ATTEMPTS} attempts; then even the right code is refused and the count stops`, async () => {
    const { deps } = setup()
    const { id, ctx } = await loginChallenge(deps)
    for (let left = OTP_MAX_ATTEMPTS - 1; left >= 1; left--) {
      await expect(consumeOtp(deps, db, id, WRONG, 'login', ctx)).rejects.toMatchObject({
        code: 'OTP_INVALID',
        details: { attemptsLeft: left },
      })
    }
    await expect(consumeOtp(deps, db, id, WRONG, 'login', ctx)).rejects.toMatchObject({
      code: 'OTP_ATTEMPTS_EXHAUSTED',
      message: 'Too many attempts',
    })
    await expect(consumeOtp(deps, db, id, CODE, 'login', ctx)).rejects.toMatchObject({
      code: 'OTP_ATTEMPTS_EXHAUSTED',
    })
    expect(await rowOf(id)).toMatchObject({ attempts: OTP_MAX_ATTEMPTS, consumed_at: null })
  })

  test('edge: the right code on the last allowed attempt still works', async () => {
    const { deps } = setup()
    const { id, ctx } = await loginChallenge(deps)
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++)
      await expect(consumeOtp(deps, db, id, WRONG, 'login', ctx)).rejects.toMatchObject({ code: 'OTP_INVALID' })
    await expect(consumeOtp(deps, db, id, CODE, 'login', ctx)).resolves.toMatchObject({ id })
    expect((await rowOf(id)).attempts).toBe(OTP_MAX_ATTEMPTS)
  })

  test('edge: empty, padded, unicode-digit, shortened and huge codes are wrong guesses, each counted', async () => {
    const { deps } = setup()
    const { id, ctx } = await loginChallenge(deps)
    const answers: unknown[] = []
    for (const otp of ['', ` ${CODE}`, '\uff10\uff14\uff12\uff19\uff11\uff17', CODE.slice(1)]) {
      answers.push(await consumeOtp(deps, db, id, otp, 'login', ctx).catch((e: { code: string }) => e.code))
    }
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID'])
    expect((await rowOf(id)).attempts).toBe(4)
    // The fifth wrong guess, a megabyte-sized one, ends it.
    await expect(consumeOtp(deps, db, id, CODE.repeat(200_000), 'login', ctx)).rejects.toMatchObject({
      code: 'OTP_ATTEMPTS_EXHAUSTED',
    })
    await expect(consumeOtp(deps, db, id, CODE, 'login', ctx)).rejects.toMatchObject({
      code: 'OTP_ATTEMPTS_EXHAUSTED',
    })
  })

  test('security: two verifications of the same code at once: exactly one wins, the other reads OTP_USED', async () => {
    const { deps } = setup()
    const { id, ctx } = await loginChallenge(deps)
    const results = await Promise.allSettled([
      consumeOtp(deps, db, id, CODE, 'login', ctx),
      consumeOtp(deps, db, id, CODE, 'login', ctx),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(['OTP_USED'])
    expect((await rowOf(id)).consumed_at).not.toBeNull()
  })

  test('security: many wrong guesses at once never pass the attempt cap, and the right code afterwards is refused', async () => {
    const { deps } = setup()
    const { id, ctx } = await loginChallenge(deps)
    const results = await Promise.allSettled(
      Array.from({ length: 3 * OTP_MAX_ATTEMPTS }, () => consumeOtp(deps, db, id, WRONG, 'login', ctx)),
    )
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ACCEPTED'))
    expect(codes.filter((c) => c === 'OTP_INVALID')).toHaveLength(OTP_MAX_ATTEMPTS - 1)
    expect(codes.filter((c) => c === 'OTP_ATTEMPTS_EXHAUSTED')).toHaveLength(2 * OTP_MAX_ATTEMPTS + 1)
    expect((await rowOf(id)).attempts).toBe(OTP_MAX_ATTEMPTS)
    await expect(consumeOtp(deps, db, id, CODE, 'login', ctx)).rejects.toMatchObject({
      code: 'OTP_ATTEMPTS_EXHAUSTED',
    })
  })

  test('security: a code opens only its own challenge, and only under the secret that stored it', async () => {
    const { deps } = setup()
    const a = await loginChallenge(deps, '111111')
    const b = await loginChallenge(deps, '222222')
    await expect(consumeOtp(deps, db, b.id, '111111', 'login', b.ctx)).rejects.toMatchObject({ code: 'OTP_INVALID' })
    // A server keyed with another secret cannot accept the right code.
    const other = setup('another secret, also at least thirty-two bytes')
    other.clock.now = deps.now()
    await expect(consumeOtp(other.deps, db, a.id, '111111', 'login', a.ctx)).rejects.toMatchObject({
      code: 'OTP_INVALID',
    })
    await expect(consumeOtp(deps, db, a.id, '111111', 'login', a.ctx)).resolves.toMatchObject({ id: a.id })
  })

  test('security: another device, project, purpose, user or an unknown id is "not found" and burns no attempt', async () => {
    const { deps } = setup()
    const ctx = newCtx()
    const userId = randomUUID()
    await db.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [userId, newEmail(), new Date()])
    const { id } = await createChallenge(deps, db, {
      purpose: 'update_primary',
      email: newEmail(),
      userId,
      ctx,
      code: CODE,
      newEmail: newEmail(),
    })
    const notFound = { code: 'CHALLENGE_NOT_FOUND', message: 'Email update not found' }
    await expect(consumeOtp(deps, db, id, CODE, 'update_primary', newCtx(), userId)).rejects.toMatchObject(notFound)
    await expect(
      consumeOtp(deps, db, id, CODE, 'update_primary', { ...ctx, projectId: 'other-project' }, userId),
    ).rejects.toMatchObject(notFound)
    await expect(consumeOtp(deps, db, id, CODE, 'update_secondary', ctx, userId)).rejects.toMatchObject(notFound)
    await expect(consumeOtp(deps, db, id, CODE, 'login', ctx)).rejects.toMatchObject({
      code: 'CHALLENGE_NOT_FOUND',
      message: 'Login not found',
    })
    await expect(consumeOtp(deps, db, id, CODE, 'update_primary', ctx, randomUUID())).rejects.toMatchObject(notFound)
    await expect(consumeOtp(deps, db, randomUUID(), CODE, 'update_primary', ctx, userId)).rejects.toMatchObject(
      notFound,
    )
    expect(await rowOf(id)).toMatchObject({ attempts: 0, consumed_at: null })
    // The rightful caller still has every attempt and the code.
    await expect(consumeOtp(deps, db, id, CODE, 'update_primary', ctx, userId)).resolves.toMatchObject({ id })
  })

  test('behavior: a challenge waiting for its device link takes no code and counts nothing', async () => {
    const { deps } = setup()
    const { id, ctx } = await loginChallenge(deps, null)
    for (const otp of [CODE, '', WRONG])
      await expect(consumeOtp(deps, db, id, otp, 'login', ctx)).rejects.toMatchObject({
        code: 'DEVICE_NOT_VERIFIED',
      })
    expect(await rowOf(id)).toMatchObject({ attempts: 0, consumed_at: null, code_hash: null })
  })
})

describe('armChallenge', () => {
  test('behavior: arming gives the waiting challenge a code valid OTP_TTL_MS from the approval, not from the start', async () => {
    const { deps, clock } = setup()
    const start = clock.now
    const { id, ctx } = await loginChallenge(deps, null)
    clock.now = start + 7 * 60_000
    const approvedAt = clock.now
    await armChallenge(deps, db, id, '314159')
    expect(new Date((await rowOf(id)).expires_at).getTime()).toBe(approvedAt + OTP_TTL_MS)
    // Past the link's own window but inside the code's: still valid; at the code's end: expired.
    clock.now = approvedAt + OTP_TTL_MS - 1
    expect(clock.now).toBeGreaterThan(start + DEVICE_LINK_TTL_MS)
    await expect(consumeOtp(deps, db, id, '000000', 'login', ctx)).rejects.toMatchObject({ code: 'OTP_INVALID' })
    clock.now = approvedAt + OTP_TTL_MS
    await expect(consumeOtp(deps, db, id, '314159', 'login', ctx)).rejects.toMatchObject({ code: 'OTP_EXPIRED' })
    clock.now = approvedAt + OTP_TTL_MS - 1
    await expect(consumeOtp(deps, db, id, '314159', 'login', ctx)).resolves.toMatchObject({ id })
  })
})
