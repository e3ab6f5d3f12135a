import {
  type DevnetRpcEndpoint,
  type SolanaRpcServer,
  solanaAccounts,
  startRpcEndpoint,
  startSolanaRpc,
} from '@portico/devnet'
import { address } from '@solana/kit'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import type { PorticoNetwork } from '../types.js'
import { solanaRpcFor } from './solanaClient.js'

// Solana's reads through @solana/kit with the spec's retry and fallback rules, against the devnet
// Solana RPC behind endpoints whose faults a test flips.

let chain: SolanaRpcServer
let a: DevnetRpcEndpoint
let b: DevnetRpcEndpoint
beforeAll(async () => {
  chain = await startSolanaRpc()
  ;[a, b] = await Promise.all([
    startRpcEndpoint({ upstream: chain.rpcUrl }),
    startRpcEndpoint({ upstream: chain.rpcUrl }),
  ])
})
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await chain?.stop()
})
afterEach(() => {
  a.switches.fault = 'ok'
  b.switches.fault = 'ok'
  vi.restoreAllMocks()
})

const owner = address(solanaAccounts[0].address)

function setup(urls: string[], options: { rpcPing?: boolean } = {}) {
  const { solanaLocal } = testNetworks({ solanaRpcUrl: urls[0] })
  const network: PorticoNetwork = { ...solanaLocal, rpcUrls: { default: { http: urls } } }
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
  return { portico, network, rpc: solanaRpcFor(portico, network) }
}

test('one RPC per network, made once per instance', () => {
  const first = setup([a.url])
  expect(solanaRpcFor(first.portico, first.network)).toBe(first.rpc)
  expect(setup([a.url]).rpc).not.toBe(first.rpc)
})

test('a 429 is retried after the Retry-After it names, then the read succeeds', async () => {
  const { rpc } = setup([a.url])
  Object.assign(a.switches, { fault: 429, retryAfter: 1 })
  const before = a.requests
  const started = Date.now()
  const read = rpc.getBalance(owner).send()
  await vi.waitFor(() => expect(a.requests).toBeGreaterThan(before), { timeout: 15_000 })
  a.switches.fault = 'ok'
  expect((await read).value).toBeGreaterThan(0n)
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
})

test('a 500 is retried 3 times, then the read fails; a 400-class answer is not retried', async () => {
  const { rpc } = setup([a.url])
  a.switches.fault = 500
  let before = a.requests
  await expect(rpc.getBalance(owner).send()).rejects.toMatchObject({ context: { statusCode: 500 } })
  expect(a.requests - before).toBe(4)
  await fetch(`${a.url}/__devnet/switches`, { method: 'POST', body: JSON.stringify({ fault: 'ok' }) })
  before = a.requests
  // A malformed request body is the client's fault: the node answers it, nothing is retried.
  await expect(rpc.getBalance('not-an-address' as never).send()).rejects.toThrow()
  expect(a.requests - before).toBe(1)
})

test('several URLs: a dead endpoint hands its reads to the next one, and back', async () => {
  const { rpc } = setup([a.url, b.url])
  a.switches.fault = 'dead'
  const servedByB = b.served.length
  expect((await rpc.getBalance(owner).send()).value).toBeGreaterThan(0n)
  expect(b.served.slice(servedByB)).toContain('getBalance')
  a.switches.fault = 'ok'
  b.switches.fault = 'dead'
  const servedByA = a.served.length
  expect((await rpc.getSlot().send()) >= 0n).toBe(true)
  expect(a.served.slice(servedByA)).toContain('getSlot')
})

test("the 'test' ping is sent when the RPC is made, unless rpcPing is false", async () => {
  const before = a.served.length
  setup([a.url], { rpcPing: true })
  await vi.waitFor(() => expect(a.served.slice(before)).toContain('test'))
  const quiet = a.requests
  setup([a.url])
  expect(a.requests).toBe(quiet)
})

test("a caller's abort ends the read at once, without a retry", async () => {
  const { rpc } = setup([a.url])
  Object.assign(a.switches, { fault: 'slow', slowMs: 60_000 })
  const controller = new AbortController()
  const before = a.requests
  const read = rpc.getSlot().send({ abortSignal: controller.signal })
  await vi.waitFor(() => expect(a.requests).toBeGreaterThan(before))
  controller.abort()
  await expect(read).rejects.toThrow()
  expect(a.requests - before).toBe(1)
})
