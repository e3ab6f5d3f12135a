import { afterAll, beforeAll, expect, test } from 'vitest'
import { type SolanaRpcServer, startSolanaRpc } from '../solana/server.js'
import { type DevnetRpcEndpoint, startRpcEndpoint } from './endpoint.js'

let chain: SolanaRpcServer
let endpoint: DevnetRpcEndpoint
beforeAll(async () => {
  chain = await startSolanaRpc()
  endpoint = await startRpcEndpoint({ upstream: chain.rpcUrl })
})
afterAll(async () => {
  await endpoint?.stop()
  await chain?.stop()
})

const call = (method: string) =>
  fetch(endpoint.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })

test('forwards JSON-RPC to the chain and records what it served', async () => {
  endpoint.switches.fault = 'ok'
  const answer = (await (await call('getHealth')).json()) as { result: unknown }
  expect(answer.result).toBe('ok')
  expect(endpoint.served.at(-1)).toBe('getHealth')
})

test('429 carries the Retry-After the switch names; 500 is a server error', async () => {
  Object.assign(endpoint.switches, { fault: 429, retryAfter: 2 })
  const limited = await call('getHealth')
  expect(limited.status).toBe(429)
  expect(limited.headers.get('retry-after')).toBe('2')
  endpoint.switches.fault = 500
  expect((await call('getHealth')).status).toBe(500)
})

test('dead drops the connection without an answer, and comes back when switched off', async () => {
  endpoint.switches.fault = 'dead'
  const before = endpoint.requests
  await expect(call('getHealth')).rejects.toThrow()
  expect(endpoint.requests).toBe(before + 1)
  endpoint.switches.fault = 'ok'
  expect((await call('getHealth')).status).toBe(200)
})

test('slow holds the answer for slowMs, then serves it', async () => {
  Object.assign(endpoint.switches, { fault: 'slow', slowMs: 50 })
  const served = endpoint.served.length
  expect((await call('getHealth')).status).toBe(200)
  expect(endpoint.served.length).toBe(served + 1)
})

test('wrongChain answers eth_chainId with another chain, single and batched', async () => {
  // The Solana emulator knows no eth_chainId: a chain that does is emulated by the answer's shape.
  const evmLike = await startEvmLikeUpstream()
  const front = await startRpcEndpoint({ upstream: evmLike.url })
  try {
    front.switches.fault = 'wrongChain'
    const post = (body: unknown) =>
      fetch(front.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(await (await post({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] })).json()).toMatchObject({
      id: 7,
      result: '0x7a6a',
    })
    const batch = (await (
      await post([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
      ])
    ).json()) as { result: string }[]
    expect(batch.map((a) => a.result)).toEqual(['0x7a6a', '0x1'])
  } finally {
    await front.stop()
    await evmLike.stop()
  }
})

test('the switches are flipped over HTTP too, and bad values are refused', async () => {
  const post = (body: unknown) =>
    fetch(`${endpoint.url}/__devnet/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  expect(await (await post({ fault: 500 })).json()).toMatchObject({ fault: 500 })
  expect(endpoint.switches.fault).toBe(500)
  expect((await post({ fault: 'sometimes' })).status).toBe(400)
  expect((await post({ fault: 'ok' })).status).toBe(200)
})

/** A chain answering eth_chainId 31337 (0x7a69) and eth_blockNumber 1, as anvil would. */
async function startEvmLikeUpstream() {
  const { createEmulatorApp, readText, serveEmulator } = await import('../emulator/app.js')
  const app = createEmulatorApp({ cors: false })
  app.post('/', async (c) => {
    const body = JSON.parse(await readText(c)) as { id: number; method: string } | { id: number; method: string }[]
    const answer = ({ id, method }: { id: number; method: string }) => ({
      jsonrpc: '2.0',
      id,
      result: method === 'eth_chainId' ? '0x7a69' : '0x1',
    })
    return c.json(Array.isArray(body) ? body.map(answer) : answer(body))
  })
  return serveEmulator(app)
}
