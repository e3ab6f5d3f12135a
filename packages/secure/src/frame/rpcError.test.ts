import { expect, test } from 'vitest'
import { AuthApiError } from './authApi.js'
import { errorReply, httpRpcUrl, RpcError } from './rpcError.js'

test("a ws or other non-http RPC URL given to the frame is refused with 'Provided URL is not compatible with HTTP connection'", () => {
  for (const url of ['wss://node.example', 'ws://127.0.0.1:8545', 'javascript:alert(1)', 'not a url'])
    expect(() => httpRpcUrl(url)).toThrow(
      expect.objectContaining({ message: 'Provided URL is not compatible with HTTP connection', code: -32602 }),
    )
  expect(() => httpRpcUrl(undefined)).toThrow('No RPC URL for this network')
  expect(httpRpcUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545')
})

test("an auth server refusal is passed on with its code, so the kit can word it in the user's language", () => {
  const refusal = new AuthApiError('OTP_EXPIRED', 'Code expired', 410)
  expect(errorReply({ id: 'r1', name: 'CONNECT_OTP' }, refusal).payload).toEqual({
    message: 'Code expired',
    authCode: 'OTP_EXPIRED',
  })
  // Other failures carry no such code; an EIP-1193 code stays where it was.
  expect(errorReply({ id: 'r2', name: 'RPC_REQUEST' }, new RpcError('User rejected', 4001)).payload).toEqual({
    message: 'User rejected',
    code: 4001,
  })
  expect(errorReply({ id: 'r3', name: 'CONNECT_OTP' }, new Error('boom')).payload).toEqual({ message: 'boom' })
})
