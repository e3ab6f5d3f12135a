// The frame's wait for a user operation's receipt (receiptTimeout.ts): which operator values it
// takes, and that the wait it reads from its page ends exactly at its deadline in the spec's typed
// error ('Failed to fetch user operation receipt - status', -32603) when no receipt of this operation
// comes, whatever the bundler answers meanwhile. The bundler is a loopback JSON-RPC server; the
// frame's clock is Vitest's fake Date, moved by that server as it answers (no wait for real time).
// The page meta the server writes and the values the server refuses are in server.test.ts; the
// same error through a real bundler (Alto) in tests/integration/smartAccountFrame.test.ts.
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { errorReply, RpcError } from './frame/rpcError.js'
import { confirmOperation, receiptFailedText, waitForOperation } from './frame/smartAccount.js'
import {
  defaultReceiptTimeoutMs,
  isReceiptTimeout,
  readReceiptTimeout,
  receiptTimeoutBoundsMs,
} from './receiptTimeout.js'

const t0 = Date.UTC(2027, 0, 1)
const hash = `0x${'11'.repeat(32)}` as Hex
const otherHash = `0x${'22'.repeat(32)}` as Hex

/** A receipt as a bundler answers it (ERC-4337's `eth_getUserOperationReceipt`). */
const receiptOf = (userOpHash: Hex) => ({
  userOpHash,
  success: true,
  actualGasCost: '0x1',
  actualGasUsed: '0x1',
  logs: [],
  receipt: { transactionHash: `0x${'33'.repeat(32)}`, blockNumber: '0x1', status: '0x1', logs: [] },
})

/**
 * How the bundler answers poll `n` (from 1): it may first move the frame's clock to `at` (ms after
 * t0); then it answers `result`, or drops the connection.
 */
type Poll = { at?: number; result?: unknown; drop?: boolean }
let script: (n: number) => Poll = () => ({ result: null })
let polls = 0
let server: Server
let bundlerUrl: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const { id, method } = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string }
      expect(method).toBe('eth_getUserOperationReceipt')
      const poll = script(++polls)
      if (poll.at !== undefined) vi.setSystemTime(t0 + poll.at)
      if (poll.drop) {
        request.socket.destroy()
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: poll.result ?? null }))
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  bundlerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => {
  server.close()
})
afterEach(() => {
  vi.useRealTimers()
})

/** The frame's wait read from its page's meta `content`, polling as fast as the bundler answers. */
function wait(content: string | null, { confirm = false } = {}) {
  polls = 0
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(t0)
  const options = { timeoutMs: readReceiptTimeout(content), intervalMs: 0 }
  return (confirm ? confirmOperation : waitForOperation)({ bundlerUrl }, hash, options)
}

/** The typed error the wait ended in (a failure of the test if it resolved). */
async function failure(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RpcError)
  expect(error).toMatchObject({ message: receiptFailedText, code: -32603 })
  return error as RpcError
}

describe('the waits an operator may set', () => {
  test.each([
    [receiptTimeoutBoundsMs.min, true],
    [receiptTimeoutBoundsMs.min - 1, false],
    [receiptTimeoutBoundsMs.max, true],
    [receiptTimeoutBoundsMs.max + 1, false],
    [5_000, true],
    [1_000.5, false],
    [-5_000, false],
    ['5000', false],
    [5_000n, false],
    [null, false],
  ])('edge: %s ms is a wait the frame accepts: %s', (value, accepted) => {
    expect(isReceiptTimeout(value)).toBe(accepted)
  })

  test('edge: the meta is read as plain ASCII digits only', () => {
    expect(readReceiptTimeout('0001000')).toBe(1_000)
    expect(readReceiptTimeout('5000\n')).toBeUndefined()
    expect(readReceiptTimeout('\u0665\u0660\u0660\u0660')).toBeUndefined() // Arabic-Indic 5000
    expect(readReceiptTimeout('9'.repeat(400))).toBeUndefined()
    expect(readReceiptTimeout('5000.0')).toBeUndefined()
  })

  test('default: the bounds and the default the frame was built with', () => {
    expect(receiptTimeoutBoundsMs).toEqual({ min: 1_000, max: 600_000 })
    expect(isReceiptTimeout(defaultReceiptTimeoutMs)).toBe(true)
  })
})

describe('the wait ends in its typed error', () => {
  test("edge: the operator's 1 s: still asking at 999 ms, the spec's error at exactly 1000 ms", async () => {
    script = (n) => ({ at: n === 1 ? 999 : n === 2 ? 1_000 : 3_600_000 })
    const error = await failure(wait('1000'))
    expect(polls).toBe(2)
    expect(errorReply({ id: '9', name: 'RPC_REQUEST' }, error).payload).toEqual({
      message: 'Failed to fetch user operation receipt - status',
      code: -32603,
    })
  })

  test('default: no wait in the page (or one the frame refuses) keeps the 60 s, not a second less', async () => {
    for (const content of [null, '999', '600001']) {
      script = (n) => ({ at: n === 1 ? 59_999 : n === 2 ? 60_000 : 3_600_000 })
      await failure(wait(content))
      expect(polls).toBe(2)
    }
  })

  test("edge: the operator's 10 minutes is waited in full", async () => {
    script = (n) => ({ at: n === 1 ? 599_999 : n === 2 ? 600_000 : 3_600_000 })
    await failure(wait('600000'))
    expect(polls).toBe(2)
  })

  test('behavior: a receipt on the last poll before the deadline is taken', async () => {
    script = (n) => (n === 1 ? { at: 999 } : { result: receiptOf(hash) })
    const receipt = await wait('1000')
    expect(receipt.userOpHash).toBe(hash)
    expect(polls).toBe(2)
  })

  test("security: another operation's receipt up to the deadline is never taken: the typed error", async () => {
    script = (n) => ({ at: n * 400, result: receiptOf(otherHash) })
    await failure(wait('1000', { confirm: true }))
    expect(polls).toBe(3)
  })

  test('error: a bundler that drops every poll: the typed error at the deadline, not the transport error', async () => {
    script = (n) => ({ at: n * 250, drop: true })
    const error = await failure(wait('1000'))
    expect(error.message).not.toMatch(/fetch failed|HTTP|127\.0\.0\.1/)
    expect(polls).toBe(4)
  })
})
