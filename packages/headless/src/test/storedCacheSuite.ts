import { QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { createPortico } from '../kernel/createPortico.js'
import type { Portico } from '../kernel/portico.js'
import { type StoredCacheKind, storedCaches } from '../kernel/state/storedCache.js'
import { memoryStorage, testAdapters, testNetworks } from './fixtures.js'

/**
 * The two tests every value cached across reloads gets (the spec's `*_cache` keys): kept for its
 * kind's lifetime across page loads then fetched again, and a corrupt entry ignored with a warning.
 * A "page" is a Portico on a shared storage with a fresh query cache, as two page loads are; the
 * requests whose URL contains `urlPart` are counted. Call at the top level of a test file.
 */
export function storedCacheSuite<data, error extends Error>({
  kind,
  what,
  urlPart,
  options,
  expected,
  storedText,
}: {
  kind: StoredCacheKind
  /** How the test titles name the cached value ("the identity", "an address’s names"). */
  what: string
  /** A part of the URL of the request the cache saves. */
  urlPart: string
  options: (portico: Portico) => UseQueryOptions<data, error, data, QueryKey>
  expected: data
  /** A text the stored entry contains after the first load. */
  storedText: string
}) {
  const { key, lifetimeMs } = storedCaches[kind]
  const storageKey = `@portico/${key}`

  afterEach(() => {
    vi.useRealTimers()
  })

  function page(storage: ReturnType<typeof memoryStorage>) {
    const requests: string[] = []
    const portico = createPortico({
      projectId: `${kind}-cache`,
      blockchainApi: true,
      networks: testNetworks().all,
      adapters: testAdapters(),
      storage,
      apiUrls: { blockchain: inject('devnet').apiUrl },
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input)
        if (url.includes(urlPart)) requests.push(url)
        return globalThis.fetch(input, init)
      },
    })
    const queryClient = new QueryClient()
    return { requests, read: () => queryClient.fetchQuery(options(portico)) }
  }

  test(`behavior: ${what} is kept across reloads for its lifetime (${storageKey}), then fetched again`, async () => {
    const start = Date.parse('2026-11-29T00:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)
    const storage = memoryStorage()
    const first = page(storage)
    expect(await first.read()).toEqual(expected)
    expect(first.requests).toHaveLength(1)
    expect(storage.data.get(storageKey)).toContain(storedText)

    // A reload a second before the lifetime is up: shown from the cache, no request.
    vi.setSystemTime(start + lifetimeMs - 1000)
    const reloaded = page(storage)
    expect(await reloaded.read()).toEqual(expected)
    expect(reloaded.requests).toEqual([])

    // A reload once the lifetime is up: fetched again.
    vi.setSystemTime(start + lifetimeMs)
    const expired = page(storage)
    expect(await expired.read()).toEqual(expected)
    expect(expired.requests).toHaveLength(1)
  })

  test(`behavior: a corrupt ${storageKey} is ignored with a warning and ${what} fetched`, async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = memoryStorage({ [storageKey]: '{"broken' })
    const reloaded = page(storage)
    expect(await reloaded.read()).toEqual(expected)
    expect(reloaded.requests).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(storageKey))
    warn.mockRestore()
  })
}
