// The balance caches across reloads: two Portico instances on one storage, as two page loads are.
// Balances read from the chain (anvil) are kept in `@portico/native_balance_cache`, balances from
// the blockchain API (the devnet's emulator) in `@portico/portfolio_cache`, 30 s each.
import { QueryClient } from '@tanstack/react-query'
import { http } from 'viem'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { balanceQueryOptions } from './balance.js'

afterEach(() => {
  vi.useRealTimers()
})

const devnet = inject('devnet')
// Any account: its balance is read like any other (anvil's dead address holds nothing).
const account = '0x000000000000000000000000000000000000dEaD'
const caipNetworkId = 'eip155:31337'

/** A page reading balances from the chain: a Portico on `storage`, a fresh query cache, counting RPC requests. */
function chainPage(storage: ReturnType<typeof memoryStorage>) {
  const requests: string[] = []
  const portico = createPortico({
    projectId: 'balance-cache',
    blockchainApi: false,
    networks: testNetworks({ evmRpcUrl: devnet.evmRpcUrl }).all,
    adapters: testAdapters(),
    storage,
    transports: {
      [caipNetworkId]: http(devnet.evmRpcUrl, { onFetchRequest: (request) => void requests.push(request.url) }),
    },
  })
  const queryClient = new QueryClient()
  const options = balanceQueryOptions(portico, { address: account, caipNetworkId })
  return {
    requests,
    read: () => queryClient.fetchQuery(options),
    /** What an invalidation does to a shown balance (e.g. after a send). */
    refetch: () => queryClient.refetchQueries({ queryKey: options.queryKey }),
  }
}

test('behavior: balances read from the chain are shown for 30 s across reloads without a request (@portico/native_balance_cache), then read again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'))
  const storage = memoryStorage()
  const first = chainPage(storage)
  const balances = await first.read()
  expect(balances[0]).toMatchObject({
    symbol: 'ETH',
    chainId: caipNetworkId,
    quantity: { numeric: expect.any(String) },
  })
  expect(first.requests.length).toBeGreaterThan(0)
  expect(storage.data.get('@portico/native_balance_cache')).toContain(`${caipNetworkId}|${account.toLowerCase()}`)
  expect(storage.data.has('@portico/portfolio_cache')).toBe(false)

  // A reload 20 s later: the balances are answered from the cache, no request is made.
  vi.setSystemTime(new Date('2026-11-29T00:00:20Z'))
  const reloaded = chainPage(storage)
  expect(await reloaded.read()).toEqual(balances)
  expect(reloaded.requests).toEqual([])
  // A refetch the page asks for (after a send, say) reads the chain, not the stored cache.
  await reloaded.refetch()
  expect(reloaded.requests.length).toBeGreaterThan(0)

  // A reload once the 30 s since the last read are up: read again.
  vi.setSystemTime(new Date('2026-11-29T00:00:50Z'))
  const expired = chainPage(storage)
  expect(await expired.read()).toEqual(balances)
  expect(expired.requests.length).toBeGreaterThan(0)
})

test('behavior: a corrupt native balance cache is ignored with a warning and the balances read', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const key = `${caipNetworkId}|${account.toLowerCase()}`
  for (const corrupt of [
    '{"broken',
    JSON.stringify({ [key]: { timestamp: Date.now(), value: [{ symbol: 'ETH', quantity: 'a lot' }] } }),
  ]) {
    const storage = memoryStorage({ '@portico/native_balance_cache': corrupt })
    const reloaded = chainPage(storage)
    expect((await reloaded.read())[0]).toMatchObject({ symbol: 'ETH', chainId: caipNetworkId })
    expect(reloaded.requests.length).toBeGreaterThan(0)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('@portico/native_balance_cache'))
    warn.mockClear()
  }
  warn.mockRestore()
})

test('behavior: balances from the blockchain API are kept 30 s in @portico/portfolio_cache, then fetched again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'))
  const storage = memoryStorage()
  const page = () => {
    const requests: string[] = []
    const portico = createPortico({
      projectId: 'balance-cache',
      blockchainApi: true,
      networks: testNetworks({ evmRpcUrl: devnet.evmRpcUrl }).all,
      adapters: testAdapters(),
      storage,
      apiUrls: { blockchain: devnet.apiUrl },
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input)
        if (url.includes('/balance')) requests.push(url)
        return globalThis.fetch(input, init)
      },
    })
    const queryClient = new QueryClient()
    return {
      requests,
      read: () => queryClient.fetchQuery(balanceQueryOptions(portico, { address: account, caipNetworkId })),
    }
  }
  const first = page()
  const balances = await first.read()
  expect(first.requests).toHaveLength(1)
  expect(storage.data.get('@portico/portfolio_cache')).toContain(`${caipNetworkId}|${account.toLowerCase()}`)

  vi.setSystemTime(new Date('2026-11-29T00:00:29Z'))
  const reloaded = page()
  expect(await reloaded.read()).toEqual(balances)
  expect(reloaded.requests).toEqual([])

  vi.setSystemTime(new Date('2026-11-29T00:00:30Z'))
  const expired = page()
  await expired.read()
  expect(expired.requests).toHaveLength(1)
})
