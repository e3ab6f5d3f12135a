import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, offlinePortico } from '../../test/fixtures.js'
import type { PorticoOptions } from '../options.js'
import type { TokenBalance } from '../types.js'
import { cachedBalances } from './balanceCache.js'

// Which stored cache an account's balances live in, under which entry, and when the first read of
// a page is answered from it. The balance query reading through it (a devnet and the blockchain
// API emulator, two page loads) is kernel/query/balance.test.ts's; the stored cache's lifetimes and
// shapes are storedCache.test.ts's.

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
const evm = 'eip155:31337' as const
const start = Date.parse('2026-11-29T00:00:00Z')

const balance = (numeric: string): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: evm,
  quantity: { decimals: '18', numeric },
})

/** A page: a Portico on `storage` (shared storage = a reload), and a `read` that counts its calls. */
function page(storage: ReturnType<typeof memoryStorage>, overrides: Partial<PorticoOptions> = {}) {
  const portico = offlinePortico('p', { storage, ...overrides })
  const reads: string[] = []
  const balances = (account: { address?: string; caipNetworkId?: typeof evm | undefined }, numeric: string) =>
    cachedBalances(portico, account, async () => {
      reads.push(numeric)
      return [balance(numeric)]
    })
  return { portico, reads, balances }
}

const stored = (storage: ReturnType<typeof memoryStorage>, key: string) => {
  const raw = storage.data.get(`@portico/${key}`)
  return raw === undefined ? undefined : JSON.parse(raw)
}

test('default: with a project id and the blockchain API on, balances are stored in the portfolio cache, one entry per network and lowercased EVM address', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(start)
  const storage = memoryStorage()
  const { balances, reads } = page(storage)
  expect(await balances({ address: evmAddress, caipNetworkId: evm }, '1')).toEqual([balance('1')])
  expect(reads).toEqual(['1'])
  expect(stored(storage, 'portfolio_cache')).toEqual({
    [`${evm}|${evmAddress.toLowerCase()}`]: { timestamp: start, value: [balance('1')] },
  })
  expect(storage.data.has('@portico/native_balance_cache')).toBe(false)
})

test.each([
  ['the blockchain API off', { blockchainApi: false }],
  ['no project id', { projectId: '' }],
] as const)('behavior: with %s, balances are stored in the native balance cache', async (_, overrides) => {
  // Without a project id the instance warns 'Project ID Not Configured': not this test's subject.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage()
  const { balances } = page(storage, overrides)
  await balances({ address: evmAddress, caipNetworkId: evm }, '1')
  expect(Object.keys(stored(storage, 'native_balance_cache') ?? {})).toEqual([`${evm}|${evmAddress.toLowerCase()}`])
  expect(storage.data.has('@portico/portfolio_cache')).toBe(false)
})

test('behavior: after a reload the first read of an account comes from the stored balances; later reads call read and store its answer', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(start)
  const storage = memoryStorage()
  await page(storage).balances({ address: evmAddress, caipNetworkId: evm }, '1')

  vi.setSystemTime(start + 29_000)
  const reloaded = page(storage)
  expect(await reloaded.balances({ address: evmAddress, caipNetworkId: evm }, '2')).toEqual([balance('1')])
  expect(reloaded.reads).toEqual([])
  // A refetch (after a send, an invalidation): read, and what it answers replaces the entry.
  expect(await reloaded.balances({ address: evmAddress, caipNetworkId: evm }, '3')).toEqual([balance('3')])
  expect(reloaded.reads).toEqual(['3'])
  expect(stored(storage, 'portfolio_cache')[`${evm}|${evmAddress.toLowerCase()}`]).toEqual({
    timestamp: start + 29_000,
    value: [balance('3')],
  })
})

