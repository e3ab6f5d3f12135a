// joinApiUrl (joinApiUrl.ts): a hosted service's base URL from `apiUrls` joined with a call's path,
// the base's own path and query kept. Each kernel call site is driven through its real caller
// against a loopback server that records the URL it was asked for; the embedded wallet's bundler
// URL is smartAccount.test.ts, and the spec's query parameters on every call are urls.test.ts.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, offlinePortico, startHttpServer, testNetworks } from '../../test/fixtures.js'
import { fetchRemoteFeatures } from '../actions/fetchRemoteFeatures.js'
import { getBalance } from '../actions/getBalance.js'
import { mainnet } from '../networks.js'
import { sendAnalyticsEvent } from './analytics.js'
import { fetchSupportedChains } from './blockchainApi.js'
import { imageUrl } from './imageUrls.js'
import { joinApiUrl } from './joinApiUrl.js'
import { fetchWallets } from './walletDirectory.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', server.url).pathname
      if (path === '/proxy/getAnalyticsConfig') return json(res, 200, { isAnalyticsEnabled: true })
      if (path === '/proxy/e') return json(res, 202, {})
      if (path === '/proxy/getWallets') return json(res, 200, { count: 0, data: [] })
      if (path === '/proxy/v1/supported-chains') return json(res, 200, { http: ['eip155:1'], ws: [] })
      if (path === '/proxy/appkit/v1/config') return json(res, 200, { features: [] })
      if (path !== '/proxy/v1/') return json(res, 404, {})
      // JSON-RPC: the hosted endpoint answers every read (the native balance, a token's balanceOf)
      // with 10^18 as one 32-byte word.
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}')
      const result = `0x${'de0b6b3a7640000'.padStart(64, '0')}`
      const answer = (r: { id: number }) => ({ jsonrpc: '2.0', id: r.id, result })
      json(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
    })
  })
})
afterAll(() => server.close())
afterEach(() => {
  server.state.requests.length = 0
  vi.restoreAllMocks()
})

/** A proxy base as a host would write it: its own path and a key in its query. */
const proxy = () => `${server.url}/proxy?key=1`

/** Each request the server was asked, as its path and its query. */
const asked = () =>
  server.state.requests.map((r) => {
    const url = new URL(r.url, server.url)
    return { path: url.pathname, query: Object.fromEntries(url.searchParams) }
  })

const instance = (name: string, overrides: Parameters<typeof offlinePortico>[1] = {}) =>
  offlinePortico(name, { apiUrls: { api: proxy(), blockchain: proxy(), analytics: proxy() }, ...overrides })

test('behavior: the path goes after the base’s path and before its query, which is kept', () => {
  expect(joinApiUrl('https://proxy.example/x?key=1', '/v1/bundler').href).toBe(
    'https://proxy.example/x/v1/bundler?key=1',
  )
  expect(joinApiUrl('https://proxy.example/x/?key=1&b=2', '/e').href).toBe('https://proxy.example/x/e?key=1&b=2')
  expect(joinApiUrl('https://proxy.example', '/v1/').href).toBe('https://proxy.example/v1/')
})

test('edge: a call’s own parameters go beside the base’s; a fragment in the base hides neither path nor query', () => {
  const url = joinApiUrl('https://proxy.example/x?key=1#frag', '/v1/history')
  url.searchParams.set('cursor', 'a&b')
  expect(url.pathname).toBe('/x/v1/history')
  expect([...url.searchParams]).toEqual([
    ['key', '1'],
    ['cursor', 'a&b'],
  ])
})

test('behavior: analytics asks its configuration and sends the event under the proxy, with its key', async () => {
  const portico = instance('join-analytics')
  expect(await sendAnalyticsEvent(portico, { event: 'MODAL_OPEN' })).toBe(true)
  expect(asked()).toEqual([
    { path: '/proxy/getAnalyticsConfig', query: expect.objectContaining({ key: '1', projectId: 'join-analytics' }) },
    { path: '/proxy/e', query: expect.objectContaining({ key: '1', projectId: 'join-analytics', st: 'portico' }) },
  ])
})

test('behavior: the wallet directory’s page call keeps the key beside its own parameters', async () => {
  await fetchWallets(instance('join-directory'), { page: 2, search: 'rain' })
  expect(asked()).toEqual([
    {
      path: '/proxy/getWallets',
      query: expect.objectContaining({ key: '1', page: '2', search: 'rain', projectId: 'join-directory' }),
    },
  ])
  // The directory's image URLs are built on the same join.
  const image = new URL(imageUrl(instance('join-image'), 'wallet', 'abc') ?? '')
  expect(image.pathname).toBe('/proxy/getWalletImage/abc')
  expect(image.searchParams.get('key')).toBe('1')
})

test('behavior: the blockchain API’s supported chains are asked under the proxy', async () => {
  expect([...(await fetchSupportedChains(instance('join-blockchain')))]).toEqual(['eip155:1'])
  expect(asked()).toEqual([
    { path: '/proxy/v1/supported-chains', query: expect.objectContaining({ key: '1', projectId: 'join-blockchain' }) },
  ])
})

test('behavior: the remote configuration is read under the proxy', async () => {
  await fetchRemoteFeatures(instance('join-remote', { remoteConfig: true }))
  expect(asked()).toEqual([
    { path: '/proxy/appkit/v1/config', query: expect.objectContaining({ key: '1', projectId: 'join-remote' }) },
  ])
})

test('behavior: the hosted JSON-RPC endpoint is the proxy’s /v1/, with the key beside chainId and projectId', async () => {
  // Mainnet's id (the hosted endpoint serves it), its own URL on loopback written as the hosted one
  // should be: joined right, the two are one endpoint (no fallback ranking sampling in the
  // background); joined wrong, the first request goes to the wrong URL. Nothing leaves the machine.
  const own = `${server.url}/proxy/v1/?key=1&chainId=eip155%3A1&projectId=join-rpc`
  const network = { ...mainnet, rpcUrls: { default: { http: [own] } } }
  const portico = instance('join-rpc', {
    networks: [network, ...testNetworks().all],
    blockchainApi: false,
    rpcPing: false,
  })
  const [eth] = await getBalance(portico, {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    caipNetworkId: 'eip155:1',
  })
  expect(eth?.quantity.numeric).toBe('1')
  expect(asked().length).toBeGreaterThan(0)
  for (const request of asked())
    expect(request).toEqual({ path: '/proxy/v1/', query: { key: '1', chainId: 'eip155:1', projectId: 'join-rpc' } })
})

test('security: a base’s projectId, st or sv is replaced by the instance’s, never sent twice', async () => {
  const portico = instance('join-own', {
    apiUrls: { api: `${server.url}/proxy?projectId=other&st=x&key=1` },
  })
  await fetchWallets(portico)
  const [request] = server.state.requests
  const url = new URL(request?.url ?? '/', server.url)
  expect(url.pathname).toBe('/proxy/getWallets')
  expect(url.searchParams.getAll('projectId')).toEqual(['join-own'])
  expect(url.searchParams.getAll('st')).toEqual(['portico'])
  expect(url.searchParams.getAll('key')).toEqual(['1'])
})
