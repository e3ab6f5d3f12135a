// forward (chainRpc.ts): one JSON-RPC request from the frame to its chain's node, against the shared
// devnet's anvil and nodes on 127.0.0.1 that answer oddly or hostilely. Which methods the frame
// forwards at all and how their errors reach the kit are in rpc.test.ts and rpcReads.test.ts;
// httpRpcUrl's own cases in rpcError.test.ts.
import type { IncomingHttpHeaders } from 'node:http'
import { expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { forward } from './chainRpc.js'
import { RpcError } from './rpcError.js'

const { evmRpcUrl } = inject('devnet')

type Seen = { method: string | undefined; url: string | undefined; headers: IncomingHttpHeaders; body: string }

/** A node on 127.0.0.1 answering every request with `status` and the raw `body`; records what it was sent. */
async function node(body: string | ((seen: Seen) => string), status = 200) {
  const seen: Seen[] = []
  const url = await startLoopbackServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      const request = { method: req.method, url: req.url, headers: req.headers, body: text }
      seen.push(request)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(typeof body === 'function' ? body(request) : body)
    })
  })
  return { url: `${url}/rpc?key=k`, seen }
}

test("behavior: the node's result comes back as it is (anvil's chain id and a block read)", async () => {
  expect(await forward(evmRpcUrl, 'eth_chainId', [])).toBe('0x7a69')
  const block = (await forward(evmRpcUrl, 'eth_getBlockByNumber', ['0x0', false])) as { number: string }
  expect(block.number).toBe('0x0')
})

test('behavior: one JSON-RPC 2.0 POST to the URL as given (path and query kept), with the params as given', async () => {
  const { url, seen } = await node('{"jsonrpc":"2.0","id":1,"result":"0x1"}')
  const params = [{ to: '0x000000000000000000000000000000000000dEaD', data: '0x\u202E<b>' }, 'latest']
  expect(await forward(url, 'eth_call', params)).toBe('0x1')
  expect(seen).toHaveLength(1)
  expect(seen[0]).toMatchObject({ method: 'POST', url: '/rpc?key=k' })
  expect(seen[0]?.headers['content-type']).toBe('application/json')
  expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_call', params })
})

test('default: missing params (undefined or null) are sent as an empty list', async () => {
  const { url, seen } = await node('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
  await forward(url, 'eth_chainId', undefined)
  await forward(url, 'eth_chainId', null)
  expect(seen.map((s) => JSON.parse(s.body).params)).toEqual([[], []])
})

test('edge: falsy results (0, false, "", null) and a missing result come back unchanged, not as errors', async () => {
  for (const [body, expected] of [
    ['{"jsonrpc":"2.0","id":1,"result":0}', 0],
    ['{"jsonrpc":"2.0","id":1,"result":false}', false],
    ['{"jsonrpc":"2.0","id":1,"result":""}', ''],
    ['{"jsonrpc":"2.0","id":1,"result":null}', null],
    ['{"jsonrpc":"2.0","id":1}', undefined],
  ] as const) {
    const { url } = await node(body)
    expect(await forward(url, 'eth_getBalance', [])).toBe(expected)
  }
})

test("error: a node's error is an RpcError with the node's own message and code (so the kit sees what the chain said)", async () => {
  const error = await rejection(forward(evmRpcUrl, 'eth_noSuchMethod', []))
  expect(error).toBeInstanceOf(RpcError)
  expect((error as RpcError).code).toBe(-32601)
  const { url } = await node('{"jsonrpc":"2.0","id":1,"error":{"code":3,"message":"execution reverted: nope"}}')
  expect(await rejection(forward(url, 'eth_call', []))).toMatchObject({ code: 3, message: 'execution reverted: nope' })
})

test('default: a node error without a message or code is "RPC error" with -32603', async () => {
  const { url } = await node('{"jsonrpc":"2.0","id":1,"error":{}}')
  const error = await rejection(forward(url, 'eth_call', []))
  expect(error).toBeInstanceOf(RpcError)
  expect(error).toMatchObject({ message: 'RPC error', code: -32603 })
})

test('security: an answer with both an error and a result is an error, never the result', async () => {
  const { url } = await node('{"jsonrpc":"2.0","id":1,"result":"0xdead","error":{"code":-32000,"message":"no"}}')
  expect(await rejection(forward(url, 'eth_sendRawTransaction', ['0x']))).toMatchObject({ code: -32000 })
})

test('error: an HTTP error whose body is a JSON-RPC error is that error; a body that is not JSON rejects', async () => {
  const failing = await node('{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"rate limited"}}', 429)
  expect(await rejection(forward(failing.url, 'eth_call', []))).toMatchObject({ code: -32005, message: 'rate limited' })
  const html = await node('<html><body>502 Bad Gateway</body></html>', 502)
  expect(await rejection(forward(html.url, 'eth_call', []))).toBeInstanceOf(Error)
})

test('error: a JSON body of null rejects rather than resolving as an empty result', async () => {
  const { url } = await node('null')
  expect(await rejection(forward(url, 'eth_call', []))).toBeInstanceOf(Error)
})

test.each([
  [undefined, -32603, 'No RPC URL for this network'],
  ['', -32603, 'No RPC URL for this network'],
  ['ws://127.0.0.1:8545', -32602, 'Provided URL is not compatible with HTTP connection'],
  ['file:///etc/passwd', -32602, 'Provided URL is not compatible with HTTP connection'],
  ['javascript:fetch("http://127.0.0.1")', -32602, 'Provided URL is not compatible with HTTP connection'],
  ['127.0.0.1:8545', -32602, 'Provided URL is not compatible with HTTP connection'],
])('error: rpcUrl %j is refused with an RpcError before anything is sent', async (rpcUrl, code, message) => {
  const { seen } = await node('{"jsonrpc":"2.0","id":1,"result":"0x1"}')
  const error = await rejection(forward(rpcUrl, 'eth_chainId', []))
  expect(error).toBeInstanceOf(RpcError)
  expect(error).toMatchObject({ code, message })
  expect(seen).toEqual([])
})

test('behavior: two concurrent requests each get their own answer', async () => {
  const { url } = await node((seen) => {
    const { method } = JSON.parse(seen.body) as { method: string }
    return JSON.stringify({ jsonrpc: '2.0', id: 1, result: method })
  })
  expect(await Promise.all([forward(url, 'a_one', []), forward(url, 'b_two', [])])).toEqual(['a_one', 'b_two'])
})
