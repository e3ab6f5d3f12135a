// The NFTs' query (query.ts): accountPagesQuery named 'nfts' and wired to the NFT fetcher. Shown
// through a real QueryClient against a loopback blockchain API: the key, the route each page asks,
// the cursor, when it is off (no project id too) and the typed error. How accountPagesQuery pages,
// freshens and retries is kernel/query/accountPages.test.ts; what a page's entries become (spam,
// other networks, image URLs) is fetchNfts.test.ts.
// biome-ignore lint/style/noRestrictedImports: a test gives the options factories the query client a host would, without React
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { until } from '../../test/observer.js'
import { NftsUnavailableError } from './errors.js'
import { nftsInfiniteQueryOptions, nftsQueryKey } from './query.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const caipNetworkId = 'eip155:31337'

const nft = (id: string) => ({
  id,
  chain: caipNetworkId,
  amount: '1',
  nft_info: { contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', token_id: id, name: `Token ${id}` },
})

let server: Awaited<ReturnType<typeof startHttpServer>>
let fail = false
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://127.0.0.1')
    if (fail) return json(res, 503, { error: 'down' })
    if (!url.pathname.endsWith('/nfts')) return json(res, 404, { error: 'not nfts' })
    const second = url.searchParams.get('cursor') === 'n2'
    json(res, 200, second ? { data: [nft('2')] } : { data: [nft('1')], next: 'n2' })
  })
})
afterAll(() => server.close())
afterEach(() => {
  fail = false
  server.state.requests.length = 0
  vi.restoreAllMocks()
})

const portico = (projectId = 'nfts-query') => offlinePortico(projectId, { apiUrls: { blockchain: server.url } })

test("behavior: the key names the account's NFTs on one network, apart from its history", () => {
  const key = nftsQueryKey({ address: alice, caipNetworkId })
  expect(key).toEqual(['portico', 'nfts', { address: alice, caipNetworkId }])
  expect(nftsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }).queryKey).toEqual(key)
})

test('behavior: pages come from the NFTs route of the account, the next one by its cursor', async () => {
  const client = new QueryClient()
  const observer = new InfiniteQueryObserver(
    client,
    nftsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }),
  )
  const unsubscribe = observer.subscribe(() => {})
  const first = await until(observer, (r) => r.isSuccess)
  expect(first.data?.pages.map((p) => p.data.map((n) => n.name))).toEqual([['Token 1']])
  await observer.fetchNextPage()
  const both = observer.getCurrentResult()
  expect(both.data?.pages.map((p) => p.data.map((n) => n.tokenId))).toEqual([['1'], ['2']])
  expect(both.hasNextPage).toBe(false)
  const asked = server.state.requests.map((r) => new URL(r.url, 'http://127.0.0.1'))
  expect(asked.map((u) => `${u.pathname}?${u.searchParams.get('cursor')}`)).toEqual([
    `/v1/account/${alice}/nfts?null`,
    `/v1/account/${alice}/nfts?n2`,
  ])
  expect(asked.every((u) => u.searchParams.get('projectId') === 'nfts-query')).toBe(true)
  unsubscribe()
  client.clear()
})

test('error: a failing NFT route gives the typed NftsUnavailableError', async () => {
  fail = true
  const client = new QueryClient()
  // Without the retries (their delays are accountPages.test.ts's business).
  const options = { ...nftsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }), retry: false }
  const observer = new InfiniteQueryObserver(client, options)
  const unsubscribe = observer.subscribe(() => {})
  const result = await until(observer, (r) => r.isError)
  expect(result.error).toBeInstanceOf(NftsUnavailableError)
  expect(result.error?.shortMessage).toBe('Failed to fetch NFTs')
  unsubscribe()
  client.clear()
})

test('default: off without an address, a network or a project id', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(nftsInfiniteQueryOptions(portico(), { caipNetworkId }).enabled).toBe(false)
  expect(nftsInfiniteQueryOptions(portico(), { address: alice }).enabled).toBe(false)
  expect(nftsInfiniteQueryOptions(portico(''), { address: alice, caipNetworkId }).enabled).toBe(false)
  expect(nftsInfiniteQueryOptions(portico(), { address: alice, caipNetworkId }).enabled).toBe(true)
})
