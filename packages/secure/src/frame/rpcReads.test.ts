// The wallet methods the frame answers itself (rpcReads.ts's answerLocally): the native balance and
// the calls' status read from the shared devnet's anvil, the answers of a node or bundler on
// 127.0.0.1 that is malformed or refuses, and which grants an origin may list. How handleRpc routes
// to it and wallet_getCapabilities with the EIP-7702 upgrade are in rpc.test.ts; the grants'
// parsing and spending in permissions.test.ts.
import { createTestClient, createWalletClient, type Hex, http, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { beforeEach, describe, expect, inject, test } from 'vitest'
// The devnet the root vitest globalSetup starts; its module types what `inject('devnet')` returns.
import type {} from '../../../headless/src/test/globalDevnet.js'
import { frameTexts } from '../protocol/texts.js'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { updateGrants } from './grants.js'
import type { Grant } from './permissions.js'
import type { RpcContext } from './rpcContext.js'
import { RpcError } from './rpcError.js'
import { answerLocally, list, permissionTypes, rememberCalls, sameAddress } from './rpcReads.js'
import { memoryStore, useStore } from './vault.js'

const { evmRpcUrl } = inject('devnet')
const HOST = 'http://127.0.0.1:5173'
const chainHex = '0x7a69' as Hex

function context(extra: Partial<RpcContext> = {}): RpcContext {
  return {
    hostOrigin: HOST,
    chainId: 31337,
    rpcUrl: evmRpcUrl,
    addresses: { eip155: '0x1111111111111111111111111111111111111111', solana: '' },
    withSecret: () => Promise.reject(new Error('no key is used to read')),
    assertCanSign: () => Promise.reject(new Error('nothing is signed to read')),
    prompt: { show: () => expect.unreachable('no prompt to read'), hidden: () => {} },
    log: () => {},
    now: () => 1_000_000,
    ...extra,
  }
}
const ask = (ctx: RpcContext, method: string, params: unknown, evm = ctx.addresses.eip155) =>
  answerLocally(ctx, method, params, { evm, chainHex })

/** A JSON-RPC server on 127.0.0.1 answering each method with `answers[method]` (a raw body string or a value). */
async function node(answers: Record<string, unknown>) {
  const asked: { method: string; params: unknown }[] = []
  const url = await startLoopbackServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const { method, params, id } = JSON.parse(body) as { method: string; params: unknown; id: number }
      asked.push({ method, params })
      const answer = answers[method]
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        typeof answer === 'string' && answer.startsWith('raw:')
          ? answer.slice(4)
          : JSON.stringify({ jsonrpc: '2.0', id, ...(answer as object) }),
      )
    })
  })
  return { url: `${url}/`, asked }
}

const anvil = createTestClient({ mode: 'anvil', transport: http(evmRpcUrl) })

beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
})

