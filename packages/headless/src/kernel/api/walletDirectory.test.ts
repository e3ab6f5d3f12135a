import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { walletDirectoryInfiniteQueryOptions } from '../query/walletDirectory.js'
import { fetchWallets, isWalletDirectoryEnabled, walletImageUrl } from './walletDirectory.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => server.close())
afterEach(() => {
  server.state.requests.length = 0
  vi.restoreAllMocks()
})

const portico = (options: { projectId?: string; walletDirectory?: boolean } = { projectId: 'p1' }) =>
  createPortico({
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { api: server.url },
    ...options,
  })

test('default: one page with the spec parameters', async () => {
  server.state.handler = (_, res) =>
    json(res, 200, { count: 100, data: [{ id: 'w1', name: 'One', image_id: 'img-1' }] })
  const result = await fetchWallets(portico(), { page: 2, search: '  rain  ', exclude: ['a', 'b'] })
  expect(result).toEqual({ count: 100, page: 2, data: [{ id: 'w1', name: 'One', image_id: 'img-1' }] })
  const url = new URL(server.state.requests[0]?.url ?? '', server.url)
  expect(url.pathname).toBe('/getWallets')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    projectId: 'p1',
    st: 'portico',
    sv: 'react-portico-0.1.0',
    page: '2',
    entries: '40',
    search: 'rain',
    exclude: 'a,b',
  })
})

test('behavior: malformed entries are dropped one by one, with a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  server.state.handler = (_, res) =>
    json(res, 200, {
      count: 4,
      data: [
        { id: 'ok', name: 'Fine', mobile_link: null },
        { id: 'no-name' },
        { id: 'huge', name: 'x'.repeat(10_000) },
        'not an object',
      ],
    })
  const { data } = await fetchWallets(portico())
  expect(data.map((w) => w.id)).toEqual(['ok'])
  expect(data[0]?.mobile_link).toBeUndefined()
  expect(warn).toHaveBeenCalledTimes(3)
})

test.each([
  ['HTTP 500', 500, {}],
  ['not a page', 200, { wallets: [] }],
  ['not JSON', 200, '<html>'],
])('behavior: %s is a WalletDirectoryError', async (_, status, body) => {
  server.state.handler = (_, res) => json(res, status, body)
  await expect(fetchWallets(portico())).rejects.toMatchObject({
    name: 'WalletDirectoryError',
    shortMessage: 'Failed to fetch wallets',
  })
})

test('behavior: paging stops when every entry has been fetched', () => {
  const options = walletDirectoryInfiniteQueryOptions(portico())
  const page = (n: number, count: number, length = 40) => ({
    page: n,
    count,
    data: Array.from({ length }, (_, i) => ({ id: `${n}-${i}`, name: 'w' })),
  })
  expect(options.getNextPageParam(page(1, 100), [page(1, 100)])).toBe(2)
  expect(options.getNextPageParam(page(3, 100, 20), [page(1, 100), page(2, 100), page(3, 100, 20)])).toBeUndefined()
  expect(options.getNextPageParam(page(1, 100, 0), [page(1, 100, 0)])).toBeUndefined()
})

test('behavior: a search asks for 100 entries per page and pages by 100; browsing, 40 (the spec)', async () => {
  const first = (parameters: { search?: string }) => {
    const options = walletDirectoryInfiniteQueryOptions(portico(), parameters)
    return options.queryFn({ pageParam: options.initialPageParam, queryKey: options.queryKey })
  }
  const asked = () => server.state.requests.map((r) => new URL(r.url ?? '', server.url).searchParams)
  server.state.handler = (req, res) => {
    const params = new URL(req.url ?? '', server.url).searchParams
    const entries = Number(params.get('entries'))
    json(res, 200, { count: 250, data: Array.from({ length: entries }, (_, i) => ({ id: `w${i}`, name: 'W' })) })
  }
  const search = await first({ search: ' rain ' })
  expect(asked().map((p) => [p.get('entries'), p.get('search')])).toEqual([['100', 'rain']])
  const options = walletDirectoryInfiniteQueryOptions(portico(), { search: 'rain' })
  const page = (n: number) => ({ page: n, count: 250, data: search.data })
  // 100 and 200 of 250 fetched: one more page; 300: none.
  expect(options.getNextPageParam(page(1), [page(1)])).toBe(2)
  expect(options.getNextPageParam(page(2), [page(1), page(2)])).toBe(3)
  expect(options.getNextPageParam(page(3), [page(1), page(2), page(3)])).toBeUndefined()
  server.state.requests.length = 0
  await first({ search: '   ' })
  expect(asked().map((p) => [p.get('entries'), p.get('search')])).toEqual([['40', null]])
})

test('behavior: image URLs only for well-formed ids; the directory needs a project id', () => {
  expect(walletImageUrl(portico(), 'abc-123')).toBe(
    `${server.url}/getWalletImage/abc-123?projectId=p1&st=portico&sv=react-portico-0.1.0`,
  )
  expect(walletImageUrl(portico(), '../../etc')).toBeUndefined()
  expect(walletImageUrl(portico(), undefined)).toBeUndefined()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(isWalletDirectoryEnabled(portico({}))).toBe(false)
  expect(isWalletDirectoryEnabled(portico({ projectId: 'p', walletDirectory: false }))).toBe(false)
  expect(isWalletDirectoryEnabled(portico())).toBe(true)
})
