import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { getBalance } from '../actions/getBalance.js'
import { createPortico } from '../createPortico.js'
import { mainnet } from '../networks.js'
import { rpcUrlFor } from './rpcUrl.js'

const base = { networks: testNetworks().all, adapters: testAdapters(), storage: null } as const

test('rpcMap first, then the hosted endpoint for its networks (with a project id), then the network', () => {
  const withMap = createPortico({ ...base, projectId: 'p1', rpcMap: { 'eip155:1': 'http://127.0.0.1:9545' } })
  expect(rpcUrlFor(withMap, mainnet)).toBe('http://127.0.0.1:9545')
  const hosted = createPortico({ ...base, projectId: 'p1' })
  expect(rpcUrlFor(hosted, mainnet)).toBe('https://rpc.walletconnect.org/v1/?chainId=eip155%3A1&projectId=p1')
  expect(rpcUrlFor(hosted, testNetworks().devnet)).toBe('http://127.0.0.1:1')
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(rpcUrlFor(createPortico({ ...base }), mainnet)).toBe('https://eth.merkle.io')
  vi.restoreAllMocks()
})

test('a bad rpcMap URL is an options error', () => {
  expect(() => createPortico({ ...base, projectId: 'p', rpcMap: { 'eip155:1': 'javascript:alert(1)' } })).toThrow(
    'Invalid Portico options',
  )
})

// The spec's client retry rules (429/5xx retried, Retry-After honoured, backoff from 150 ms, 3
// retries) are viem's HTTP transport's, configured in kernel/rpc/evmClient.ts; checked here for real.
let server: Awaited<ReturnType<typeof startHttpServer>>
let script: number[] = []
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const status = script.shift() ?? 200
      if (status !== 200) {
        res.writeHead(status, status === 429 ? { 'retry-after': '0' } : {})
        res.end()
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString())
      const answer = (r: { id: number }) => ({ jsonrpc: '2.0', id: r.id, result: '0xde0b6b3a7640000' })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
})
afterAll(() => server.close())

// No registration ping: depending on timing it shares the read's batch or goes alone, and then
// takes one of the scripted answers and adds a request (4 instead of 3 on a busy machine).
const rpcPortico = () =>
  createPortico({
    ...base,
    projectId: 'p1',
    blockchainApi: false,
    rpcPing: false,
    rpcMap: { 'eip155:31337': server.url },
  })

test('behavior: 429 (Retry-After) and 503 are retried, then the read succeeds', async () => {
  script = [429, 503]
  server.state.requests.length = 0
  const [eth] = await getBalance(rpcPortico(), {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    caipNetworkId: 'eip155:31337',
  })
  expect(eth?.quantity.numeric).toBe('1')
  expect(server.state.requests).toHaveLength(3)
})

test('behavior: after 3 retries the failure is a BalanceUnavailableError', async () => {
  script = [500, 500, 500, 500, 500]
  server.state.requests.length = 0
  await expect(
    getBalance(rpcPortico(), { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337' }),
  ).rejects.toMatchObject({ name: 'BalanceUnavailableError' })
  expect(server.state.requests).toHaveLength(4)
})
