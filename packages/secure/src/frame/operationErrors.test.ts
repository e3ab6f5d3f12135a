// What the smart account's path answers when the bundler or the paymaster does not go along
// (operationErrors.ts): the errors are viem's own, raised by a real client against a loopback
// JSON-RPC server that answers as a refusing, reverting, broken or absent service. Each becomes a
// typed RpcError that names the service by its origin only (never its path or query, where an API
// key lives, nor the body of its error page), or the typed OperationRevertedError with its decoded
// reason. The same errors met through a real bundler (Alto) are in tests/integration/smartAccountFrame.test.ts.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BaseError, createClient, encodeErrorResult, type Hex, http, TimeoutError } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { revertedOperationCode } from '../protocol/replies.js'
import { bundlerError, isRefusal, revertedError, revertReason } from './operationErrors.js'
import { errorReply, OperationRevertedError, RpcError } from './rpcError.js'

const { downBundlerUrl } = inject('devnet')
const secret = 'sk_live_do_not_leak'
const holder = '0x1111111111111111111111111111111111111111'

const errorAbi = [
  { type: 'error', name: 'Error', inputs: [{ type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ type: 'uint256' }] },
  {
    type: 'error',
    name: 'ERC20InsufficientBalance',
    inputs: [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
  },
  { type: 'error', name: 'Custom', inputs: [{ type: 'uint256' }] },
] as const
const errorString = (text: string) => encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: [text] })

