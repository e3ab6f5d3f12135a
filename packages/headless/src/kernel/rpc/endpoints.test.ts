// What every JSON-RPC client of an instance shares: the spec's transport constants, which
// endpoints a network's reads go to and in what order, the per-instance client cache, and how the
// registration ping's answer is read (against a real loopback server, through viem). That the
// clients use these (batching, retries, Retry-After, falling back) is evmClient.test.ts and
// solanaClient.test.ts, against the devnet.
import { createClient, http, TimeoutError } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, offlinePortico, startHttpServer, testNetworks } from '../../test/fixtures.js'
import { eip155Network, solanaNetwork } from '../networks.js'
import type { PorticoNetwork } from '../types.js'
import {
  answeredPing,
  httpRpcUrl,
  instanceRpcClient,
  rpcBatchSize,
  rpcBatchWaitMs,
  rpcEndpoints,
  rpcRankIntervalMs,
  rpcRankSampleCount,
  rpcRankWeights,
  rpcRetryCount,
  rpcRetryDelayMs,
  rpcTimeoutMs,
} from './endpoints.js'

/** Ethereum mainnet (a network the hosted endpoint serves) over two loopback URLs of its own. */
const mainnet = eip155Network({ id: 1, name: 'Ethereum', rpcUrl: ['http://127.0.0.1:8545', 'http://127.0.0.1:8546'] })
/** Solana mainnet, also served by the hosted endpoint. */
const solanaMainnet = solanaNetwork({
  genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuqCCCDwx',
  name: 'Solana',
  rpcUrl: 'http://127.0.0.1:8899',
})
const blockchain = 'http://127.0.0.1:4444'

afterEach(() => vi.restoreAllMocks())

/** An instance over mainnet and the test networks whose hosted endpoint is a loopback URL (never dialled). */
const instance = (projectId: string, overrides: Parameters<typeof offlinePortico>[1] = {}) =>
  offlinePortico(projectId, {
    networks: [mainnet, solanaMainnet, ...testNetworks().all],
    apiUrls: { blockchain },
    ...overrides,
  })

test("default: the transport constants are the spec's (timeout 10 s, batch 1000 / wait 0, 3 retries from 150 ms, ranking every 4 s over 10 samples at 0.7 / 0.3)", () => {
  expect({
    rpcTimeoutMs,
    rpcBatchSize,
    rpcBatchWaitMs,
    rpcRetryCount,
    rpcRetryDelayMs,
    rpcRankIntervalMs,
    rpcRankSampleCount,
    rpcRankWeights,
  }).toEqual({
    rpcTimeoutMs: 10_000,
    rpcBatchSize: 1000,
    rpcBatchWaitMs: 0,
    rpcRetryCount: 3,
    rpcRetryDelayMs: 150,
    rpcRankIntervalMs: 4000,
    rpcRankSampleCount: 10,
    rpcRankWeights: { stability: 0.7, latency: 0.3 },
  })
})

test('behavior: httpRpcUrl returns an http(s) URL exactly as given, whatever the case of its scheme', () => {
  for (const url of ['http://127.0.0.1:8545', 'https://127.0.0.1/rpc?key=a%20b', 'HTTP://localhost:8545/'])
    expect(httpRpcUrl(url)).toBe(url)
})

test("error: httpRpcUrl refuses a ws, javascript:, file: or data: URL and text that is no URL, with 'Provided URL is not compatible with HTTP connection' naming it", () => {
  for (const url of [
    'ws://127.0.0.1:8545',
    'wss://127.0.0.1',
    'javascript:alert(1)',
    'file:///etc/hosts',
    'data:,x',
    '',
    '127.0.0.1:8545',
  ])
    expect(() => httpRpcUrl(url), url).toThrow(
      expect.objectContaining({
        name: 'RpcUrlNotCompatibleError',
        shortMessage: 'Provided URL is not compatible with HTTP connection',
        details: `${url} is not an http(s) URL.`,
      }),
    )
})

test("behavior: with a project id, a network the hosted endpoint serves reads from it first (chainId and projectId in the query), then from the network's own URLs", () => {
  const portico = instance('proj-1')
  expect(rpcEndpoints(portico, mainnet)).toEqual([
    `${blockchain}/v1/?chainId=eip155%3A1&projectId=proj-1`,
    'http://127.0.0.1:8545',
    'http://127.0.0.1:8546',
  ])
  expect(rpcEndpoints(portico, solanaMainnet)).toEqual([
    `${blockchain}/v1/?chainId=solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=proj-1`,
    'http://127.0.0.1:8899',
  ])
})

test('behavior: a network the hosted endpoint does not serve, or an instance without a project id, reads from the network URLs alone', () => {
  const { devnet } = testNetworks({ evmRpcUrl: 'http://127.0.0.1:7545' })
  expect(rpcEndpoints(instance('proj-1'), devnet)).toEqual(['http://127.0.0.1:7545'])
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // 'Project ID Not Configured'
  const withoutId = instance('')
  expect(withoutId.options.projectId).toBeFalsy()
  expect(rpcEndpoints(withoutId, mainnet)).toEqual(['http://127.0.0.1:8545', 'http://127.0.0.1:8546'])
})

test("behavior: the host's rpcMap entry is the one endpoint: neither the hosted endpoint nor the network's URLs follow it", () => {
  const portico = instance('proj-1', { rpcMap: { 'eip155:1': 'http://127.0.0.1:9545/mine' } })
  expect(rpcEndpoints(portico, mainnet)).toEqual(['http://127.0.0.1:9545/mine'])
  // The map is per network: another one keeps the hosted endpoint.
  expect(rpcEndpoints(portico, solanaMainnet)[0]).toContain(`${blockchain}/v1/`)
})