describe('wallet_getAssets', () => {
  test('default: the native balance of the frame’s account on its chain, read from the chain', async () => {
    const evm = privateKeyToAccount(generatePrivateKey()).address
    await anvil.setBalance({ address: evm, value: parseEther('3') })
    const ctx = context({ addresses: { eip155: evm, solana: '' } })
    // The account as the dapp may write it: any case.
    expect(await ask(ctx, 'wallet_getAssets', [{ account: evm.toLowerCase() }])).toEqual({
      [chainHex]: [{ address: '0x0', balance: toHex(parseEther('3')), type: 'native' }],
    })
    expect(await ask(ctx, 'wallet_getAssets', [{ account: evm, chainFilter: [chainHex, '0x1'] }])).toEqual({
      [chainHex]: [{ address: '0x0', balance: '0x29a2241af62c0000', type: 'native' }],
    })
  })

  test('edge: a chain filter without the frame’s chain answers nothing, without asking the node', async () => {
    const { url, asked } = await node({ eth_getBalance: { result: '0x1' } })
    const ctx = context({ rpcUrl: url })
    expect(await ask(ctx, 'wallet_getAssets', [{ account: ctx.addresses.eip155, chainFilter: ['0x1'] }])).toEqual({})
    expect(asked).toEqual([])
  })

  test('error: another account, or none, is refused with -32602 before the node is asked', async () => {
    const { url, asked } = await node({ eth_getBalance: { result: '0x1' } })
    const ctx = context({ rpcUrl: url })
    for (const params of [
      [{ account: '0x2222222222222222222222222222222222222222' }],
      [{}],
      [{ account: 1 }],
      [],
      'not a list',
    ]) {
      const error = await rejection(ask(ctx, 'wallet_getAssets', params))
      expect(error).toBeInstanceOf(RpcError)
      expect(error).toMatchObject({ code: -32602, message: 'Invalid params' })
    }
    expect(asked).toEqual([])
  })

  test('error: a node that is not http(s) is refused with the spec’s text; none at all with -32603', async () => {
    const account = context().addresses.eip155
    for (const [rpcUrl, code, message] of [
      ['ws://127.0.0.1:8545', -32602, 'Provided URL is not compatible with HTTP connection'],
      ['file:///etc/passwd', -32602, 'Provided URL is not compatible with HTTP connection'],
      [undefined, -32603, 'No RPC URL for this network'],
    ] as const) {
      await expect(ask(context({ rpcUrl }), 'wallet_getAssets', [{ account }])).rejects.toMatchObject({ code, message })
    }
  })

  test("error: the node's JSON-RPC error comes back as an RpcError with the node's code", async () => {
    const { url } = await node({ eth_getBalance: { error: { code: -32005, message: 'limit exceeded' } } })
    const ctx = context({ rpcUrl: url })
    const error = await rejection(ask(ctx, 'wallet_getAssets', [{ account: ctx.addresses.eip155 }]))
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: -32005, message: 'limit exceeded' })
  })

  test('error: a node answering something that is not JSON fails the request rather than answering', async () => {
    const { url } = await node({ eth_getBalance: 'raw:<html>502 Bad Gateway</html>' })
    const ctx = context({ rpcUrl: url })
    await expect(ask(ctx, 'wallet_getAssets', [{ account: ctx.addresses.eip155 }])).rejects.toThrow()
  })

  // EIP-7811 (and the frame's own answer shape) says a hex quantity: a wrong or hostile node's
  // number, object, non-hex string or value far beyond 256 bits never crosses to the host.
  for (const [name, result] of [
    ['hex that is not hex', '0xZZ'],
    ['a number', 1000],
    ['an object', { balance: '0x1' }],
    ['a value of 4096 hex digits', `0x${'f'.repeat(4096)}`],
  ] as const) {
    test(`error: a balance that is ${name} is refused, not passed on to the host`, async () => {
      const { url } = await node({ eth_getBalance: { result } })
      const ctx = context({ rpcUrl: url })
      await expect(ask(ctx, 'wallet_getAssets', [{ account: ctx.addresses.eip155 }])).rejects.toBeInstanceOf(RpcError)
    })
  }
})

