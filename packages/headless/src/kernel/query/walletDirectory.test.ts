// walletDirectoryInfiniteQueryOptions and walletDirectoryQueryKey through a real QueryClient and
// InfiniteQueryObserver against a loopback directory: what the key holds, paging (40 a page, a
// search 100) and where it stops, freshness and retries. The request's own parameters and the
// parsing of a page are tested in kernel/api/walletDirectory.test.ts; that the list is off without
// a directory is the hook's (kernel/react/useWalletDirectory.test.tsx).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hashKey, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { until } from '../../test/observer.js'
import type { PorticoOptions } from '../options.js'
import {
  type WalletDirectoryQueryParameters,
  walletDirectoryInfiniteQueryOptions,
  walletDirectoryQueryKey,
} from './walletDirectory.js'

type Asked = { page: number; entries: number; search: string | null; exclude: string | null }
const parse = (url: string): Asked => {
  const params = new URL(url, 'http://127.0.0.1').searchParams
  return {
    page: Number(params.get('page')),
    entries: Number(params.get('entries')),
    search: params.get('search'),
    exclude: params.get('exclude'),
  }
}

/**
 * A directory of `count` wallets that answers each page in full (`entries`, or what is left), its
 * ids naming the search and the page; `page` may override a page's entries.
 */