test('behavior: an EVM address in another case is the same account; other addresses keep their case', async () => {
  const storage = memoryStorage()
  await page(storage).balances({ address: evmAddress.toLowerCase(), caipNetworkId: evm }, '1')
  await page(storage).balances({ address: solAddress, caipNetworkId: evm }, '5')

  const reloaded = page(storage)
  expect(
    await reloaded.balances({ address: evmAddress.toUpperCase().replace('0X', '0x'), caipNetworkId: evm }, '2'),
  ).toEqual([balance('1')])
  // A base58 address in another case is another account: nothing stored for it.
  expect(await reloaded.balances({ address: solAddress.toLowerCase(), caipNetworkId: evm }, '6')).toEqual([
    balance('6'),
  ])
  expect(reloaded.reads).toEqual(['6'])
  expect(Object.keys(stored(storage, 'portfolio_cache')).sort()).toEqual(
    [`${evm}|${evmAddress.toLowerCase()}`, `${evm}|${solAddress}`, `${evm}|${solAddress.toLowerCase()}`].sort(),
  )
})

test('behavior: the same address on another network is another entry', async () => {
  const storage = memoryStorage()
  await page(storage).balances({ address: evmAddress, caipNetworkId: evm }, '1')
  const reloaded = page(storage)
  const other = await cachedBalances(
    reloaded.portico,
    { address: evmAddress, caipNetworkId: 'eip155:31338' },
    async () => [balance('9')],
  )
  expect(other).toEqual([balance('9')])
  expect(Object.keys(stored(storage, 'portfolio_cache')).sort()).toEqual([
    `${evm}|${evmAddress.toLowerCase()}`,
    `eip155:31338|${evmAddress.toLowerCase()}`,
  ])
})

test('behavior: each account has its own first read on an instance; a new instance starts over', async () => {
  const storage = memoryStorage()
  const first = page(storage)
  await first.balances({ address: evmAddress, caipNetworkId: evm }, '1')
  await first.balances({ address: solAddress, caipNetworkId: evm }, '5')

  const reloaded = page(storage)
  expect(await reloaded.balances({ address: evmAddress, caipNetworkId: evm }, '2')).toEqual([balance('1')])
  // Reading one account does not spend another's first read.
  expect(await reloaded.balances({ address: solAddress, caipNetworkId: evm }, '6')).toEqual([balance('5')])
  expect(reloaded.reads).toEqual([])
})

test('edge: balances stored 30 s ago or more, or in the future (the clock was set back), are read again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(start)
  const storage = memoryStorage()
  await page(storage).balances({ address: evmAddress, caipNetworkId: evm }, '1')

  vi.setSystemTime(start + 30_000)
  const expired = page(storage)
  expect(await expired.balances({ address: evmAddress, caipNetworkId: evm }, '2')).toEqual([balance('2')])
  expect(expired.reads).toEqual(['2'])

  vi.setSystemTime(start + 30_000 - 1)
  const setBack = page(storage)
  expect(await setBack.balances({ address: evmAddress, caipNetworkId: evm }, '3')).toEqual([balance('3')])
  expect(setBack.reads).toEqual(['3'])
})

test('edge: without an address or a network nothing is stored and every read calls read', async () => {
  const storage = memoryStorage()
  const { balances, reads } = page(storage)
  await balances({ caipNetworkId: evm }, '1')
  await balances({ address: evmAddress }, '2')
  await balances({ address: '', caipNetworkId: evm }, '3')
  expect(reads).toEqual(['1', '2', '3'])
  expect([...storage.data.keys()].filter((k) => k.endsWith('_cache'))).toEqual([])
})

test('error: a corrupt stored entry is dropped with a warning and the balances are read', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({
    '@portico/portfolio_cache': JSON.stringify({
      [`${evm}|${evmAddress.toLowerCase()}`]: { timestamp: Date.now(), value: [{ symbol: 'ETH', quantity: 1 }] },
    }),
  })
  const { balances, reads } = page(storage)
  expect(await balances({ address: evmAddress, caipNetworkId: evm }, '2')).toEqual([balance('2')])
  expect(reads).toEqual(['2'])
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('@portico/portfolio_cache'))
  // What the read answered replaced the corrupt entry.
  expect(stored(storage, 'portfolio_cache')[`${evm}|${evmAddress.toLowerCase()}`].value).toEqual([balance('2')])
})

test('error: a failed read rejects with its error and stores nothing', async () => {
  const storage = memoryStorage()
  const { portico } = page(storage)
  const failure = new Error('rpc down')
  await expect(
    cachedBalances(portico, { address: evmAddress, caipNetworkId: evm }, () => Promise.reject(failure)),
  ).rejects.toBe(failure)
  expect(storage.data.has('@portico/portfolio_cache')).toBe(false)
})
