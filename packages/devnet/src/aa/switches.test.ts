/**
 * The account-abstraction switches (`applyAaSwitches`, `switchState`) on a real devnet bundler
 * front and a live policy: every field's checks, all-or-nothing validation, merging into the
 * policy, the bundler switches doing what they name (without ever loading Alto), and the 502 of a
 * bundler switch that fails. The HTTP route around them (`/__devnet/switches` on the paymaster
 * service) is in paymaster.test.ts; pause and down against a running Alto are in aa.test.ts.
 */
import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { HttpError } from '../emulator/app.js'
import { canBind } from '../test-utils.js'
import { type DevnetBundler, startBundler } from './bundler.js'
import { defaultPaymasterPolicy, type PaymasterPolicy } from './policy.js'
import { applyAaSwitches, switchState } from './switches.js'

let bundler: DevnetBundler
let policy: PaymasterPolicy
beforeEach(async () => {
  // Alto starts only on a request or ready(): no switch here may start it (its chain is nowhere).
  bundler = await startBundler({ rpcUrl: 'http://127.0.0.1:9' })
  policy = defaultPaymasterPolicy()
})
afterEach(async () => {
  expect(bundler.pid).toBeUndefined()
  await bundler.stop()
})

/** The HttpError a body is refused with (status and message). */
async function refusal(body: unknown) {
  const error = await applyAaSwitches(body, bundler, policy).then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`)
  return { status: error.status, message: error.message }
}

const alice = '0x2222222222222222222222222222222222222222'

describe('switchState', () => {
  test('default: a fresh bundler and policy read up, auto, and the default policy with maxGas as a decimal string', () => {
    expect(switchState(bundler, policy)).toEqual({
      bundler: 'up',
      bundling: 'auto',
      paymaster: { refuse: false, senders: null, maxGas: null, validForSeconds: 3600 },
    })
    policy.maxGas = 123_456_789_012_345_678_901_234_567_890n
    expect(switchState(bundler, policy).paymaster.maxGas).toBe('123456789012345678901234567890')
  })
})

describe('applyAaSwitches: the paymaster policy', () => {
  test('behavior: sets the fields it names and keeps the others, in the live policy object', async () => {
    const live = policy
    await applyAaSwitches({ paymaster: { refuse: true, maxGas: '500000' } }, bundler, policy)
    expect(live).toEqual({ refuse: true, senders: null, maxGas: 500_000n, validForSeconds: 3600 })
    await applyAaSwitches({ paymaster: { senders: [alice], validForSeconds: 60 } }, bundler, policy)
    expect(live).toEqual({ refuse: true, senders: [alice], maxGas: 500_000n, validForSeconds: 60 })
    // null clears a limit; false switches sponsorship back on.
    await applyAaSwitches({ paymaster: { refuse: false, senders: null, maxGas: null } }, bundler, policy)
    expect(live).toEqual({ refuse: false, senders: null, maxGas: null, validForSeconds: 60 })
    // An empty allow-list is kept as such (it sponsors no one), not read as "everyone".
    await applyAaSwitches({ paymaster: { senders: [] } }, bundler, policy)
    expect(live.senders).toEqual([])
    // The largest maxGas a switch takes (30 digits) arrives exactly.
    await applyAaSwitches({ paymaster: { maxGas: '9'.repeat(30) } }, bundler, policy)
    expect(live.maxGas).toBe(10n ** 30n - 1n)
    expect(switchState(bundler, policy).paymaster.maxGas).toBe('9'.repeat(30))
  })

  test('error: a malformed paymaster field is a 400 naming it, and nothing changes', async () => {
    const cases: [unknown, RegExp][] = [
      [{ refuse: 'yes' }, /refuse/],
      [{ senders: ['0x1234'] }, /senders/],
      [{ senders: alice }, /senders/],
      [{ maxGas: 500000 }, /maxGas/],
      [{ maxGas: '-1' }, /maxGas/],
      [{ maxGas: '1e6' }, /maxGas/],
      [{ maxGas: '0x10' }, /maxGas/],
      [{ maxGas: '1'.repeat(31) }, /maxGas/],
      [{ validForSeconds: 0 }, /validForSeconds/],
      [{ validForSeconds: 31_536_001 }, /validForSeconds/],
      [{ validForSeconds: 1.5 }, /validForSeconds/],
      [{ validForSeconds: '60' }, /validForSeconds/],
      [{ refuse: true, sponsorAll: true }, /sponsorAll/],
      ['refuse', /paymaster/],
      [null, /paymaster/],
    ]
    for (const [paymaster, named] of cases) {
      const error = await refusal({ paymaster })
      expect(error, JSON.stringify(paymaster)).toEqual({ status: 400, message: expect.stringMatching(named) })
      expect(error.message).toMatch(/^paymaster: /)
      expect(policy).toEqual(defaultPaymasterPolicy())
    }
    // The limits themselves are accepted.
    await applyAaSwitches({ paymaster: { validForSeconds: 1 } }, bundler, policy)
    await applyAaSwitches({ paymaster: { validForSeconds: 31_536_000, maxGas: '0' } }, bundler, policy)
    expect(policy).toMatchObject({ validForSeconds: 31_536_000, maxGas: 0n })
  })
})

describe('applyAaSwitches: all or nothing', () => {
  test('error: one invalid switch refuses the whole body: the policy and the bundler stay as they were', async () => {
    const port = Number(new URL(bundler.url).port)
    for (const body of [
      { paymaster: { refuse: true }, bundler: 'sideways' },
      { paymaster: { refuse: true }, bundling: 'manual' },
      { bundler: 'down', bundling: 'paused', paymaster: { maxGas: 'lots' } },
      { bundler: 'down', nonsense: 1 },
    ]) {
      expect((await refusal(body)).status, JSON.stringify(body)).toBe(400)
      expect(switchState(bundler, policy)).toEqual({
        bundler: 'up',
        bundling: 'auto',
        paymaster: { refuse: false, senders: null, maxGas: null, validForSeconds: 3600 },
      })
    }
    expect(await canBind(port)).toBe(false)
    expect(await refusal({ nonsense: 1 })).toEqual({ status: 400, message: 'Unknown switch nonsense' })
    for (const body of [null, [], 'down', 3])
      expect(await refusal(body)).toEqual({ status: 400, message: 'Expected a JSON object of switches' })
  })

  test('default: an empty body changes nothing', async () => {
    await applyAaSwitches({}, bundler, policy)
    expect(switchState(bundler, policy)).toEqual(switchState(bundler, defaultPaymasterPolicy()))
  })
})

describe('applyAaSwitches: the bundler', () => {
  test('behavior: bundler down closes its URL and up opens the same one; bundling paused is kept meanwhile', async () => {
    const port = Number(new URL(bundler.url).port)
    await applyAaSwitches({ bundler: 'down', bundling: 'paused' }, bundler, policy)
    expect(switchState(bundler, policy)).toMatchObject({ bundler: 'down', bundling: 'paused' })
    expect(bundler.isUp).toBe(false)
    expect(await canBind(port)).toBe(true)
    await expect(fetch(bundler.url, { method: 'POST', body: '{}' })).rejects.toThrow()

    // Setting a switch to what it already is does nothing.
    await applyAaSwitches({ bundler: 'down', bundling: 'paused' }, bundler, policy)
    expect(bundler.isUp).toBe(false)

    await applyAaSwitches({ bundler: 'up' }, bundler, policy)
    expect(switchState(bundler, policy)).toMatchObject({ bundler: 'up', bundling: 'paused' })
    expect(await canBind(port)).toBe(false)
    // The front answers on the same URL again (a parse error needs no Alto).
    const reply = await fetch(bundler.url, { method: 'POST', body: '{not json' })
    expect(await reply.json()).toMatchObject({ error: { code: -32700 } })

    await applyAaSwitches({ bundling: 'auto' }, bundler, policy)
    expect(bundler.bundlingPaused).toBe(false)
  })

  test('error: a bundler switch that fails is a 502 with its reason; the policy in the same body is already applied', async () => {
    const port = Number(new URL(bundler.url).port)
    await applyAaSwitches({ bundler: 'down' }, bundler, policy)
    // Someone else takes the port while the bundler is down: it cannot come back on its URL.
    const squatter = createServer()
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve))
    try {
      const error = await refusal({ bundler: 'up', paymaster: { refuse: true } })
      expect(error.status).toBe(502)
      expect(error.message).toMatch(/EADDRINUSE|in use/i)
      expect(switchState(bundler, policy)).toMatchObject({ bundler: 'down', paymaster: { refuse: true } })
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()))
    }
    await applyAaSwitches({ bundler: 'up' }, bundler, policy)
    expect(bundler.isUp).toBe(true)
  })
})
