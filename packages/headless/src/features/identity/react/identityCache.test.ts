// The identity cache across reloads: two Portico instances on one storage, as two page loads are.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { createPortico } from '../../../kernel/createPortico.js'
import { memoryStorage, testAdapters, testNetworks } from '../../../test/fixtures.js'
import { identityQueryOptions } from '../query.js'

afterEach(() => {
  vi.useRealTimers()
})

// Account #0 of the devnet has the name alice.portico on the blockchain API emulator.
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A page: a Portico on `storage` and a fresh query cache, counting identity requests. */
function page(storage: ReturnType<typeof memoryStorage>) {
  const requests: string[] = []
  const portico = createPortico({
    projectId: 'identity-cache',
    blockchainApi: true,
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage,
    apiUrls: { blockchain: inject('devnet').apiUrl },
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/v1/identity/')) requests.push(url)
      return globalThis.fetch(input, init)
    },
  })
  const queryClient = new QueryClient()
  return { requests, read: () => queryClient.fetchQuery(identityQueryOptions(portico, { address: alice })) }
}

test('behavior: the identity is kept 5 minutes across reloads (@portico/identity_cache), then fetched again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'))
  const storage = memoryStorage()
  const first = page(storage)
  expect(await first.read()).toEqual({ name: 'alice.portico', avatar: undefined })
  expect(first.requests).toHaveLength(1)
  expect(storage.data.get('@portico/identity_cache')).toContain('alice.portico')

  // A reload 4 min 59 s later: shown from the cache, no request.
  vi.setSystemTime(new Date('2026-11-29T00:04:59Z'))
  const reloaded = page(storage)
  expect(await reloaded.read()).toEqual({ name: 'alice.portico', avatar: undefined })
  expect(reloaded.requests).toEqual([])

  // A reload once the 5 minutes are up: fetched again.
  vi.setSystemTime(new Date('2026-11-29T00:05:00Z'))
  const expired = page(storage)
  expect(await expired.read()).toEqual({ name: 'alice.portico', avatar: undefined })
  expect(expired.requests).toHaveLength(1)
})

test('behavior: a corrupt identity cache is ignored with a warning and the identity fetched', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({ '@portico/identity_cache': '{"broken' })
  const reloaded = page(storage)
  expect(await reloaded.read()).toEqual({ name: 'alice.portico', avatar: undefined })
  expect(reloaded.requests).toHaveLength(1)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('@portico/identity_cache'))
  warn.mockRestore()
})
