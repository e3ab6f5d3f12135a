/**
 * The devnet bundler (`startBundler`): its loopback front (what it answers without loading Alto:
 * parse errors, oversized bodies, the debug methods it keeps for the switches, down/up/stop), and
 * the ERC-4337 JSON-RPC it relays from Alto on a fresh anvil: the methods' shapes, malformed
 * operations refused with -32602, an operation landing on chain with its receipt and by-hash
 * answers, the same operation sent twice at once and again after it landed. Sponsored operations,
 * EIP-7702, pausing and taking the bundler down under a bundler client are in aa.test.ts; the
 * switches over HTTP in paymaster.test.ts and switches.test.ts.
 */
import { request } from 'node:http'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, type Hex, http, isHash, parseEther, toHex } from 'viem'
import { createBundlerClient, formatUserOperationRequest } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { canBind, rawRpc } from '../test-utils.js'
import { type DevnetBundler, startBundler } from './bundler.js'
import { devnetAccountAbstraction as aa } from './contracts.js'

type Reply = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string } }

/** A POST on a connection of its own (no keep-alive pool). */
function freshPost(url: string, body: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', agent: false }, (response) => {
      let text = ''
      response.on('data', (chunk) => {
        text += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

const call = async (url: string, method: string, params: unknown[], id: unknown = 1) =>
  (await rawRpc(url, { jsonrpc: '2.0', id, method, params })).json as Reply

describe('the front, without Alto', () => {
  // Its chain is nowhere: any request that reached Alto would fail the test that made it.
  let bundler: DevnetBundler
  beforeAll(async () => {
    bundler = await startBundler({ rpcUrl: 'http://127.0.0.1:9' })
  })
  afterAll(() => bundler?.stop())

  test('security: refuses a host that is not loopback', async () => {
    await expect(startBundler({ rpcUrl: 'http://127.0.0.1:9', host: '0.0.0.0' })).rejects.toThrow()
  })

  test("security: debug_* methods are refused with -32601 and the call's id, alone or in a batch, and start nothing", async () => {
    expect(await call(bundler.url, 'debug_bundler_setBundlingMode', ['manual'], 'dbg')).toEqual({
      jsonrpc: '2.0',
      id: 'dbg',
      error: {
        code: -32601,
        message: "Method debug_bundler_setBundlingMode is not available: use the devnet's bundler switches",
      },
    })
    // Hidden in a batch behind an ordinary call: the whole batch is refused, nothing is relayed.
    const batch = await rawRpc(`${bundler.url}/rpc`, [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'debug_bundler_clearMempool', params: [] },
    ])
    expect(batch.json).toMatchObject({ id: 2, error: { code: -32601 } })
    expect(bundler.pid).toBeUndefined()
  })

  test('error: a body that is not JSON is a 400 with -32700; one over 1 MiB a 413 with -32600', async () => {
    const garbage = await rawRpc(bundler.url, '{"jsonrpc": "2.0", "method": ')
    expect(garbage).toMatchObject({ status: 400, json: { jsonrpc: '2.0', id: null, error: { code: -32700 } } })
    const huge = await rawRpc(bundler.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendUserOperation',
      params: [{ callData: `0x${'00'.repeat(600_000)}` }, aa.entryPoint],
    })
    expect(huge).toMatchObject({
      status: 413,
      json: { id: null, error: { code: -32600, message: 'Request body too large' } },
    })
    expect(bundler.pid).toBeUndefined()
  })

  test('behavior: pausing before Alto runs only sets the flag; down refuses ready(); up reopens the same port', async () => {
    await bundler.pauseBundling()
    expect(bundler.bundlingPaused).toBe(true)
    expect(bundler.pid).toBeUndefined()
    await bundler.resumeBundling()
    expect(bundler.bundlingPaused).toBe(false)

    const port = Number(new URL(bundler.url).port)
    await bundler.down()
    await bundler.down()
    expect(bundler.isUp).toBe(false)
    expect(await canBind(port)).toBe(true)
    await expect(bundler.ready()).rejects.toThrow('the devnet bundler is down (call up() first)')
    await bundler.up()
    expect(bundler.isUp).toBe(true)
    expect(await canBind(port)).toBe(false)
    // On a new connection (a pooled one died with the old server), the front answers again.
    expect(await freshPost(bundler.url, '[')).toMatchObject({ status: 400, body: { error: { code: -32700 } } })
  })

  test('behavior: stop is idempotent and final: up() after it does not reopen the URL', async () => {
    const other = await startBundler({ rpcUrl: 'http://127.0.0.1:9' })
    const port = Number(new URL(other.url).port)
    const first = other.stop()
    expect(other.stop()).toBe(first)
    await first
    expect(other.isUp).toBe(false)
    await other.up()
    expect(other.isUp).toBe(false)
    expect(await canBind(port)).toBe(true)
  })
})

describe('ERC-4337 JSON-RPC through Alto on anvil', () => {
  let anvil: AnvilInstance
  let bundler: DevnetBundler
  let client: ReturnType<typeof createPublicClient<ReturnType<typeof http>, typeof foundry>>
  beforeAll(async () => {
    anvil = await startAnvil()
    client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 50 })
    // Alto loads in seconds, more on a busy machine: once for the file.
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, eager: true })
  }, 180_000)
  afterAll(async () => {
    await bundler?.stop()
    await anvil?.stop()
  })

  /** A SimpleAccount of a fresh owner, funded with ETH so it pays its own gas (no paymaster). */
  async function fundedAccount() {
    const account = await toSimpleSmartAccount({
      client,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: aa.entryPoint, version: '0.8' },
      factoryAddress: aa.simpleAccountFactory,
    })
    await client.request({ method: 'anvil_setBalance', params: [account.address, toHex(parseEther('1'))] } as never)
    return account
  }

  /** A signed operation in its JSON-RPC form, and the account. */
  async function signedOperation() {
    const account = await fundedAccount()
    const bundlerClient = createBundlerClient({ client, account, transport: http(bundler.url) })
    const prepared = await bundlerClient.prepareUserOperation({
      calls: [{ to: privateKeyToAccount(generatePrivateKey()).address, value: 1n }],
    })
    const signature = await account.signUserOperation(prepared)
    const operation = { ...prepared, signature }
    return { account, operation, rpc: formatUserOperationRequest(operation) }
  }

  test('behavior: answers eth_supportedEntryPoints and eth_chainId for the devnet, on / and /rpc', async () => {
    for (const path of ['', '/rpc']) {
      expect(await call(`${bundler.url}${path}`, 'eth_supportedEntryPoints', [], 4)).toEqual({
        jsonrpc: '2.0',
        id: 4,
        result: [aa.entryPoint],
      })
      expect((await call(`${bundler.url}${path}`, 'eth_chainId', [])).result).toBe(toHex(foundry.id))
    }
    expect(bundler.pid).toBeTypeOf('number')
  })

  test('default: an operation it never saw has no receipt and no by-hash answer (null, not an error)', async () => {
    const unknown = `0x${'ab'.repeat(32)}`
    expect(await call(bundler.url, 'eth_getUserOperationReceipt', [unknown], 2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: null,
    })
    expect(await call(bundler.url, 'eth_getUserOperationByHash', [unknown], 3)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: null,
    })
  })

  const foreignEntryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

  test('error: a malformed hash, or another EntryPoint, is -32602', async () => {
    const { rpc } = await signedOperation()
    const cases: [string, unknown[], RegExp][] = [
      ['eth_getUserOperationReceipt', ['0x1234'], /userOpHash/],
      ['eth_getUserOperationByHash', ['not a hash'], /userOpHash/],
      ['eth_sendUserOperation', [rpc, foreignEntryPoint], /EntryPoint 0x0+71727\w+ not supported/],
      ['eth_estimateUserOperationGas', [rpc, foreignEntryPoint], /EntryPoint 0x0+71727\w+ not supported/],
    ]
    for (const [method, params, message] of cases)
      expect(await call(bundler.url, method, params, 11), method).toEqual({
        jsonrpc: '2.0',
        id: 11,
        error: { code: -32602, message: expect.stringMatching(message) },
      })
  })

  /** Malformed operations (bad hex, a value past uint256, a missing field or EntryPoint) and the field each names. */
  const malformed = (rpc: Record<string, unknown>): [string, unknown[], RegExp][] => [
    ['eth_sendUserOperation', [{ ...rpc, callData: '0xzz' }, aa.entryPoint], /callData/],
    ['eth_sendUserOperation', [{ ...rpc, sender: '0x1234' }, aa.entryPoint], /sender/],
    ['eth_sendUserOperation', [{ ...rpc, nonce: `0x1${'0'.repeat(64)}` }, aa.entryPoint], /nonce/],
    ['eth_sendUserOperation', [{ ...rpc, callData: undefined }, aa.entryPoint], /callData/],
    ['eth_sendUserOperation', [rpc], /params/],
    ['eth_estimateUserOperationGas', [{ ...rpc, maxFeePerGas: 'lots' }, aa.entryPoint], /maxFeePerGas/],
  ]

  test('error: a malformed operation is refused with a validation error naming the field, and nothing is taken', async () => {
    const { rpc } = await signedOperation()
    for (const [method, params, field] of malformed(rpc)) {
      const reply = await call(bundler.url, method, params, 12)
      expect(reply.result, method).toBeUndefined()
      expect(reply.error?.message, method).toMatch(/^Validation error: /)
      expect(reply.error?.message, method).toMatch(field)
    }
    // None of them was taken: the well-formed operation is still new to the bundler.
    expect((await call(bundler.url, 'eth_sendUserOperation', [rpc, aa.entryPoint])).result).toMatch(/^0x[0-9a-f]{64}$/)
  })

  // The code of those refusals is Alto's, relayed unchanged as a hosted Alto would answer it: -32601
  // with "Validation error: …" (JSON-RPC would say -32602); the test above pins what a client can
  // rely on, the field named and nothing taken.

  test('behavior: eth_estimateUserOperationGas answers hex gas limits for a well-formed operation', async () => {
    const { rpc } = await signedOperation()
    const reply = await call(bundler.url, 'eth_estimateUserOperationGas', [rpc, aa.entryPoint])
    const result = reply.result as Record<string, Hex>
    for (const field of ['preVerificationGas', 'verificationGasLimit', 'callGasLimit'])
      expect(result[field], field).toMatch(/^0x[0-9a-f]+$/)
    expect(BigInt(result.callGasLimit as Hex)).toBeGreaterThan(0n)
  })

  test('behavior: the same operation sent twice at once is taken once; it lands, and sent again it is refused', async () => {
    const { account, rpc } = await signedOperation()
    const send = () => call(bundler.url, 'eth_sendUserOperation', [rpc, aa.entryPoint])
    const replies = await Promise.all([send(), send()])
    const accepted = replies.filter((r) => r.result !== undefined)
    expect(accepted).toEqual([{ jsonrpc: '2.0', id: 1, result: expect.stringMatching(/^0x[0-9a-f]{64}$/) }])
    expect(replies.filter((r) => r.error !== undefined)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Already known' } },
    ])
    const hash = accepted[0]?.result as Hex

    const bundlerClient = createBundlerClient({ client, transport: http(bundler.url), pollingInterval: 50 })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })
    expect(receipt).toMatchObject({ userOpHash: hash, sender: account.address, success: true })
    expect(receipt.entryPoint.toLowerCase()).toBe(aa.entryPoint.toLowerCase())
    expect(BigInt(receipt.nonce)).toBe(BigInt(rpc.nonce))
    expect(receipt.actualGasCost).toBeGreaterThan(0n)
    // The receipt is the chain's: the account exists now.
    const mined = await client.getTransactionReceipt({ hash: receipt.receipt.transactionHash })
    expect(mined.status).toBe('success')
    // The hash the bundler answered is the EntryPoint's own (its UserOperationEvent's topic).
    const event = mined.logs.find((log) => log.address.toLowerCase() === aa.entryPoint.toLowerCase())
    expect(mined.logs.some((log) => log.topics[1] === hash)).toBe(true)
    expect(event).toBeDefined()
    expect((await client.getCode({ address: account.address }))?.length).toBeGreaterThan(2)

    // The raw wire shapes.
    const raw = (await call(bundler.url, 'eth_getUserOperationReceipt', [hash])).result as Record<string, unknown>
    expect(raw).toMatchObject({ userOpHash: hash, success: true, sender: account.address })
    expect(raw.actualGasCost).toMatch(/^0x[0-9a-f]+$/)
    const byHash = (await call(bundler.url, 'eth_getUserOperationByHash', [hash])).result as Record<string, unknown>
    expect(byHash).toMatchObject({
      entryPoint: aa.entryPoint,
      transactionHash: receipt.receipt.transactionHash,
      userOperation: { sender: account.address, callData: rpc.callData },
    })
    expect(isHash(byHash.blockHash as string)).toBe(true)

    // A replay of the landed operation: its nonce is used, it is refused and nothing new lands.
    const blockBefore = await client.getBlockNumber()
    const replay = await send()
    expect(replay.result).toBeUndefined()
    expect(replay.error?.code).toBeTypeOf('number')
    expect(replay.error?.message).toMatch(/nonce|AA25|already/i)
    expect(await client.getBlockNumber()).toBe(blockBefore)
  }, 120_000)

  test('behavior: two different operations sent at once both land, each with its own receipt', async () => {
    const [one, two] = await Promise.all([signedOperation(), signedOperation()])
    const replies = await Promise.all(
      [one, two].map(({ rpc }) => call(bundler.url, 'eth_sendUserOperation', [rpc, aa.entryPoint])),
    )
    const hashes = replies.map((r) => r.result as Hex)
    expect(hashes.every((hash) => isHash(hash))).toBe(true)
    expect(hashes[0]).not.toBe(hashes[1])
    const bundlerClient = createBundlerClient({ client, transport: http(bundler.url), pollingInterval: 50 })
    const receipts = await Promise.all(
      hashes.map((hash) => bundlerClient.waitForUserOperationReceipt({ hash, timeout: 60_000 })),
    )
    expect(receipts.map((r) => [r.userOpHash, r.sender, r.success])).toEqual([
      [hashes[0], one.account.address, true],
      [hashes[1], two.account.address, true],
    ])
  }, 120_000)
})