describe('wallet_getCallsStatus', () => {
  /** A fresh funded key on anvil, sending with an explicit gas limit (no estimation, so a revert lands on chain). */
  async function sender() {
    const account = privateKeyToAccount(generatePrivateKey())
    await anvil.setBalance({ address: account.address, value: parseEther('1') })
    return createWalletClient({ account, transport: http(evmRpcUrl), chain: foundry })
  }
  const reverter = privateKeyToAccount(generatePrivateKey()).address // any fresh address, given code below

  test('error: an unknown bundle id, or one that is not a string, is refused with 5730', async () => {
    for (const params of [['0xnot-sent'], [42], [], undefined]) {
      await expect(ask(context(), 'wallet_getCallsStatus', params)).rejects.toMatchObject({
        code: 5730,
        message: 'Unknown bundle id',
      })
    }
  })

  test('behavior: a batch of mined transactions is 200 with their receipts; one not mined yet keeps it at 100', async () => {
    const wallet = await sender()
    const payee = privateKeyToAccount(generatePrivateKey()).address
    const hash = await wallet.sendTransaction({ to: payee, value: 1n, gas: 21_000n })
    await anvil.mine({ blocks: 1 })
    rememberCalls('mined', { chainId: chainHex, receipts: [hash] })
    const mined = (await ask(context(), 'wallet_getCallsStatus', ['mined'])) as {
      status: number
      receipts: { transactionHash: string; status: string }[]
    }
    expect(mined).toMatchObject({ version: '2.0.0', id: 'mined', chainId: chainHex, atomic: false, status: 200 })
    expect(mined.receipts.map((r) => [r.transactionHash, r.status])).toEqual([[hash, '0x1']])
    const unknown = `0x${'ab'.repeat(32)}` as Hex
    rememberCalls('half', { chainId: chainHex, receipts: [hash, unknown] })
    expect(await ask(context(), 'wallet_getCallsStatus', ['half'])).toMatchObject({ status: 100 })
  })

  // EIP-5792 gives 200 only to a batch "included onchain without reverts" (500 when it all
  // reverted, 600 partly); the kit turns 200 into `status: 'success'`, so a dapp would tell its user
  // a payment went through when its transaction reverted on chain.
  test('error: a batch whose transaction reverted on chain is not reported as 200 (EIP-5792: 500)', async () => {
    await anvil.setCode({ address: reverter, bytecode: '0x60006000fd' }) // REVERT(0, 0)
    const wallet = await sender()
    const hash = await wallet.sendTransaction({ to: reverter, data: '0x', gas: 50_000n })
    await anvil.mine({ blocks: 1 })
    rememberCalls('reverted', { chainId: chainHex, receipts: [hash] })
    const answer = (await ask(context(), 'wallet_getCallsStatus', ['reverted'])) as {
      status: number
      receipts: { status: string }[]
    }
    expect(answer.receipts.map((r) => r.status)).toEqual(['0x0']) // the chain says it reverted
    expect(answer.status).toBe(500)
  })

  test('error: a batch with one transaction reverted and one included is 600 (EIP-5792: partly reverted), with both receipts', async () => {
    await anvil.setCode({ address: reverter, bytecode: '0x60006000fd' }) // REVERT(0, 0)
    const wallet = await sender()
    const payee = privateKeyToAccount(generatePrivateKey()).address
    const failed = await wallet.sendTransaction({ to: reverter, data: '0x', gas: 50_000n })
    const paid = await wallet.sendTransaction({ to: payee, value: 1n, gas: 21_000n })
    await anvil.mine({ blocks: 1 })
    rememberCalls('partly', { chainId: chainHex, receipts: [failed, paid] })
    const answer = (await ask(context(), 'wallet_getCallsStatus', ['partly'])) as {
      status: number
      receipts: { transactionHash: string; status: string }[]
    }
    expect(answer.receipts.map((r) => [r.transactionHash, r.status])).toEqual([
      [failed, '0x0'],
      [paid, '0x1'],
    ])
    expect(answer.status).toBe(600)
  })

  // Not any truthy answer is a receipt: a node answering garbage for eth_getTransactionReceipt does
  // not make the batch included.
  test('error: a receipt that is not an object is not counted as an included transaction', async () => {
    const { url } = await node({ eth_getTransactionReceipt: { result: 'included, trust me' } })
    rememberCalls('garbage', { chainId: chainHex, receipts: [`0x${'cd'.repeat(32)}`] })
    const answer = await ask(context({ rpcUrl: url }), 'wallet_getCallsStatus', ['garbage']).catch(() => undefined)
    expect(answer).not.toMatchObject({ status: 200 })
  })

  test("behavior: a user operation's status is the bundler's receipt: none 100, success 200, failure 500", async () => {
    const receipt = { transactionHash: `0x${'ee'.repeat(32)}`, status: '0x1' }
    for (const [id, result, status] of [
      ['op-pending', null, 100],
      ['op-done', { success: true, receipt }, 200],
      ['op-reverted', { success: false, receipt: { ...receipt, status: '0x0' } }, 500],
    ] as const) {
      const bundler = await node({ eth_getUserOperationReceipt: { result } })
      const userOperation = `0x${'12'.repeat(32)}` as Hex
      rememberCalls(id, { chainId: chainHex, userOperation, bundlerUrl: bundler.url, rpcUrl: undefined })
      const answer = await ask(context(), 'wallet_getCallsStatus', [id])
      expect(answer).toEqual({
        version: '2.0.0',
        id,
        chainId: chainHex,
        atomic: true,
        status,
        ...(result ? { receipts: [result.receipt] } : {}),
      })
      expect(bundler.asked).toEqual([{ method: 'eth_getUserOperationReceipt', params: [userOperation] }])
    }
  })

  test("error: the bundler's refusal comes back as an RpcError with its code", async () => {
    const bundler = await node({ eth_getUserOperationReceipt: { error: { code: -32601, message: 'no such method' } } })
    rememberCalls('op-refused', {
      chainId: chainHex,
      userOperation: `0x${'34'.repeat(32)}`,
      bundlerUrl: bundler.url,
      rpcUrl: undefined,
    })
    await expect(ask(context(), 'wallet_getCallsStatus', ['op-refused'])).rejects.toMatchObject({
      code: -32601,
      message: 'no such method',
    })
  })
})