const directory =
  (count: number, page: (asked: Asked) => unknown[] | undefined = () => undefined) =>
  (req: IncomingMessage, res: ServerResponse) => {
    const asked = parse(req.url ?? '')
    const left = Math.max(0, Math.min(asked.entries, count - (asked.page - 1) * asked.entries))
    const data =
      page(asked) ??
      Array.from({ length: left }, (_, i) => ({
        id: `${asked.search ?? ''}/${asked.exclude ?? ''}/${asked.page}-${i}`,
        name: 'W',
      }))
    json(res, 200, { count, data })
  }

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer(directory(10))
})
afterAll(() => server.close())
afterEach(() => {
  server.state.requests.length = 0
  server.state.handler = directory(10)
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const portico = (overrides: Partial<PorticoOptions> = {}) =>
  offlinePortico('p1', { apiUrls: { api: server.url }, ...overrides })

const asked = () => server.state.requests.filter((r) => r.url.startsWith('/getWallets')).map((r) => parse(r.url))

/** A subscribed observer of the directory (a shown list) and its first settled result. */
async function list(client: QueryClient, parameters: WalletDirectoryQueryParameters = {}, instance = portico()) {
  const observer = new InfiniteQueryObserver(client, walletDirectoryInfiniteQueryOptions(instance, parameters))
  const unsubscribe = observer.subscribe(() => {})
  const first = await until(observer, (r) => r.status !== 'pending' && !r.isFetching)
  return { observer, unsubscribe, first }
}

const ids = (result: { data?: { pages: { data: { id: string }[] }[] } | undefined }) =>
  result.data?.pages.flatMap((p) => p.data.map((w) => w.id))

test('behavior: the key holds every directory input; the same inputs in fresh objects give an equal key', () => {
  const inputs: WalletDirectoryQueryParameters[] = [
    {},
    { search: 'rain' },
    { search: 'rainbow' },
    { include: ['a'] },
    { include: ['b'] },
    { exclude: ['a'] },
    { chains: ['eip155:1'] },
    { chains: ['eip155:10'] },
    { badge_type: 'certified' },
    { search: 'rain', chains: ['eip155:1'] },
  ]
  const hashes = inputs.map((p) => hashKey(walletDirectoryQueryKey(p)))
  expect(new Set(hashes).size).toBe(inputs.length)
  expect(walletDirectoryQueryKey({ search: 'rain' })).toEqual(['portico', 'walletDirectory', { search: 'rain' }])
  // Fresh objects, another property order: the same key, and the options carry it.
  const again = walletDirectoryInfiniteQueryOptions(portico(), { chains: ['eip155:1'], search: 'rain' }).queryKey
  expect(hashKey(again)).toBe(hashes[9])
})

test('behavior: a search is keyed trimmed (" rain " is "rain") and a blank one is no search, since each asks the same', () => {
  const hash = (p: WalletDirectoryQueryParameters) => hashKey(walletDirectoryQueryKey(p))
  expect(hash({ search: '  rain ' })).toBe(hash({ search: 'rain' }))
  expect(hash({ search: '   ' })).toBe(hash({}))
  expect(hash({ search: '' })).toBe(hash({}))
  expect(hash({ search: 'Rain' })).not.toBe(hash({ search: 'rain' }))
})

test('behavior: on one client, searches that ask the same share one entry and one request; another search has its own', async () => {
  const client = new QueryClient()
  const spaced = await list(client, { search: ' rain ' })
  const plain = await list(client, { search: 'rain' })
  expect(ids(plain.first)).toEqual(ids(spaced.first))
  expect(asked()).toEqual([{ page: 1, entries: 100, search: 'rain', exclude: null }])
  const other = await list(client, { search: 'ledger' })
  const browse = await list(client, { search: '  ' })
  expect(ids(other.first)?.[0]).toBe('ledger//1-0')
  expect(ids(browse.first)?.[0]).toBe('//1-0')
  expect(asked().slice(1)).toEqual([
    { page: 1, entries: 100, search: 'ledger', exclude: null },
    { page: 1, entries: 40, search: null, exclude: null },
  ])
  for (const o of [spaced, plain, other, browse]) o.unsubscribe()
})

test('behavior: browsing pages 40 at a time until every wallet is fetched, then asks nothing more', async () => {
  server.state.handler = directory(100)
  const { observer, unsubscribe, first } = await list(new QueryClient())
  expect(first.hasNextPage).toBe(true)
  expect((await observer.fetchNextPage()).hasNextPage).toBe(true)
  const last = await observer.fetchNextPage()
  expect(last.hasNextPage).toBe(false)
  expect(ids(last)).toHaveLength(100)
  await observer.fetchNextPage()
  unsubscribe()
  expect(asked().map((a) => [a.page, a.entries])).toEqual([
    [1, 40],
    [2, 40],
    [3, 40],
  ])
})

test('behavior: a search pages 100 at a time until every match is fetched', async () => {
  server.state.handler = directory(150)
  const { observer, unsubscribe, first } = await list(new QueryClient(), { search: 'w' })
  expect(first.hasNextPage).toBe(true)
  const last = await observer.fetchNextPage()
  unsubscribe()
  expect(last.hasNextPage).toBe(false)
  expect(ids(last)).toHaveLength(150)
  expect(asked().map((a) => [a.page, a.entries])).toEqual([
    [1, 100],
    [2, 100],
  ])
})

test('edge: a count that is a whole number of pages stops after the last full page', async () => {
  server.state.handler = directory(80)
  const { observer, unsubscribe } = await list(new QueryClient())
  expect((await observer.fetchNextPage()).hasNextPage).toBe(false)
  unsubscribe()
  expect(asked()).toHaveLength(2)
})

test('edge: a page whose malformed entries were dropped still counts as a full page, so paging goes on', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const full = (page: number) => Array.from({ length: 40 }, (_, i) => ({ id: `${page}-${i}`, name: 'W' }))
  server.state.handler = directory(50, ({ page }) =>
    page === 1 ? [...full(1).slice(0, 39), { id: 'no-name' }] : undefined,
  )
  const { observer, unsubscribe, first } = await list(new QueryClient())
  expect(ids(first)).toHaveLength(39)
  expect(first.hasNextPage).toBe(true)
  const last = await observer.fetchNextPage()
  unsubscribe()
  expect(ids(last)).toHaveLength(49)
  expect(last.hasNextPage).toBe(false)
})

test('edge: an empty page ends the list even when the count says more remain', async () => {
  server.state.handler = directory(500, ({ page }) => (page === 2 ? [] : undefined))
  const { observer, unsubscribe } = await list(new QueryClient())
  const second = await observer.fetchNextPage()
  unsubscribe()
  expect(second.hasNextPage).toBe(false)
  expect(asked()).toHaveLength(2)
})

test('edge: an empty directory has no next page', async () => {
  server.state.handler = directory(0)
  const { first, unsubscribe } = await list(new QueryClient())
  unsubscribe()
  expect(first.data?.pages).toEqual([{ count: 0, data: [], page: 1 }])
  expect(first.hasNextPage).toBe(false)
})

test('default: the directory is fresh for 5 minutes: shown again within them it asks nothing, after them it refetches', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'))
  const client = new QueryClient()
  const show = async () => {
    const { observer, unsubscribe } = await list(client)
    await until(observer, (r) => !r.isFetching)
    unsubscribe()
  }
  await show()
  vi.setSystemTime(new Date('2026-11-29T00:04:59Z'))
  await show()
  expect(asked()).toHaveLength(1)
  vi.setSystemTime(new Date('2026-11-29T00:05:01Z'))
  await show()
  expect(asked()).toHaveLength(2)
})

test('error: a failure the spec retries (503) is tried 3 more times, then the list errors with WalletDirectoryError', async () => {
  // Retry-After: 0 makes the retries immediate (the delay itself is tested in kernel/retry.test.ts).
  server.state.handler = (_, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' })
    res.end('{}')
  }
  const { first, unsubscribe } = await list(new QueryClient())
  unsubscribe()
  expect(first.status).toBe('error')
  expect(first.error).toMatchObject({ name: 'WalletDirectoryError', status: 503 })
  expect(asked()).toHaveLength(4)
})

test('error: a failure asking again cannot fix (404) errors after one request', async () => {
  server.state.handler = (_, res) => json(res, 404, {})
  const { first, unsubscribe } = await list(new QueryClient())
  unsubscribe()
  expect(first.error).toMatchObject({ name: 'WalletDirectoryError', status: 404 })
  expect(asked()).toHaveLength(1)
})
