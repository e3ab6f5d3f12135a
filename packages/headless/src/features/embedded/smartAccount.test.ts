import { afterAll, beforeAll, expect, test } from 'vitest'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import { createPortico } from '../../kernel/createPortico.js'
import type { PorticoOptions } from '../../kernel/options.js'
import { json, memoryStorage, startHttpServer, testNetworks } from '../../test/fixtures.js'
import { smartAccountEndpoints } from './smartAccount.js'

// A blockchain API on loopback that serves the devnet chain only (`GET /v1/supported-chains`, the
// spec's shape), counting what it is asked.
let api: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  api = await startHttpServer((req, res) => {
    // Also under /proxy: a base URL with its own path and query (the last test).
    if (/^(\/proxy)?\/v1\/supported-chains\b/.test(req.url ?? '')) json(res, 200, { http: ['eip155:31337'], ws: [] })
    else json(res, 404, { message: 'not found' })
  })
})
afterAll(() => api?.close())

const { devnet, devnet2, solanaLocal } = testNetworks()
const portico = (extra: Partial<PorticoOptions> = {}) =>
  createPortico({
    projectId: 'p',
    networks: [devnet, devnet2, solanaLocal],
    adapters: [eip155Adapter({ eip6963: false }), solanaAdapter()],
    storage: memoryStorage(),
    embeddedWallet: { frameUrl: 'https://secure.example.com/' },
    apiUrls: { blockchain: api.url },
    ...extra,
  })
const supportedChainsAsked = () => api.state.requests.filter((r) => r.url.startsWith('/v1/supported-chains')).length

/** The bundler URL's origin and path, and its query. */
function parts(bundlerUrl: string | undefined) {
  const url = new URL(bundlerUrl ?? 'about:blank')
  return { at: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) }
}

test('default: a network the blockchain API serves gets the hosted bundler call (the spec), with no bundlerMap', async () => {
  const { bundlerUrl, ...rest } = await smartAccountEndpoints(portico(), devnet)
  expect(parts(bundlerUrl)).toEqual({
    at: `${api.url}/v1/bundler`,
    query: { projectId: 'p', chainId: 'eip155:31337', bundler: 'pimlico' },
  })
  expect(rest).toEqual({})
})

test('default: a network the blockchain API does not serve has no smart account', async () => {
  expect(await smartAccountEndpoints(portico(), devnet2)).toEqual({})
})

test('default: the supported chains are asked once per instance', async () => {
  const instance = portico()
  const before = supportedChainsAsked()
  await smartAccountEndpoints(instance, devnet)
  await smartAccountEndpoints(instance, devnet2)
  await smartAccountEndpoints(instance, devnet)
  expect(supportedChainsAsked() - before).toBe(1)
})

test('default: without a project id, or with blockchainApi off, no hosted bundler and nothing asked', async () => {
  const before = supportedChainsAsked()
  expect(await smartAccountEndpoints(portico({ projectId: undefined }), devnet)).toEqual({})
  expect(await smartAccountEndpoints(portico({ blockchainApi: false }), devnet)).toEqual({})
  expect(supportedChainsAsked()).toBe(before)
})

test('default: the blockchain API failing to say what it serves means no smart account, not an error', async () => {
  const down = portico({ apiUrls: { blockchain: 'http://127.0.0.1:1' } })
  expect(await smartAccountEndpoints(down, devnet)).toEqual({})
})

test('parameters: bundlerMap false turns the default off for that network only, without asking the API', async () => {
  const instance = portico({ bundlerMap: { [devnet.caipNetworkId]: false } })
  const before = supportedChainsAsked()
  expect(await smartAccountEndpoints(instance, devnet)).toEqual({})
  expect(supportedChainsAsked()).toBe(before)
})

test("parameters: bundlerMap's URL overrides the default; 'hosted' names the hosted call where the API does not list the network", async () => {
  const own = portico({
    bundlerMap: { [devnet.caipNetworkId]: 'http://127.0.0.1:4337/' },
    paymasterMap: { [devnet.caipNetworkId]: 'http://127.0.0.1:4338/' },
  })
  expect(await smartAccountEndpoints(own, devnet)).toEqual({
    bundlerUrl: 'http://127.0.0.1:4337/',
    paymasterUrl: 'http://127.0.0.1:4338/',
  })
  const hosted = portico({ bundlerMap: { [devnet2.caipNetworkId]: 'hosted' } })
  expect(parts((await smartAccountEndpoints(hosted, devnet2)).bundlerUrl)).toEqual({
    at: `${api.url}/v1/bundler`,
    query: { projectId: 'p', chainId: 'eip155:31338', bundler: 'pimlico' },
  })
})

test('parameters: the paymaster goes with the hosted default; without a bundler it is not sent', async () => {
  const paymasterUrl = 'http://127.0.0.1:4338/'
  const instance = portico({
    paymasterMap: { [devnet.caipNetworkId]: paymasterUrl, [devnet2.caipNetworkId]: paymasterUrl },
  })
  expect(await smartAccountEndpoints(instance, devnet)).toMatchObject({ paymasterUrl })
  expect(await smartAccountEndpoints(instance, devnet2)).toEqual({})
})

test('default: a non-EVM network has no smart account', async () => {
  const before = supportedChainsAsked()
  expect(await smartAccountEndpoints(portico(), solanaLocal)).toEqual({})
  expect(supportedChainsAsked()).toBe(before)
})

test('error: bundlerMap values other than an http(s) URL, hosted or false are refused', () => {
  expect(() => portico({ bundlerMap: { [devnet.caipNetworkId]: true as never } })).toThrow()
  expect(() => portico({ bundlerMap: { [devnet.caipNetworkId]: 'ftp://bundler' } })).toThrow()
})

test('behavior: a blockchain API base with a path and a query keeps both in the question and the bundler call', async () => {
  const instance = portico({ projectId: 'proxied', apiUrls: { blockchain: `${api.url}/proxy?key=1` } })
  const before = api.state.requests.length
  const { bundlerUrl } = await smartAccountEndpoints(instance, devnet)
  expect(parts(bundlerUrl)).toEqual({
    at: `${api.url}/proxy/v1/bundler`,
    query: { key: '1', projectId: 'proxied', chainId: 'eip155:31337', bundler: 'pimlico' },
  })
  const [asked] = api.state.requests.slice(before).map((r) => new URL(r.url, api.url))
  expect(asked?.pathname).toBe('/proxy/v1/supported-chains')
  expect(asked?.searchParams.get('key')).toBe('1')
})
