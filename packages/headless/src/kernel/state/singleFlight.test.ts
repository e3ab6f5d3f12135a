import { expect, test } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { flightKey, singleFlight, singleFlightMutation } from './singleFlight.js'

const newPortico = () =>
  createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter({ eip6963: false, legacyInjected: false })],
    storage: memoryStorage(),
  })

/** Work the test finishes by hand, counting how often it was started. */
function work<value>() {
  const runs: { resolve: (v: value) => void; reject: (e: unknown) => void; signal: AbortSignal }[] = []
  const run = (signal: AbortSignal) =>
    new Promise<value>((resolve, reject) => {
      runs.push({ resolve, reject, signal })
    })
  return { run, runs }
}

test('behavior: identical work in flight is joined, and runs again once it settled', async () => {
  const portico = newPortico()
  const { run, runs } = work<string>()
  const first = singleFlight(portico, ['k', { a: 1n }], run)
  const second = singleFlight(portico, ['k', { a: 1n }], run)
  expect(runs).toHaveLength(1)
  runs[0]?.resolve('hash')
  expect(await Promise.all([first, second])).toEqual(['hash', 'hash'])

  // A deliberate repeat after the first finished is new work.
  const third = singleFlight(portico, ['k', { a: 1n }], run)
  expect(runs).toHaveLength(2)
  runs[1]?.reject(new Error('no'))
  await expect(third).rejects.toThrow('no')
  const fourth = singleFlight(portico, ['k', { a: 1n }], run)
  expect(runs).toHaveLength(3)
  runs[2]?.resolve('again')
  expect(await fourth).toBe('again')
})

test('behavior: other variables, another key or another instance are not joined', () => {
  const portico = newPortico()
  const { run, runs } = work<string>()
  void singleFlight(portico, ['k', { a: 1n }], run)
  void singleFlight(portico, ['k', { a: 2n }], run)
  void singleFlight(portico, ['other', { a: 1n }], run)
  void singleFlight(newPortico(), ['k', { a: 1n }], run)
  expect(runs).toHaveLength(4)
})

test('behavior: a synchronous throw is a rejection and frees the key', async () => {
  const portico = newPortico()
  await expect(
    singleFlight(portico, ['k'], () => {
      throw new Error('sync')
    }),
  ).rejects.toThrow('sync')
  await expect(singleFlight(portico, ['k'], async () => 'ok')).resolves.toBe('ok')
})

test('behavior: the shared work is given up only when every caller that joined aborted', () => {
  const portico = newPortico()
  const { run, runs } = work<string>()
  const one = new AbortController()
  const two = new AbortController()
  void singleFlight(portico, ['connect'], run, { signal: one.signal }).catch(() => {})
  void singleFlight(portico, ['connect'], run, { signal: two.signal }).catch(() => {})
  expect(runs).toHaveLength(1)
  one.abort()
  expect(runs[0]?.signal.aborted).toBe(false)
  two.abort()
  expect(runs[0]?.signal.aborted).toBe(true)
  // Given up: the next caller starts afresh instead of joining abandoned work.
  void singleFlight(portico, ['connect'], run, { signal: new AbortController().signal })
  expect(runs).toHaveLength(2)

  // A caller without a signal keeps the work alive whatever the others do.
  const three = new AbortController()
  void singleFlight(portico, ['keep'], run)
  void singleFlight(portico, ['keep'], run, { signal: three.signal })
  three.abort()
  expect(runs[2]?.signal.aborted).toBe(false)
})

test('behavior: mutation variables are keyed without their callbacks and signals', () => {
  const portico = newPortico()
  const calls: unknown[] = []
  const mutationFn = singleFlightMutation(portico, ['portico', 'swap'], (variables: object) => {
    calls.push(variables)
    return new Promise(() => {})
  })
  void mutationFn({ amount: 1n, onStep: () => {}, signal: new AbortController().signal })
  void mutationFn({ amount: 1n, onStep: () => {}, signal: new AbortController().signal })
  void mutationFn({ amount: 2n, onStep: () => {} })
  expect(calls).toHaveLength(2)
})

test('flightKey: plain data by value (key order, bigints, bytes), live objects by identity', () => {
  const state = newPortico()._internal.singleFlight
  expect(flightKey(state, { b: 1, a: [2n, undefined] })).toBe(flightKey(state, { a: [2n, undefined], b: 1 }))
  expect(flightKey(state, { a: 1n })).not.toBe(flightKey(state, { a: '1' }))
  expect(flightKey(state, new Uint8Array([1, 2]))).toBe(flightKey(state, new Uint8Array([1, 2])))
  expect(flightKey(state, new Uint8Array([1, 2]))).not.toBe(flightKey(state, new Uint8Array([1, 3])))
  // Two connectors with the same fields are two wallets; the same connector is the same wallet.
  const connector = () => ({ id: 'x', request: () => {} })
  const a = connector()
  expect(flightKey(state, [a])).toBe(flightKey(state, [a]))
  expect(flightKey(state, [a])).not.toBe(flightKey(state, [connector()]))
  const cyclic: Record<string, unknown> = { a: 1 }
  cyclic.self = cyclic
  expect(() => flightKey(state, cyclic)).not.toThrow()
})