describe('wallet_getGrantedExecutionPermissions', () => {
  const account = '0xAbCdEf0000000000000000000000000000000001'
  const grant = (id: number, extra: Partial<Grant>): Grant => ({
    id: toHex(id, { size: 32 }),
    account,
    chainId: 31337,
    origin: HOST,
    expiry: 2_000_000,
    grantedAt: 900_000,
    permissions: [],
    spent: {},
    ...extra,
  })

  test("security: only this origin's live grants for the account and chain it sees are listed", async () => {
    await updateGrants(() => ({
      grants: [
        grant(1, {}),
        grant(2, { origin: 'http://127.0.0.1:6666' }),
        grant(3, { account: '0x2222222222222222222222222222222222222222' }),
        grant(4, { chainId: 1 }),
        grant(5, { expiry: 1_000_000 }), // ends exactly now: over
        grant(6, { account: account.toLowerCase() }),
      ],
      result: undefined,
    }))
    const listed = (await ask(context(), 'wallet_getGrantedExecutionPermissions', [], account)) as {
      context: string
      chainId: string
      address: string
    }[]
    expect(listed.map((g) => g.context)).toEqual([toHex(1, { size: 32 }), toHex(6, { size: 32 })])
    expect(listed[0]).toEqual({
      chainId: chainHex,
      address: account,
      expiry: 2_000_000,
      permissions: [],
      permissionsContext: toHex(1, { size: 32 }),
      context: toHex(1, { size: 32 }),
    })
  })

  test('edge: with no grants stored, the list is empty', async () => {
    expect(await ask(context(), 'wallet_getGrantedExecutionPermissions', [])).toEqual([])
  })
})

describe('the rest', () => {
  test('default: accounts, chain id and the permission types advertised', async () => {
    const ctx = context()
    expect(await ask(ctx, 'eth_accounts', [])).toEqual([ctx.addresses.eip155])
    expect(await ask(ctx, 'eth_requestAccounts', [])).toEqual([ctx.addresses.eip155])
    expect(await ask(ctx, 'eth_chainId', [])).toBe(chainHex)
    expect(await ask(ctx, 'wallet_getCapabilities', [])).toEqual({
      [chainHex]: {
        atomic: { status: 'unsupported' },
        permissions: { supported: true, signerTypes: ['account'], permissionTypes: [...permissionTypes] },
      },
    })
  })

  test('error: a method that is not a local one is refused with 4200 and the spec’s text', async () => {
    for (const method of ['eth_sendTransaction', 'personal_sign', 'eth_getBalance', '']) {
      await expect(ask(context(), method, [])).rejects.toMatchObject({ code: 4200, message: frameTexts.notAllowed })
    }
    expect(frameTexts.notAllowed).toBe('Requested RPC call is not allowed')
  })

  test('edge: list and sameAddress take only what has the right type', () => {
    expect(list(['a'])).toEqual(['a'])
    expect(list({ 0: 'a', length: 1 })).toEqual([])
    expect(list(undefined)).toEqual([])
    expect(sameAddress('0xABC', '0xabc')).toBe(true)
    expect(sameAddress('0xabd', '0xabc')).toBe(false)
    expect(sameAddress({ toLowerCase: () => '0xabc' }, '0xabc')).toBe(false)
    expect(sameAddress(undefined, '')).toBe(false)
  })
})
