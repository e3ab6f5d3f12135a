// The history's query (query.ts): its key and infinite-query options are accountPagesQuery's, named
// 'transactions' and wired to the history fetcher. Shown here through a real QueryClient against a
// loopback blockchain API: the key, the route each page asks, the cursor, the typed error. How
// accountPagesQuery pages, freshens and retries is kernel/query/accountPages.test.ts; what a page's
// entries become is fetchTransactions.test.ts.
// biome-ignore lint/style/noRestrictedImports: a test gives the options factories the query client a host would, without React
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { until } from '../../test/observer.js'
import { TransactionHistoryError } from './fetchTransactions.js'
import { transactionsInfiniteQueryOptions, transactionsQueryKey } from './query.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const caipNetworkId = 'eip155:31337'

let server: Awaited<ReturnType<typeof startHttpServer>>
let fail = false
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://127.0.0.1')
    if (fail) return json(res, 500, { error: 'down' })
    if (!url.pathname.endsWith('/history')) return json(res, 404, { error: 'not history' })
    const cursor = url.searchParams.get('cursor')
    const page = cursor === 'c2' ? 2 : 1
    json(res, 200, {
      data: [{ id: `tx${page}`, metadata: { minedAt: '2026-01-01T00:00:00Z', chain: caipNetworkId }, transfers: [] }],
      ...(page === 1 ? { next: 'c2' } : {}),
    })
  })
})
afterAll(() => server.close())
afterEach(() => {
  fail = false
  server.state.requests.length = 0
})

const portico = () => offlinePortico('activity-query', { apiUrls: { blockchain: server.url } })

test("behavior: the key names the account's history on one network, and nothing else", () => {
  expect(transactionsQueryKey({ address: alice, caipNetworkId })).toEqual([
    'portico',
    'transactions',
    { address: alice, caipNetworkId },
  ])
  expect(transactionsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }).queryKey).toEqual(
    transactionsQueryKey({ address: alice, caipNetworkId }),
  )
})

test('behavior: pages come from the history route of the account, the next one by its cursor', async () => {
  const client = new QueryClient()
  const observer = new InfiniteQueryObserver(
    client,
    transactionsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }),
  )
  const unsubscribe = observer.subscribe(() => {})
  const first = await until(observer, (r) => r.isSuccess)
  expect(first.data?.pages.map((p) => p.data.map((t) => t.id))).toEqual([['tx1']])
  expect(first.hasNextPage).toBe(true)
  await observer.fetchNextPage()
  const both = observer.getCurrentResult()
  expect(both.data?.pages.map((p) => p.data.map((t) => t.id))).toEqual([['tx1'], ['tx2']])
  expect(both.hasNextPage).toBe(false)
  const asked = server.state.requests.map((r) => new URL(r.url, 'http://127.0.0.1'))
  expect(asked.map((u) => u.pathname)).toEqual([`/v1/account/${alice}/history`, `/v1/account/${alice}/history`])
  expect(asked.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c2'])
  expect(asked.every((u) => u.searchParams.get('chainId') === caipNetworkId)).toBe(true)
  unsubscribe()
  client.clear()
})

test('error: a failing history gives the typed TransactionHistoryError', async () => {
  fail = true
  const client = new QueryClient()
  // Without the retries (their delays are accountPages.test.ts's business).
  const options = { ...transactionsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }), retry: false }
  const observer = new InfiniteQueryObserver(client, options)
  const unsubscribe = observer.subscribe(() => {})
  const result = await until(observer, (r) => r.isError)
  expect(result.error).toBeInstanceOf(TransactionHistoryError)
  expect(result.error?.shortMessage).toBe('Failed to fetch transactions')
  unsubscribe()
  client.clear()
})

test('default: off without an address or a network, so no request is made', () => {
  const instance = portico()
  expect(transactionsInfiniteQueryOptions(instance, { caipNetworkId }).enabled).toBe(false)
  expect(transactionsInfiniteQueryOptions(instance, { address: alice }).enabled).toBe(false)
  expect(transactionsInfiniteQueryOptions(instance, { address: alice, caipNetworkId }).enabled).toBe(true)
  expect(server.state.requests).toEqual([])
})
