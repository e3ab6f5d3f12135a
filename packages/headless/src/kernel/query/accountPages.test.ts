// accountPagesQuery, the key and infinite-query options behind an account's history and NFTs:
// what the key holds, when the query is off, how the cursor pages, freshness and retries, driven
// through a real QueryClient and InfiniteQueryObserver with the real history fetcher against a
// loopback blockchain API. What a page's entries are (spam, other networks, malformed entries) is
// tested in features/activity/fetchTransactions.test.ts and features/nfts/fetchNfts.test.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hashKey, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { fetchTransactions } from '../../features/activity/fetchTransactions.js'
import { fetchNfts } from '../../features/nfts/fetchNfts.js'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { until } from '../../test/observer.js'
import type { PorticoOptions } from '../options.js'
import type { CaipNetworkId } from '../utils/caip.js'
import { type AccountPagesParameters, accountPagesQuery } from './accountPages.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const devnet: CaipNetworkId = 'eip155:31337'
const devnet2: CaipNetworkId = 'eip155:31338'

const transactions = accountPagesQuery('transactions', fetchTransactions)
const nfts = accountPagesQuery('nfts', fetchNfts)

/** One history entry; its id says which project, account, network and page answered it. */
const entry = (id: string, chain: string) => ({
  id,
  metadata: { minedAt: '2026-11-21T00:00:00Z', chain },
  transfers: [],
})

/** What the history route was asked, parsed. */
type Asked = { projectId: string | null; address: string; chainId: string | null; cursor: string | null }
const parse = (req: IncomingMessage): Asked => {
  const url = new URL(req.url ?? '', 'http://127.0.0.1')
  return {
    projectId: url.searchParams.get('projectId'),
    address: decodeURIComponent(url.pathname.split('/')[3] ?? ''),
    chainId: url.searchParams.get('chainId'),
    cursor: url.searchParams.get('cursor'),
  }
}