test('edge: a URL listed twice is one endpoint, at its first place', () => {
  const network: PorticoNetwork = {
    ...testNetworks().devnet,
    rpcUrls: { default: { http: ['http://127.0.0.1:1', 'http://127.0.0.1:2', 'http://127.0.0.1:1'] } },
  }
  expect(rpcEndpoints(instance('proj-1'), network)).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:2'])
})

test('error: one URL that is not http(s), in the network or in rpcMap, fails the whole list (no transport half made)', () => {
  const network: PorticoNetwork = {
    ...mainnet,
    rpcUrls: { default: { http: ['http://127.0.0.1:8545', 'wss://127.0.0.1:8546'] } },
  }
  expect(() => rpcEndpoints(instance('proj-1'), network)).toThrow(
    expect.objectContaining({
      name: 'RpcUrlNotCompatibleError',
      details: 'wss://127.0.0.1:8546 is not an http(s) URL.',
    }),
  )
  // createPortico refuses such a map; one changed after that check is refused here, not dialled.
  const portico = instance('proj-1')
  const mapped = { ...portico, options: { ...portico.options, rpcMap: { 'eip155:1': 'ws://127.0.0.1:9' } } }
  expect(() => rpcEndpoints(mapped, mainnet)).toThrow(expect.objectContaining({ name: 'RpcUrlNotCompatibleError' }))
})

test("error: a network with no endpoint at all gives 'Chain is not supported' naming it; the hosted endpoint alone is enough", () => {
  const bare = (network: PorticoNetwork) => ({ ...network, rpcUrls: { default: { http: [] } } }) as PorticoNetwork
  const { devnet } = testNetworks()
  expect(() => rpcEndpoints(instance('proj-1'), bare(devnet))).toThrow(
    expect.objectContaining({
      name: 'RpcUnavailableError',
      shortMessage: 'Chain is not supported',
      details: 'eip155:31337 has no RPC URL.',
    }),
  )
  expect(rpcEndpoints(instance('proj-1'), bare(mainnet))).toEqual([
    `${blockchain}/v1/?chainId=eip155%3A1&projectId=proj-1`,
  ])
})

test('behavior: instanceRpcClient makes one client per network and instance, on first use; two instances never share one', () => {
  const { devnet, devnet2 } = testNetworks()
  const first = instance('proj-1')
  const second = instance('proj-1')
  let made = 0
  const create = () => ({ client: ++made })
  const a = instanceRpcClient(first, devnet, create)
  expect(a).toEqual({ client: 1 })
  expect(instanceRpcClient(first, devnet, create)).toBe(a)
  // The key is the network's CAIP id, not the object: a copy of the network is the same network.
  expect(instanceRpcClient(first, { ...devnet }, create)).toBe(a)
  expect(instanceRpcClient(first, devnet2, create)).toEqual({ client: 2 })
  expect(instanceRpcClient(second, devnet, create)).toEqual({ client: 3 })
  expect(made).toBe(3)
})

// The registration 'test' ping, against a real server whose answer each test sets.
let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 200, {}))
})
afterAll(() => server?.close())

/** The error viem gives for the 'test' ping to `url` (no retries). */
async function pingError(url: string): Promise<unknown> {
  const client = createClient({ transport: http(url, { retryCount: 0 }) })
  try {
    await client.request({ method: 'test' as never })
  } catch (error) {
    return error
  }
  throw new Error('the ping was answered with a result')
}

test('behavior: a JSON-RPC error answer to the ping (a node that does not know the method, or any other code) shows a live endpoint', async () => {
  for (const code of [-32601, -32602, -32000, 4200]) {
    server.state.handler = (req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: number }
        json(res, 200, { jsonrpc: '2.0', id, error: { code, message: 'the method does not exist' } })
      })
    }
    expect(answeredPing(await pingError(server.url)), String(code)).toBe(true)
  }
})

test('error: an HTTP error status, a refused connection or a timeout shows no live endpoint', async () => {
  for (const status of [403, 429, 500, 503]) {
    server.state.handler = (_, res) => json(res, status, { error: 'no' })
    expect(answeredPing(await pingError(server.url)), String(status)).toBe(false)
  }
  const closed = await startHttpServer((_, res) => json(res, 200, {}))
  await closed.close()
  expect(answeredPing(await pingError(closed.url))).toBe(false)
  expect(answeredPing(new TimeoutError({ body: { method: 'test' }, url: server.url }))).toBe(false)
})

test('edge: answeredPing reads through wrappers to the first code, status or timeout; -1 (unknown) is not an answer', () => {
  const wrap = (cause: unknown, depth: number): unknown =>
    depth === 0 ? cause : wrap(new Error('wrapped', { cause }), depth - 1)
  expect(answeredPing(wrap({ code: -32601 }, 3))).toBe(true)
  expect(answeredPing(wrap({ status: 502, cause: { code: -32601 } }, 2))).toBe(false)
  expect(answeredPing({ code: -1, cause: { code: -32601 } })).toBe(true)
  expect(answeredPing({ code: -1, cause: { name: 'HttpRequestError' } })).toBe(false)
  expect(answeredPing({ code: -1 })).toBe(false)
  expect(answeredPing({ code: '-32601' })).toBe(false)
  for (const nothing of [undefined, null, 'timeout', 42]) expect(answeredPing(nothing)).toBe(false)
})

test('edge: a cause chain that loops, or one deeper than 8, ends as no answer instead of hanging', () => {
  const looped: { cause?: unknown } = {}
  looped.cause = looped
  expect(answeredPing(looped)).toBe(false)
  let deep: unknown = { code: -32601 }
  for (let i = 0; i < 7; i++) deep = { cause: deep }
  expect(answeredPing(deep)).toBe(true)
  expect(answeredPing({ cause: deep })).toBe(false)
})
