import { expect, test } from 'vitest'
import { httpRpcUrl } from './rpcError.js'

test("a ws or other non-http RPC URL given to the frame is refused with 'Provided URL is not compatible with HTTP connection'", () => {
  for (const url of ['wss://node.example', 'ws://127.0.0.1:8545', 'javascript:alert(1)', 'not a url'])
    expect(() => httpRpcUrl(url)).toThrow(
      expect.objectContaining({ message: 'Provided URL is not compatible with HTTP connection', code: -32602 }),
    )
  expect(() => httpRpcUrl(undefined)).toThrow('No RPC URL for this network')
  expect(httpRpcUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545')
})