/** A history of `pages` pages per account and network: page n's cursor is `c{n}`, the last has none. */
const pagedHistory =
  (pages = 1, last: { next?: string | null } = {}) =>
  (req: IncomingMessage, res: ServerResponse) => {
    const { projectId, address, chainId, cursor } = parse(req)
    const n = cursor ? Number(cursor.slice(1)) : 1
    json(res, 200, {
      data: [entry(`${projectId}/${address}/${chainId}/${n}`, chainId ?? '')],
      ...(n < pages ? { next: `c${n + 1}` } : last),
    })
  }

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer(pagedHistory())
})
afterAll(() => server.close())
afterEach(() => {
  server.state.requests.length = 0
  server.state.handler = pagedHistory()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const portico = (overrides: Partial<PorticoOptions> = {}) =>
  offlinePortico('p1', { apiUrls: { blockchain: server.url }, ...overrides })

const historyRequests = () =>
  server.state.requests.filter((r) => r.url.includes('/history')).map((r) => parse({ url: r.url } as IncomingMessage))

/** An observer of one history (subscribed, as a mounted list is) and its first settled result. */
async function history(client: QueryClient, parameters: AccountPagesParameters, instance = portico()) {
  const observer = new InfiniteQueryObserver(client, transactions.infiniteQueryOptions(instance, parameters))
  const unsubscribe = observer.subscribe(() => {})
  const first = await until(observer, (r) => r.status !== 'pending' && !r.isFetching)
  return { observer, unsubscribe, first }
}

const ids = (result: { data?: { pages: { data: { id: string }[] }[] } | undefined }) =>
  result.data?.pages.flatMap((p) => p.data.map((t) => t.id))

test('behavior: the key holds the list, the account and the network; the same inputs in fresh objects give an equal key', () => {
  const keys = [
    transactions.queryKey({ address: alice, caipNetworkId: devnet }),
    transactions.queryKey({ address: bob, caipNetworkId: devnet }),
    transactions.queryKey({ address: alice, caipNetworkId: devnet2 }),
    transactions.queryKey({ address: alice }),
    transactions.queryKey({ caipNetworkId: devnet }),
    nfts.queryKey({ address: alice, caipNetworkId: devnet }),
  ]
  expect(new Set(keys.map(hashKey)).size).toBe(keys.length)
  expect(keys[0]).toEqual(['portico', 'transactions', { address: alice, caipNetworkId: devnet }])
  expect(keys[5]).toEqual(['portico', 'nfts', { address: alice, caipNetworkId: devnet }])
  const again = transactions.infiniteQueryOptions(portico(), { caipNetworkId: devnet, address: alice }).queryKey
  expect(hashKey(again)).toBe(hashKey(keys[0] ?? []))
})

test('default: off without an address, a network or a project id; on with all three', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const enabled = (parameters: AccountPagesParameters, overrides: Partial<PorticoOptions> = {}) =>
    transactions.infiniteQueryOptions(portico(overrides), parameters).enabled
  expect(enabled({ address: alice, caipNetworkId: devnet })).toBe(true)
  expect(enabled({ caipNetworkId: devnet })).toBe(false)
  expect(enabled({ address: '', caipNetworkId: devnet })).toBe(false)
  expect(enabled({ address: alice })).toBe(false)
  expect(enabled({ address: alice, caipNetworkId: devnet }, { projectId: undefined })).toBe(false)

  // An observer of a query that is off asks nothing and stays idle.
  const observer = new InfiniteQueryObserver(
    new QueryClient(),
    transactions.infiniteQueryOptions(portico(), { caipNetworkId: devnet }),
  )
  const unsubscribe = observer.subscribe(() => {})
  expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', fetchStatus: 'idle' })
  await observer.refetch().catch(() => {})
  unsubscribe()
  expect(historyRequests()).toEqual([])
})

test('behavior: on one client, each account and each network has its own entry, fetched with its own address and network', async () => {
  const client = new QueryClient()
  const a = await history(client, { address: alice, caipNetworkId: devnet })
  const b = await history(client, { address: bob, caipNetworkId: devnet })
  const c = await history(client, { address: alice, caipNetworkId: devnet2 })
  expect(ids(a.first)).toEqual([`p1/${alice}/${devnet}/1`])
  expect(ids(b.first)).toEqual([`p1/${bob}/${devnet}/1`])
  expect(ids(c.first)).toEqual([`p1/${alice}/${devnet2}/1`])
  expect(historyRequests()).toEqual([
    { projectId: 'p1', address: alice, chainId: devnet, cursor: null },
    { projectId: 'p1', address: bob, chainId: devnet, cursor: null },
    { projectId: 'p1', address: alice, chainId: devnet2, cursor: null },
  ])
  for (const o of [a, b, c]) o.unsubscribe()
})

test('behavior: pages follow the cursor the last page gave, and stop at the page without one', async () => {
  server.state.handler = pagedHistory(3)
  const { observer, unsubscribe, first } = await history(new QueryClient(), { address: alice, caipNetworkId: devnet })
  expect(first.hasNextPage).toBe(true)
  expect((await observer.fetchNextPage()).hasNextPage).toBe(true)
  const last = await observer.fetchNextPage()
  expect(last.hasNextPage).toBe(false)
  expect(ids(last)).toEqual([1, 2, 3].map((n) => `p1/${alice}/${devnet}/${n}`))
  expect(last.data?.pageParams).toEqual([undefined, 'c2', 'c3'])
  // Past the end, asking for more asks nothing.
  await observer.fetchNextPage()
  unsubscribe()
  expect(historyRequests().map((r) => r.cursor)).toEqual([null, 'c2', 'c3'])
})

test('edge: a last page whose cursor is null ends the list', async () => {
  server.state.handler = pagedHistory(2, { next: null })
  const { observer, unsubscribe } = await history(new QueryClient(), { address: alice, caipNetworkId: devnet })
  expect((await observer.fetchNextPage()).hasNextPage).toBe(false)
  unsubscribe()
  expect(historyRequests()).toHaveLength(2)
})

test('edge: a last page whose cursor is empty ends the list (it cannot be followed)', async () => {
  server.state.handler = pagedHistory(1, { next: '' })
  const { first, unsubscribe } = await history(new QueryClient(), { address: alice, caipNetworkId: devnet })
  unsubscribe()
  expect(first.hasNextPage).toBe(false)
})

test('default: a history is fresh for 30 s: a list shown again within them asks nothing, after them it refetches', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'))
  const client = new QueryClient()
  const show = async () => (await history(client, { address: alice, caipNetworkId: devnet })).unsubscribe()
  await show()
  expect(historyRequests()).toHaveLength(1)
  vi.setSystemTime(new Date('2026-11-29T00:00:29Z'))
  await show()
  expect(historyRequests()).toHaveLength(1)
  vi.setSystemTime(new Date('2026-11-29T00:00:31Z'))
  const { observer, unsubscribe } = await history(client, { address: alice, caipNetworkId: devnet })
  await until(observer, (r) => !r.isFetching)
  unsubscribe()
  expect(historyRequests()).toHaveLength(2)
})

test('error: a failure the spec retries (503) is tried 3 more times, then the query errors with TransactionHistoryError', async () => {
  // Retry-After: 0 makes the retries immediate (the delay itself is tested in kernel/retry.test.ts).
  server.state.handler = (_, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' })
    res.end('{}')
  }
  const { first, unsubscribe } = await history(new QueryClient(), { address: alice, caipNetworkId: devnet })
  unsubscribe()
  expect(first.status).toBe('error')
  expect(first.error).toMatchObject({ name: 'TransactionHistoryError', shortMessage: 'Failed to fetch transactions' })
  expect(historyRequests()).toHaveLength(4)
})

test('error: a failure asking again cannot fix (400) errors after one request', async () => {
  server.state.handler = (_, res) => json(res, 400, { message: 'bad' })
  const { first, unsubscribe } = await history(new QueryClient(), { address: alice, caipNetworkId: devnet })
  unsubscribe()
  expect(first.error).toMatchObject({ name: 'TransactionHistoryError' })
  expect(historyRequests()).toHaveLength(1)
})
