import { type AnvilInstance, type DevnetRpcEndpoint, evmAccounts, startAnvil, startRpcEndpoint } from '@portico/devnet'
import { custom } from 'viem'
import { getBlockNumber, getChainId, getBalance as readBalance } from 'viem/actions'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { getBalance } from '../actions/getBalance.js'
import { createPortico } from '../createPortico.js'
import type { PorticoNetwork } from '../types.js'
import { httpRpcUrl, rpcEndpoints } from './endpoints.js'
import { evmPublicClient } from './evmClient.js'

// The spec's transport rules against a real chain behind real endpoints whose faults a test flips
// (the devnet's RPC endpoint), never a mocked fetch.

let anvil: AnvilInstance
let a: DevnetRpcEndpoint
let b: DevnetRpcEndpoint
beforeAll(async () => {
  anvil = await startAnvil()
  ;[a, b] = await Promise.all([
    startRpcEndpoint({ upstream: anvil.rpcUrl }),
    startRpcEndpoint({ upstream: anvil.rpcUrl }),
  ])
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await anvil?.stop()
})
afterEach(() => {
  a.switches.fault = 'ok'
  b.switches.fault = 'ok'
  vi.restoreAllMocks()
})

const owner = evmAccounts[0].address as `0x${string}`

function setup(urls: string[], options: { rpcPing?: boolean } = {}) {
  const { devnet } = testNetworks({ evmRpcUrl: urls[0] })
  const network: PorticoNetwork = { ...devnet, rpcUrls: { default: { http: urls } } }
  const portico = createPortico({
    projectId: 'p',
    networks: [network],
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
    blockchainApi: false,
    remoteConfig: false,
    rpcPing: options.rpcPing ?? false,
  })
  return { portico, network, client: evmPublicClient(portico, network) }
}

test('one client per network, made once per instance; two instances never share one', () => {
  const first = setup([a.url])
  expect(evmPublicClient(first.portico, first.network)).toBe(first.client)
  expect(setup([a.url]).client).not.toBe(first.client)
})

test('one URL is an HTTP transport with the spec timeout and retries', () => {
  const { client } = setup([a.url])
  expect(client.transport).toMatchObject({ type: 'http', timeout: 10_000, retryCount: 3, retryDelay: 150 })
})

test('reads made in one tick travel in one batched request', async () => {
  const { client } = setup([a.url])
  const before = a.requests
  await Promise.all([readBalance(client, { address: owner }), getBlockNumber(client), getChainId(client)])
  expect(a.requests - before).toBe(1)
  expect(a.served.slice(-3).sort()).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBalance'])
})

test('a 429 is retried after the Retry-After it names, then the read succeeds', async () => {
  const { client } = setup([a.url])
  Object.assign(a.switches, { fault: 429, retryAfter: 1 })
  const before = a.requests
  const started = Date.now()
  const read = getBlockNumber(client)
  await vi.waitFor(() => expect(a.requests).toBeGreaterThan(before), { timeout: 15_000 })
  a.switches.fault = 'ok'
  expect(typeof (await read)).toBe('bigint')
  // The plain backoff would have asked again after 150 ms.
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
})

test('a 500 is retried 3 times, then the read fails', async () => {
  const { client } = setup([a.url])
  a.switches.fault = 500
  const before = a.requests
  await expect(getBlockNumber(client)).rejects.toMatchObject({ name: 'HttpRequestError', status: 500 })
  expect(a.requests - before).toBe(4)
})

test('several URLs: a dead endpoint hands its reads to the healthy one, and back when they swap', async () => {
  const { client } = setup([a.url, b.url])
  expect(client.transport.type).toBe('fallback')
  a.switches.fault = 'dead'
  const servedByB = b.served.length
  expect(await readBalance(client, { address: owner })).toBeGreaterThan(0n)
  expect(b.served.slice(servedByB)).toContain('eth_getBalance')

  a.switches.fault = 'ok'
  b.switches.fault = 'dead'
  const servedByA = a.served.length
  expect(await readBalance(client, { address: owner })).toBeGreaterThan(0n)
  expect(a.served.slice(servedByA)).toContain('eth_getBalance')
})

test('an endpoint serving another chain is ranked below the one serving this chain', async () => {
  a.switches.fault = 'wrongChain'
  const { client } = setup([a.url, b.url])
  // The ranking samples each endpoint when the client is made, then every 4 s: wait for its verdict.
  await vi.waitFor(
    async () => {
      const before = b.served.length
      await getBlockNumber(client)
      expect(b.served.slice(before)).toContain('eth_blockNumber')
    },
    { timeout: 30_000, interval: 200 },
  )
})

