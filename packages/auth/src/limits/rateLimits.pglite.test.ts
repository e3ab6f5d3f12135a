// The per-client request limit (hitRateLimit) on PGlite with a fake clock: a fixed window to the
// millisecond (the last ms still counts in the old window, the window's end opens a new one),
// retryAfter rounded up and never 0, refusals that never push the window out, concurrent requests
// that never share the last slot, budgets kept apart by client and group, and no address stored in
// the clear. Over HTTP (the `rateLimit` option, 60 s windows) see test/suite.ts "rate limits" and,
// across two servers on one database, faults.test.ts.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { RATE_LIMIT_WINDOW_MS } from '../constants.js'
import type { Database } from '../db/database.js'
import type { AuthDeps } from '../deps.js'
import { openTestDatabase, testDeps } from '../test/database.js'
import { hitRateLimit, type RateLimitGroup } from './rateLimits.js'

let db: Database

beforeAll(async () => {
  const opened = await openTestDatabase('rate-limits')
  db = opened.db
  return opened.close
}, 120_000)

function setup(secret = 'a test secret of at least thirty-two bytes!') {
  const { deps, clock } = testDeps(db, { secret: secret })
  return { clock, deps }
}

const WINDOW = RATE_LIMIT_WINDOW_MS
/** A client address no other test uses. */
const newClient = () => `198.51.100.${randomBytes(2).readUInt16BE()}-${randomBytes(4).toString('hex')}`

/** One request: 'ok', or the seconds the client is told to wait. */
const hit = (deps: AuthDeps, client: string, perWindow = 3, group: RateLimitGroup = 'email', windowMs = WINDOW) =>
  hitRateLimit(deps, { client, group, perWindow, windowMs }).then(
    () => 'ok' as const,
    (e: { code: string; message: string; details: { retryAfter: number } }) => {
      expect(e.code).toBe('RATE_LIMITED')
      expect(e.message).toBe(`Please try again after ${e.details.retryAfter} seconds`)
      return e.details.retryAfter
    },
  )

describe('hitRateLimit', () => {
  test('behavior: perWindow requests pass, the next is refused with the seconds left in the window', async () => {
    const { deps, clock } = setup()
    const client = newClient()
    const answers: unknown[] = []
    for (let i = 0; i < 4; i++) answers.push(await hit(deps, client))
    expect(answers).toEqual(['ok', 'ok', 'ok', WINDOW / 1000])
    clock.now += 20_500
    expect(await hit(deps, client)).toBe(40) // 39.5 s left, rounded up
  })

  test('edge: 1 ms before the window ends the old count holds (retryAfter 1, never 0); at exactly its end a new window opens', async () => {
    const { deps, clock } = setup()
    const client = newClient()
    const start = clock.now
    for (let i = 0; i < 3; i++) expect(await hit(deps, client)).toBe('ok')
    clock.now = start + WINDOW - 1
    expect(await hit(deps, client)).toBe(1)
    clock.now = start + WINDOW
    const fresh: unknown[] = []
    for (let i = 0; i < 4; i++) fresh.push(await hit(deps, client))
    expect(fresh).toEqual(['ok', 'ok', 'ok', WINDOW / 1000])
    // The new window is measured from its own start.
    clock.now = start + 2 * WINDOW - 1
    expect(await hit(deps, client)).toBe(1)
    clock.now = start + 2 * WINDOW
    expect(await hit(deps, client)).toBe('ok')
  })

  test('security: hammering while refused never moves the window end out', async () => {
    const { deps, clock } = setup()
    const client = newClient()
    const start = clock.now
    for (let i = 0; i < 3; i++) await hit(deps, client)
    const waits: unknown[] = []
    for (let t = 1_000; t < WINDOW; t += 7_000) {
      clock.now = start + t
      waits.push(await hit(deps, client))
    }
    expect(waits).toEqual([59, 52, 45, 38, 31, 24, 17, 10, 3])
    clock.now = start + WINDOW
    expect(await hit(deps, client)).toBe('ok')
  })

  test('security: perWindow + 5 requests at once: exactly perWindow pass', async () => {
    const { deps } = setup()
    const client = newClient()
    const answers = await Promise.all(Array.from({ length: 8 }, () => hit(deps, client)))
    expect(answers.filter((a) => a === 'ok')).toHaveLength(3)
    expect(answers.filter((a) => a === WINDOW / 1000)).toHaveLength(5)
  })

  test('behavior: each client and each route group has its own budget', async () => {
    const { deps } = setup()
    const client = newClient()
    for (let i = 0; i < 3; i++) await hit(deps, client, 3, 'email')
    expect(await hit(deps, client, 3, 'email')).toBe(WINDOW / 1000)
    const others: unknown[] = []
    for (const group of ['otp', 'device', 'recovery'] as const) others.push(await hit(deps, client, 3, group))
    others.push(await hit(deps, newClient(), 3, 'email'))
    // A prefix or a longer form of the same address is another client.
    others.push(await hit(deps, `${client}0`, 3, 'email'))
    others.push(await hit(deps, client.slice(0, -1), 3, 'email'))
    expect(others).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok'])
  })

  test('edge: the window length and budget come from the caller: 1 per 1.5 s, and 0 refuses all', async () => {
    const { deps, clock } = setup()
    const client = newClient()
    const start = clock.now
    expect(await hit(deps, client, 1, 'otp', 1_500)).toBe('ok')
    clock.now = start + 1
    expect(await hit(deps, client, 1, 'otp', 1_500)).toBe(2) // 1.499 s rounded up
    clock.now = start + 1_499
    expect(await hit(deps, client, 1, 'otp', 1_500)).toBe(1)
    clock.now = start + 1_500
    expect(await hit(deps, client, 1, 'otp', 1_500)).toBe('ok')
    expect(await hit(deps, newClient(), 0, 'otp', 1_500)).toBe(2)
  })

  test('security: the client is stored only as an HMAC keyed by the secret; unicode and huge client names are fine', async () => {
    const { deps } = setup()
    const before = (await db.query<{ key: string }>('SELECT key FROM rate_limits')).rows.map((r) => r.key)
    const odd = ['2001:db8::1', 'ünïcødé-client', `x${'y'.repeat(100_000)}`, '']
    for (const client of odd) expect(await hit(deps, client)).toBe('ok')
    const { rows } = await db.query<{ key: string }>('SELECT key FROM rate_limits')
    const added = rows.map((r) => r.key).filter((k) => !before.includes(k))
    expect(added).toHaveLength(odd.length)
    for (const key of added) expect(key).toMatch(/^[0-9a-f]{64}$/)
    // A server keyed with another secret counts the same client in another row.
    const other = setup('another secret, also at least thirty-two bytes')
    const client = newClient()
    for (let i = 0; i < 3; i++) await hit(deps, client)
    expect(await hit(deps, client)).toBe(WINDOW / 1000)
    expect(await hit(other.deps, client)).toBe('ok')
  })
})
