// The name cache across reloads: two Portico instances on one storage, as two page loads are.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { createPortico } from '../../../kernel/createPortico.js'
import { memoryStorage, testAdapters, testNetworks } from '../../../test/fixtures.js'
import { namesForAddressQueryOptions } from '../query.js'

afterEach(() => {
  vi.useRealTimers()
})

// An address nobody named: its (empty) list of names is cached like any other answer.
const alice = '0x000000000000000000000000000000000000dEaD'

/** A page: a Portico on `storage` and a fresh query cache, counting identity requests. */
function page(storage: ReturnType<typeof memoryStorage>) {
  const requests: string[] = []
  const portico = createPortico({
    projectId: 'names-cache',
    blockchainApi: true,
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage,
    apiUrls: { blockchain: inject('devnet').apiUrl },
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/v1/profile/reverse/')) requests.push(url)
      return globalThis.fetch(input, init)
    },
  })
  const queryClient = new QueryClient()
  return { requests, read: () => queryClient.fetchQuery(namesForAddressQueryOptions(portico, { address: alice })) }
}

test('behavior: an address’s names are kept 5 minutes across reloads (@portico/name_cache), then fetched again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'))
  const storage = memoryStorage()
  const first = page(storage)
  expect(await first.read()).toEqual([])
  expect(first.requests).toHaveLength(1)
  expect(storage.data.get('@portico/name_cache')).toContain('0x000000000000000000000000000000000000dead')

  // A reload 4 min 59 s later: shown from the cache, no request.
  vi.setSystemTime(new Date('2026-11-29T00:04:59Z'))
  const reloaded = page(storage)
  expect(await reloaded.read()).toEqual([])
  expect(reloaded.requests).toEqual([])

  // A reload once the 5 minutes are up: fetched again.
  vi.setSystemTime(new Date('2026-11-29T00:05:00Z'))
  const expired = page(storage)
  expect(await expired.read()).toEqual([])
  expect(expired.requests).toHaveLength(1)
})

test('behavior: a corrupt name cache is ignored with a warning and the names fetched', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({ '@portico/name_cache': '{"broken' })
  const reloaded = page(storage)
  expect(await reloaded.read()).toEqual([])
  expect(reloaded.requests).toHaveLength(1)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('@portico/name_cache'))
  warn.mockRestore()
})