test('the ranking pings nobody while the page is hidden, and resumes when it is shown', async () => {
  // Node has no page: its visibility API (an EventTarget with visibilityState) stands in for one.
  const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState })
  let parked = 0
  const add = page.addEventListener.bind(page)
  page.addEventListener = (...args: Parameters<EventTarget['addEventListener']>) => {
    if (args[0] === 'visibilitychange') parked++
    add(...args)
  }
  // Endpoints of its own: the clients of the other tests keep ranking a and b.
  const [c, d] = await Promise.all([
    startRpcEndpoint({ upstream: anvil.rpcUrl }),
    startRpcEndpoint({ upstream: anvil.rpcUrl }),
  ])
  vi.stubGlobal('document', page)
  try {
    const pings = () => [...c.served, ...d.served].filter((m) => m === 'eth_chainId').length
    const before = parked
    setup([c.url, d.url])
    // The first round starts as the client is made: both of its pings wait for the page, unsent.
    expect(parked - before).toBe(2)
    expect(c.requests + d.requests).toBe(0)

    page.visibilityState = 'visible'
    page.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(pings()).toBeGreaterThanOrEqual(2), { timeout: 15_000 })
  } finally {
    vi.unstubAllGlobals()
    await Promise.all([c.stop(), d.stop()])
  }
})

test("the 'test' ping is sent when the client is made, unless rpcPing is false", async () => {
  // An endpoint of its own: the fallback clients of the tests above keep ranking a and b every 4 s.
  const own = await startRpcEndpoint({ upstream: anvil.rpcUrl })
  try {
    setup([own.url], { rpcPing: true })
    await vi.waitFor(() => expect(own.served).toContain('test'))
    const quiet = own.requests
    const { client } = setup([own.url], { rpcPing: false })
    await getBlockNumber(client)
    expect(own.served).toEqual(['test', 'eth_blockNumber'])
    expect(own.requests).toBe(quiet + 1)
  } finally {
    await own.stop()
  }
})

test('a ping that gets no answer is a warning, not an error', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  a.switches.fault = 'dead'
  setup([a.url], { rpcPing: true })
  await vi.waitFor(
    () => expect(warn).toHaveBeenCalledWith(expect.stringContaining('registration ping'), expect.anything()),
    {
      timeout: 15_000,
    },
  )
})

test("the host's own transport for a network is used as given", async () => {
  const seen: string[] = []
  const { devnet } = testNetworks({ evmRpcUrl: a.url })
  const portico = createPortico({
    projectId: 'p',
    networks: [devnet],
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
    blockchainApi: false,
    remoteConfig: false,
    transports: {
      'eip155:31337': custom({
        async request({ method }) {
          seen.push(method)
          return method === 'eth_getBalance' ? '0xde0b6b3a7640000' : null
        },
      }),
    },
  })
  const [eth] = await getBalance(portico, { address: owner, caipNetworkId: 'eip155:31337' })
  expect(eth?.quantity.numeric).toBe('1')
  expect(seen).toContain('eth_getBalance')
})

test("a URL that is not http(s) gives 'Provided URL is not compatible with HTTP connection'", () => {
  expect(() => httpRpcUrl('wss://node.example')).toThrow('Provided URL is not compatible with HTTP connection')
  expect(() => httpRpcUrl('not a url')).toThrow(expect.objectContaining({ name: 'RpcUrlNotCompatibleError' }))
  expect(httpRpcUrl('https://node.example')).toBe('https://node.example')
})

test('endpoints: the rpcMap entry alone, else the hosted endpoint then the network URLs', () => {
  const { portico, network } = setup([a.url, b.url])
  expect(rpcEndpoints(portico, network)).toEqual([a.url, b.url])
  const mapped = createPortico({
    projectId: 'p',
    networks: [network],
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
    rpcMap: { 'eip155:31337': 'http://127.0.0.1:9' },
  })
  expect(rpcEndpoints(mapped, network)).toEqual(['http://127.0.0.1:9'])
})

test("a network with no endpoint at all gives 'Chain is not supported', not a request to nowhere", () => {
  const { portico, network } = setup([a.url])
  // A network object whose URLs were emptied after createPortico checked it (a host mutating it).
  const bare = { ...network, rpcUrls: { default: { http: [] } } } as PorticoNetwork
  expect(() => rpcEndpoints(portico, bare)).toThrow(
    expect.objectContaining({ name: 'RpcUnavailableError', shortMessage: 'Chain is not supported' }),
  )
})
