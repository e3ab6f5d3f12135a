// chainClient (eip155Client.ts): the frame's read client of an eip155 chain, the chain's id asked
// once per RPC URL; against the shared devnet's anvil and nodes on 127.0.0.1. Its use by the smart
// account and the EIP-7702 delegation is in smartAccount.test.ts and delegation.test.ts.
import { expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { chainClient } from './eip155Client.js'
import { RpcError } from './rpcError.js'

const { evmRpcUrl } = inject('devnet')

/**
 * A node on 127.0.0.1: eth_chainId answered by `chainId()` (a hex id, or an HTTP status to fail
 * with), eth_blockNumber with 0x10; counts the requests per method.
 */
async function node(chainId: () => string | number) {
  const asked: string[] = []
  const url = await startLoopbackServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const { method, id } = JSON.parse(body) as { method: string; id: number }
      asked.push(method)
      const answer = method === 'eth_chainId' ? chainId() : '0x10'
      if (typeof answer === 'number') {
        res.writeHead(answer).end('unavailable')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: answer }))
    })
  })
  return { url: `${url}/`, asked }
}

test("behavior: the client is on the node's own chain (anvil's 31337), reads through that URL, and prices in ETH", async () => {
  const client = await chainClient(evmRpcUrl)
  expect(client.chain).toMatchObject({
    id: 31337,
    name: 'eip155:31337',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [evmRpcUrl] } },
  })
  expect(await client.getChainId()).toBe(31337)
  expect(typeof (await client.getBlockNumber())).toBe('bigint')
})

test('behavior: the chain id is asked once per URL, even by two concurrent callers', async () => {
  const { url, asked } = await node(() => '0x2105')
  const [first, second] = await Promise.all([chainClient(url), chainClient(url)])
  const third = await chainClient(url)
  expect([first.chain?.id, second.chain?.id, third.chain?.id]).toEqual([8453, 8453, 8453])
  expect(asked).toEqual(['eth_chainId'])
  // Each caller still reads from the node.
  expect(await third.getBlockNumber()).toBe(16n)
  expect(asked).toEqual(['eth_chainId', 'eth_blockNumber'])
})

test('edge: two URLs are two chains: one node’s id is never used for another', async () => {
  const base = await node(() => '0x2105')
  const other = await node(() => '0xa')
  expect((await chainClient(base.url)).chain?.id).toBe(8453)
  const client = await chainClient(other.url)
  expect(client.chain?.id).toBe(10)
  expect(client.chain?.rpcUrls.default.http).toEqual([other.url])
})

test('error: a failed first ask is not kept: the next call asks again and succeeds', async () => {
  let answer: string | number = 503
  const { url, asked } = await node(() => answer)
  const error = await rejection(chainClient(url))
  expect(error).toBeInstanceOf(Error)
  const failures = asked.length
  // One retry on a 503 (retryCount 1): two requests, no more.
  expect(failures).toBe(2)
  answer = '0x1'
  expect((await chainClient(url)).chain?.id).toBe(1)
  expect(asked).toHaveLength(failures + 1)
})

test('behavior: a node that fails once (HTTP 503) is retried once, and the chain is found', async () => {
  let calls = 0
  const { url, asked } = await node(() => (calls++ === 0 ? 503 : '0x89'))
  expect((await chainClient(url)).chain?.id).toBe(137)
  expect(asked).toEqual(['eth_chainId', 'eth_chainId'])
})

test.each([
  [undefined, -32603],
  ['', -32603],
  ['ws://127.0.0.1:8545', -32602],
  ['not a url', -32602],
])('error: rpcUrl %j is refused with an RpcError, before any request', async (rpcUrl, code) => {
  const error = await rejection(chainClient(rpcUrl))
  expect(error).toBeInstanceOf(RpcError)
  expect((error as RpcError).code).toBe(code)
})
