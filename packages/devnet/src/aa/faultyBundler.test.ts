/**
 * The faulty bundler front (`startFaultyBundler`): each fault does what its docs say, since the
 * kit's fault tests rely on it (a non-JSON reply, another operation's receipt, a receipt that
 * never comes, a request never answered), the calls record (batches flattened, nothing twice), and
 * faithful relaying with no fault. The bundler behind it here is a loopback JSON-RPC server that
 * answers receipts for the operations a test marks as landed, so each fault's branch is reached on
 * purpose; the front on the devnet's real Alto, under the kit's smart account, is in
 * tests/integration/smartAccountFrame.test.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { rawRpc } from '../test-utils.js'
import { type FaultyBundler, startFaultyBundler } from './faultyBundler.js'

type Call = { jsonrpc: string; id: unknown; method: string; params: unknown[] }

/** What the bundler behind the front received, and the operations it has receipts for. */
const received: Call[] = []
const landed = new Set<string>()
let target: Server
let targetUrl: string

const receiptOf = (hash: string) => ({ userOpHash: hash, success: true, receipt: { transactionHash: `tx-${hash}` } })

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
  })

beforeAll(async () => {
  target = createServer(async (request, response) => {
    const call = JSON.parse(await read(request)) as Call
    received.push(call)
    const hash = String(call.params[0])
    const result =
      call.method === 'eth_getUserOperationReceipt'
        ? landed.has(hash)
          ? receiptOf(hash)
          : null
        : { method: call.method, params: call.params }
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/rpc`
})
afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())))

let faulty: FaultyBundler
beforeEach(async () => {
  received.length = 0
  landed.clear()
  faulty = await startFaultyBundler({ target: targetUrl })
})
afterEach(() => faulty.stop())

const rpc = (method: string, params?: unknown[], id: unknown = 1) =>
  rawRpc(faulty.url, { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })

const hashA = `0x${'a'.repeat(64)}`
const hashB = `0x${'b'.repeat(64)}`
const hashC = `0x${'c'.repeat(63)}0`

describe('no fault', () => {
  test('default: relays every call unchanged, ids and batches kept, and records each call once', async () => {
    expect(faulty.fault).toBeNull()
    expect(await rpc('eth_supportedEntryPoints', [], 'x-7')).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', id: 'x-7', result: { method: 'eth_supportedEntryPoints', params: [] } },
      text: expect.any(String),
    })
    // A call without params reaches the bundler with [] (JSON-RPC's positional default).
    await rpc('eth_chainId')
    expect(received.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })

    const batch = await rawRpc(`${faulty.url}/rpc`, [
      { jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [{ sender: '0x1' }, '0xep'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getUserOperationReceipt', params: [hashA] },
    ])
    expect(batch.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: { method: 'eth_sendUserOperation', params: [{ sender: '0x1' }, '0xep'] } },
      { jsonrpc: '2.0', id: 2, result: null },
    ])
    expect(faulty.calls).toEqual([
      { method: 'eth_supportedEntryPoints', params: [] },
      { method: 'eth_chainId', params: undefined },
      { method: 'eth_sendUserOperation', params: [{ sender: '0x1' }, '0xep'] },
      { method: 'eth_getUserOperationReceipt', params: [hashA] },
    ])
  })

  test('behavior: two sends at once are each relayed and recorded exactly once', async () => {
    const [one, two] = await Promise.all([
      rpc('eth_sendUserOperation', [{ nonce: '0x1' }, '0xep'], 1),
      rpc('eth_sendUserOperation', [{ nonce: '0x2' }, '0xep'], 2),
    ])
    expect([one.json, two.json]).toMatchObject([
      { id: 1, result: { params: [{ nonce: '0x1' }, '0xep'] } },
      { id: 2, result: { params: [{ nonce: '0x2' }, '0xep'] } },
    ])
    const sends = faulty.calls.filter((c) => c.method === 'eth_sendUserOperation')
    expect(sends.map((c) => (c.params as [{ nonce: string }])[0].nonce).sort()).toEqual(['0x1', '0x2'])
    expect(received.filter((c) => c.method === 'eth_sendUserOperation')).toHaveLength(2)
  })

  test('error: a body that is not JSON is -32700 and reaches nobody; entries of a batch that are not calls are dropped', async () => {
    const garbage = await rawRpc(faulty.url, '{"jsonrpc":')
    expect(garbage.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    const mixed = await rawRpc(faulty.url, [7, { jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: [] }])
    expect(mixed.json).toMatchObject([{ id: 3, result: { method: 'eth_chainId' } }])
    expect(faulty.calls).toEqual([{ method: 'eth_chainId', params: [] }])
    expect(received).toHaveLength(1)
  })

  test('error: a body over 1 MiB is -32600 and reaches nobody', async () => {
    const huge = await rawRpc(faulty.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendUserOperation',
      params: [{ callData: `0x${'00'.repeat(600_000)}` }],
    })
    expect(huge.json).toMatchObject({ id: null, error: { code: -32600, message: 'Request body too large' } })
    expect(faulty.calls).toEqual([])
    expect(received).toEqual([])
  })
})

describe('fault: malformed', () => {
  test('behavior: every reply is a 200 whose JSON is cut, while the call still reaches the bundler', async () => {
    faulty.fault = 'malformed'
    for (const body of [
      { jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [{ nonce: '0x1' }, '0xep'] },
      [{ jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] }],
    ]) {
      const reply = await rawRpc(faulty.url, body)
      expect(reply.status).toBe(200)
      expect(reply.json).toBeUndefined()
      expect(reply.text.startsWith('{"jsonrpc":"2.0"')).toBe(true)
    }
    // What the bundler did with the call is real: the operation was handed over, once.
    expect(received.map((c) => c.method)).toEqual(['eth_sendUserOperation', 'eth_chainId'])
    faulty.fault = null
    expect((await rpc('eth_chainId', [])).json).toMatchObject({ id: 1, result: { method: 'eth_chainId' } })
  })
})

describe('fault: withheldReceipt', () => {
  test('behavior: the receipt is null though the operation landed; other calls are relayed; off, the receipt comes', async () => {
    landed.add(hashA)
    faulty.fault = 'withheldReceipt'
    for (let i = 0; i < 3; i++)
      expect((await rpc('eth_getUserOperationReceipt', [hashA], i)).json).toEqual({
        jsonrpc: '2.0',
        id: i,
        result: null,
      })
    expect(received.filter((c) => c.method === 'eth_getUserOperationReceipt')).toEqual([])
    expect((await rpc('eth_getUserOperationByHash', [hashA])).json).toMatchObject({
      result: { method: 'eth_getUserOperationByHash' },
    })
    faulty.fault = null
    expect((await rpc('eth_getUserOperationReceipt', [hashA])).json).toMatchObject({ result: receiptOf(hashA) })
  })
})

describe('fault: foreignReceipt', () => {
  test('behavior: answers the receipt of the last other operation it saw included', async () => {
    landed.add(hashA)
    landed.add(hashB)
    // Seen included through the front (no fault yet): A, then B.
    await rpc('eth_getUserOperationReceipt', [hashA])
    await rpc('eth_getUserOperationReceipt', [hashB])
    faulty.fault = 'foreignReceipt'
    // Asked for B (in any letter case): A's receipt, never the asked one's, though B was seen last.
    const forB = await rpc('eth_getUserOperationReceipt', [`0x${'B'.repeat(64)}`], 9)
    expect(forB.json).toEqual({ jsonrpc: '2.0', id: 9, result: receiptOf(hashA) })
    const forA = await rpc('eth_getUserOperationReceipt', [hashA])
    expect(forA.json).toMatchObject({ result: receiptOf(hashB) })
    faulty.fault = null
    expect((await rpc('eth_getUserOperationReceipt', [hashB])).json).toMatchObject({ result: receiptOf(hashB) })
  })

  test('edge: with no other operation seen, the asked receipt comes under another hash; with none landed, null', async () => {
    faulty.fault = 'foreignReceipt'
    expect((await rpc('eth_getUserOperationReceipt', [hashC])).json).toMatchObject({ result: null })
    landed.add(hashC)
    const flipped = await rpc('eth_getUserOperationReceipt', [hashC])
    const receipt = (flipped.json as { result: { userOpHash: string; receipt: { transactionHash: string } } }).result
    expect(receipt.userOpHash).toBe(`${hashC.slice(0, -1)}1`)
    expect(receipt.receipt.transactionHash).toBe(`tx-${hashC}`)
    landed.add(hashA)
    const flippedA = await rpc('eth_getUserOperationReceipt', [hashA])
    // hashC has been seen now, so A is answered with C's receipt.
    expect(flippedA.json).toMatchObject({ result: receiptOf(hashC) })
  })
})

describe('fault: silent', () => {
  test('behavior: a request is taken and never answered nor relayed, until stop() closes the connection', async () => {
    faulty.fault = 'silent'
    let settled = false
    const pending = rpc('eth_sendUserOperation', [{ nonce: '0x1' }, '0xep']).finally(() => {
      settled = true
    })
    await vi.waitFor(() => expect(faulty.calls).toHaveLength(1))
    // A second, independent request is taken too: the front hangs, it does not crash.
    const second = rpc('eth_chainId', []).catch((e: unknown) => e)
    await vi.waitFor(() => expect(faulty.calls).toHaveLength(2))
    expect(settled).toBe(false)
    expect(received).toEqual([])
    await faulty.stop()
    await expect(pending).rejects.toThrow()
    expect(await second).toBeInstanceOf(Error)
    expect(received).toEqual([])
  })
})