/** How the loopback service answers the next request: a status, a content type and a body. */
type Answer = { status?: number; type?: string; body: string }
let answer: Answer = { body: '{}' }
let server: Server
let serviceUrl: string

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/json' })
      response.end(answer.body)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  // The bundler URL as an operator configures it: an API key in the path and the query.
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/${secret}/rpc?apikey=${secret}`
})
afterAll(() => {
  server.close()
})

/** The error viem raises when `method` is asked of `url` while the service answers `with`. */
async function viemError(method: string, withAnswer: Answer, url = serviceUrl): Promise<unknown> {
  answer = withAnswer
  const client = createClient({ transport: http(url, { retryCount: 0 }) })
  const error = await client.request({ method: method as 'eth_chainId', params: undefined }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(BaseError)
  return error
}
const rpcError = (code: number, message: string, data?: unknown) => ({
  body: JSON.stringify({ jsonrpc: '2.0', id: 0, error: { code, message, ...(data === undefined ? {} : { data }) } }),
})

/** `bundlerError` of `error`: an RpcError whose message never carries the URL's secret. */
function mapped(error: unknown): RpcError {
  const result = bundlerError(error, serviceUrl)
  expect(result).toBeInstanceOf(RpcError)
  expect(result.message).not.toContain(secret)
  return result
}

describe('revertReason', () => {
  test("behavior: Solidity's Error(string), a Panic and ERC-6093's token errors read in words", () => {
    expect(revertReason(errorString('UniswapV2Router: EXPIRED'))).toBe('UniswapV2Router: EXPIRED')
    expect(revertReason(encodeErrorResult({ abi: errorAbi, errorName: 'Panic', args: [0x11n] }))).toBe('Panic(0x11)')
    expect(
      revertReason(
        encodeErrorResult({ abi: errorAbi, errorName: 'ERC20InsufficientBalance', args: [holder, 5n, 10n] }),
      ),
    ).toBe(`ERC20InsufficientBalance(${holder}, 5, 10)`)
  })

  test('edge: empty data, an error not known here, and cut or garbled data have no words', () => {
    expect(revertReason('0x')).toBeUndefined()
    expect(revertReason(encodeErrorResult({ abi: errorAbi, errorName: 'Custom', args: [1n] }))).toBeUndefined()
    expect(revertReason(errorString('cut short').slice(0, 40) as Hex)).toBeUndefined()
    expect(revertReason('0x08c3' as Hex)).toBeUndefined()
  })
})

describe('revertedError', () => {
  test('behavior: the typed error with the reason in its message and the hashes given, crossing to the kit whole', () => {
    const userOpHash = `0x${'aa'.repeat(32)}` as Hex
    const transactionHash = `0x${'bb'.repeat(32)}` as Hex
    const data = errorString('UniswapV2Router: EXPIRED')
    const error = revertedError(data, { userOpHash, transactionHash })
    expect(error).toBeInstanceOf(OperationRevertedError)
    expect(error.code).toBe(revertedOperationCode)
    expect(error.message).toBe('The user operation reverted: UniswapV2Router: EXPIRED')
    expect(error.data).toEqual({ revertData: data, reason: 'UniswapV2Router: EXPIRED', userOpHash, transactionHash })
    expect(errorReply({ id: '7', name: 'RPC_REQUEST' }, error).payload).toEqual({
      message: 'The user operation reverted: UniswapV2Router: EXPIRED',
      code: revertedOperationCode,
      data: error.data,
    })
  })

  test('default: no reason given, and no hash keys at all when none is known', () => {
    const error = revertedError('0x')
    expect(error.message).toBe('The user operation reverted: no reason given')
    expect(error.data).toStrictEqual({ revertData: '0x' })
  })

  test('edge: a huge revert is cut to what the protocol carries (2048 characters of data, 512 of reason)', () => {
    const long = errorString('x'.repeat(5000))
    const error = revertedError(long)
    expect(error.data.revertData).toBe(long.slice(0, 2048))
    expect(error.data.reason).toBe('x'.repeat(512))
  })
})

describe('isRefusal: when the paymaster does not sponsor, the user can still pay', () => {
  test("behavior: the paymaster's refusal (-32003) gives its reason", async () => {
    const error = await viemError('pm_getPaymasterStubData', rpcError(-32003, 'sponsorship is switched off'))
    expect(isRefusal(error)).toBe('sponsorship is switched off')
  })

  test('behavior: a paymaster service that cannot be reached is a refusal too', async () => {
    const error = await viemError('pm_getPaymasterData', { body: '' }, downBundlerUrl)
    expect(isRefusal(error)).toBe('HTTP request failed.')
  })

  test('edge: the bundler being down, another code, or an error that is not viem is no refusal', async () => {
    expect(isRefusal(await viemError('eth_estimateUserOperationGas', { body: '' }, downBundlerUrl))).toBeUndefined()
    expect(isRefusal(await viemError('pm_getPaymasterStubData', rpcError(-32602, 'bad params')))).toBeUndefined()
    expect(isRefusal(new Error('pm_getPaymasterStubData failed'))).toBeUndefined()
    expect(isRefusal({ code: -32003, message: 'forged' })).toBeUndefined()
  })
})

describe("bundlerError: the spec's typed errors, never a raw transport error", () => {
  test('behavior: a bundler that is down: "did not answer", naming its origin only', async () => {
    const error = bundlerError(await viemError('eth_sendUserOperation', { body: '' }, downBundlerUrl), downBundlerUrl)
    expect(error.message).toMatch(/^The bundler did not answer \(http:\/\/127\.0\.0\.1:\d+\): /)
    expect(error.message).not.toContain('/rpc')
    expect(error.code).toBe(-32603)
  })

  test("error: an HTTP error page: its status, never the page's body", async () => {
    const error = mapped(
      await viemError('eth_sendUserOperation', {
        status: 502,
        type: 'text/html',
        body: '<html>upstream 10.0.0.7:4337 stack trace</html>',
      }),
    )
    expect(error.message).toBe(`The bundler did not answer (${new URL(serviceUrl).origin}): HTTP 502`)
    expect(error.message).not.toContain('10.0.0.7')
    expect(error.code).toBe(-32603)
  })

  test('error: a reply that is not JSON: unreadable, not a refusal', async () => {
    const error = mapped(await viemError('eth_sendUserOperation', { type: 'application/json', body: '{"jsonrpc":' }))
    expect(error.message).toBe(`The bundler's reply could not be read (${new URL(serviceUrl).origin})`)
    expect(error.code).toBe(-32603)
  })

  test('error: a request that timed out: "did not answer … timed out", even wrapped in another error', () => {
    const timeout = new TimeoutError({ body: { method: 'eth_sendUserOperation' }, url: serviceUrl })
    const expected = `The bundler did not answer (${new URL(serviceUrl).origin}): timed out`
    expect(mapped(timeout).message).toBe(expected)
    const wrapped = new BaseError('Send failed', { cause: timeout })
    expect(mapped(wrapped)).toMatchObject({ message: expected, code: -32603 })
  })

  test('behavior: a call that reverts in simulation: the typed error with its decoded reason', async () => {
    const data = errorString('ERC20: transfer amount exceeds balance')
    const error = mapped(
      await viemError('eth_estimateUserOperationGas', rpcError(-32521, 'execution reverted', { revertData: data })),
    )
    expect(error).toBeInstanceOf(OperationRevertedError)
    expect(error.code).toBe(revertedOperationCode)
    expect((error as OperationRevertedError).data).toEqual({
      revertData: data,
      reason: 'ERC20: transfer amount exceeds balance',
    })
  })

  test("behavior: Alto's wording, the revert data only in its message, is read too", async () => {
    const data = errorString('UniswapV2Router: EXPIRED')
    const error = mapped(
      await viemError(
        'eth_estimateUserOperationGas',
        rpcError(-32521, `UserOperation reverted during simulation with reason: ${data}`),
      ),
    )
    expect(error).toBeInstanceOf(OperationRevertedError)
    expect(error.message).toBe('The user operation reverted: UniswapV2Router: EXPIRED')
  })

  test('security: revert data that is not hex is never passed on as revert data', async () => {
    const error = mapped(
      await viemError(
        'eth_estimateUserOperationGas',
        rpcError(-32521, 'execution reverted', { revertData: '<img src=x onerror=alert(1)>' }),
      ),
    )
    expect(error).not.toBeInstanceOf(OperationRevertedError)
    expect(error.message).toBe('The bundler refused the operation: execution reverted')
    expect(error.code).toBe(-32000)
  })

  test('behavior: an account that cannot pay its gas is told apart from other refusals', async () => {
    const poor = mapped(await viemError('eth_sendUserOperation', rpcError(-32500, "AA21 didn't pay prefund")))
    expect(poor).toMatchObject({
      message: "The smart account cannot pay the gas: AA21 didn't pay prefund",
      code: -32000,
    })
    const refused = mapped(
      await viemError('eth_sendUserOperation', rpcError(-32602, 'Invalid UserOperation signature')),
    )
    expect(refused).toMatchObject({
      message: 'The bundler refused the operation: Invalid UserOperation signature',
      code: -32000,
    })
    expect(refused).not.toBeInstanceOf(OperationRevertedError)
  })

  test('default: an RpcError already typed passes through as it is', () => {
    const typed = new RpcError('User rejected the request.', 4001)
    expect(bundlerError(typed, serviceUrl)).toBe(typed)
  })

  test('edge: a bundler URL that is not a URL is named as given; a thrown string is still typed', () => {
    const error = bundlerError('socket hang up', 'not a url')
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ message: 'The bundler refused the operation: socket hang up', code: -32000 })
    const timeout = new TimeoutError({ body: {}, url: 'x' })
    expect(bundlerError(timeout, 'not a url').message).toBe('The bundler did not answer (not a url): timed out')
  })
})
