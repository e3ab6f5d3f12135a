import { afterEach, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { readStoredCache, storedCaches, writeStoredCache } from './storedCache.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const instance = (storage: ReturnType<typeof memoryStorage>) =>
  createPortico({ networks: testNetworks().all, adapters: testAdapters(), storage })
const schema = z.object({ n: z.number() })

test('default: the spec’s keys under the @portico/ prefix, 30 s for balances, 5 min for name and identity', () => {
  expect(storedCaches).toEqual({
    portfolio: { key: 'portfolio_cache', lifetimeMs: 30_000 },
    nativeBalance: { key: 'native_balance_cache', lifetimeMs: 30_000 },
    name: { key: 'name_cache', lifetimeMs: 300_000 },
    identity: { key: 'identity_cache', lifetimeMs: 300_000 },
  })
  const storage = memoryStorage()
  writeStoredCache(instance(storage), 'identity', '0xabc', { n: 1 }, 1_000)
  expect(JSON.parse(storage.data.get('@portico/identity_cache') ?? '')).toEqual({
    '0xabc': { timestamp: 1_000, value: { n: 1 } },
  })
})

test.each([
  ['portfolio', 30_000],
  ['nativeBalance', 30_000],
  ['name', 300_000],
  ['identity', 300_000],
] as const)(
  'behavior: %s survives a reload until its lifetime (%i ms) is up, not a millisecond longer',
  (kind, lifetime) => {
    const storage = memoryStorage()
    writeStoredCache(instance(storage), kind, 'k', { n: 7 }, 10_000)
    // Another instance on the same storage: the page after a reload.
    const reloaded = instance(storage)
    expect(readStoredCache(reloaded, kind, 'k', schema, 10_000 + lifetime - 1)).toEqual({
      value: { n: 7 },
      timestamp: 10_000,
    })
    expect(readStoredCache(reloaded, kind, 'k', schema, 10_000 + lifetime)).toBeUndefined()
    // Stored "in the future" (the clock was set back since): not trusted.
    expect(readStoredCache(reloaded, kind, 'k', schema, 9_000)).toBeUndefined()
  },
)

test('behavior: a write drops the kind’s expired entries and keeps the fresh ones', () => {
  const storage = memoryStorage()
  const portico = instance(storage)
  writeStoredCache(portico, 'portfolio', 'old', { n: 1 }, 0)
  writeStoredCache(portico, 'portfolio', 'fresh', { n: 2 }, 20_000)
  writeStoredCache(portico, 'portfolio', 'new', { n: 3 }, 31_000)
  expect(Object.keys(JSON.parse(storage.data.get('@portico/portfolio_cache') ?? '{}'))).toEqual(['fresh', 'new'])
})

test.each([
  ['not JSON', '{"0xabc": {"timestamp": 1'],
  ['another shape', JSON.stringify({ '0xabc': { timestamp: 'yesterday', value: { n: 1 } } })],
  ['a value of another shape', JSON.stringify({ '0xabc': { timestamp: 1_000, value: { n: 'one' } } })],
])('behavior: a corrupt entry (%s) is ignored and removed, with a warning', (_, raw) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({ '@portico/identity_cache': raw })
  expect(readStoredCache(instance(storage), 'identity', '0xabc', schema, 2_000)).toBeUndefined()
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('@portico/identity_cache'))
  expect(storage.data.has('@portico/identity_cache')).toBe(false)
})
