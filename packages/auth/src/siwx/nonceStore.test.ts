// The in-memory SIWX nonce store on its own, with a fake clock: each nonce is good for one sign-in
// and only until it expires (the boundary exactly), concurrent uses let exactly one through, and
// the store stays bounded. How verifySiwxMessage reads the states (replayed_nonce, expired_nonce)
// is in verifySiwxMessage.test.ts; replay over HTTP in createSiwxHandlers.test.ts.
import { describe, expect, test } from 'vitest'
import { createMemoryNonceStore } from './nonceStore.js'

const TTL = 60_000

function store(options: { ttl?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_700_000_000_000 }
  const nonces = createMemoryNonceStore({ ttl: TTL, ...options, now: () => clock.now })
  return { nonces, clock }
}

describe('issue', () => {
  test('default: a fresh nonce is random, alphanumeric, and lives for the default 5 minutes', async () => {
    const clock = { now: 1_700_000_000_000 }
    const nonces = createMemoryNonceStore({ now: () => clock.now })
    const issued = await Promise.all(Array.from({ length: 200 }, () => nonces.issue()))
    for (const { nonce, expiresAt } of issued) {
      expect(nonce).toMatch(/^[A-Za-z0-9]{22}$/)
      expect(expiresAt).toBe(clock.now + 5 * 60_000)
    }
    expect(new Set(issued.map((i) => i.nonce)).size).toBe(200)
    expect(await nonces.check(issued[0]!.nonce)).toBe('valid')
  })

  test('behavior: `expiresAt` is the issue time plus the ttl given', async () => {
    const { nonces, clock } = store({ ttl: 1234 })
    expect((await nonces.issue()).expiresAt).toBe(clock.now + 1234)
  })
})

describe('single use', () => {
  test('behavior: consume answers `valid` once, then `used`; check never uses a nonce up', async () => {
    const { nonces } = store()
    const { nonce } = await nonces.issue()
    expect(await nonces.check(nonce)).toBe('valid')
    expect(await nonces.check(nonce)).toBe('valid')
    expect(await nonces.consume(nonce)).toBe('valid')
    expect(await nonces.check(nonce)).toBe('used')
    expect(await nonces.consume(nonce)).toBe('used')
    expect(await nonces.consume(nonce)).toBe('used')
  })

  test('security: two concurrent uses of one nonce: exactly one wins', async () => {
    const { nonces } = store()
    const { nonce } = await nonces.issue()
    const [a, b] = await Promise.all([nonces.consume(nonce), nonces.consume(nonce)])
    expect([a, b].sort()).toEqual(['used', 'valid'])
  })

  test('security: twenty concurrent uses, interleaved with checks: exactly one `valid` consume', async () => {
    const { nonces } = store()
    const { nonce } = await nonces.issue()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? nonces.check(nonce) : nonces.consume(nonce))),
    )
    const consumed = results.filter((_, i) => i % 2 === 0)
    expect(consumed.filter((s) => s === 'valid')).toHaveLength(1)
    expect(consumed.filter((s) => s === 'used')).toHaveLength(9)
  })

  test('behavior: using one nonce leaves the others of the store valid', async () => {
    const { nonces } = store()
    const [first, second] = [await nonces.issue(), await nonces.issue()]
    expect(await nonces.consume(first.nonce)).toBe('valid')
    expect(await nonces.check(second.nonce)).toBe('valid')
    expect(await nonces.consume(second.nonce)).toBe('valid')
  })

  test('security: a nonce the store never issued is `unknown`, and asking about it adds nothing', async () => {
    const { nonces } = store()
    const { nonce } = await nonces.issue()
    for (const guess of [
      '',
      ' ',
      nonce.toLowerCase() === nonce ? nonce.toUpperCase() : nonce.toLowerCase(),
      `${nonce} `,
      nonce.slice(1),
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'ñønce-ünïcødé-🦊',
      'x'.repeat(100_000),
    ]) {
      expect(await nonces.consume(guess)).toBe('unknown')
      expect(await nonces.check(guess)).toBe('unknown')
      // A second try is still `unknown`, never `used`: the failed consume left nothing behind.
      expect(await nonces.consume(guess)).toBe('unknown')
    }
    expect(await nonces.consume(nonce)).toBe('valid')
  })
})

describe('expiry', () => {
  test('edge: valid 1 ms before `expiresAt`, expired at `expiresAt` exactly', async () => {
    const { nonces, clock } = store()
    const { nonce, expiresAt } = await nonces.issue()
    clock.now = expiresAt - 1
    expect(await nonces.check(nonce)).toBe('valid')
    clock.now = expiresAt
    expect(await nonces.check(nonce)).toBe('expired')
    clock.now = expiresAt + 1
    expect(await nonces.check(nonce)).toBe('expired')
  })

  test('edge: consumed 1 ms before `expiresAt` it works; at `expiresAt` it is refused and stays refused', async () => {
    const { nonces, clock } = store()
    const early = await nonces.issue()
    const late = await nonces.issue()
    clock.now = early.expiresAt - 1
    expect(await nonces.consume(early.nonce)).toBe('valid')
    clock.now = late.expiresAt
    expect(await nonces.consume(late.nonce)).toBe('expired')
    // An expired consume does not mark it used, and a clock step back does not matter for the used one.
    expect(await nonces.check(late.nonce)).toBe('expired')
    expect(await nonces.check(early.nonce)).toBe('used')
  })

  test('behavior: a used nonce is still reported `used` (a replay) after its expiry, until it is forgotten', async () => {
    const { nonces, clock } = store()
    const { nonce, expiresAt } = await nonces.issue()
    expect(await nonces.consume(nonce)).toBe('valid')
    clock.now = expiresAt + TTL - 1
    await nonces.issue() // prunes what has been dead for a whole ttl
    expect(await nonces.check(nonce)).toBe('used')
    clock.now = expiresAt + TTL
    await nonces.issue()
    expect(await nonces.check(nonce)).toBe('unknown')
  })

  test('edge: an expired, unused nonce reads `expired` until it has been dead a whole ttl', async () => {
    const { nonces, clock } = store()
    const { nonce, expiresAt } = await nonces.issue()
    clock.now = expiresAt + TTL - 1
    await nonces.issue()
    expect(await nonces.consume(nonce)).toBe('expired')
    clock.now = expiresAt + TTL
    await nonces.issue()
    expect(await nonces.consume(nonce)).toBe('unknown')
  })
})

describe('bounded', () => {
  test('edge: exactly `maxEntries` nonces are all kept; one more forgets the oldest only', async () => {
    const { nonces } = store({ maxEntries: 3 })
    const issued = [await nonces.issue(), await nonces.issue(), await nonces.issue()]
    for (const { nonce } of issued) expect(await nonces.check(nonce)).toBe('valid')
    const fourth = await nonces.issue()
    expect(await nonces.check(issued[0]!.nonce)).toBe('unknown')
    expect(await nonces.check(issued[1]!.nonce)).toBe('valid')
    expect(await nonces.check(issued[2]!.nonce)).toBe('valid')
    expect(await nonces.check(fourth.nonce)).toBe('valid')
  })

  test('security: a flood of issues never revives a used nonce: forgotten, it reads `unknown`, never `valid`', async () => {
    const { nonces } = store({ maxEntries: 10 })
    const { nonce } = await nonces.issue()
    expect(await nonces.consume(nonce)).toBe('valid')
    for (let i = 0; i < 50; i++) await nonces.issue()
    expect(await nonces.consume(nonce)).toBe('unknown')
  })
})
