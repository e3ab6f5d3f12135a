/**
 * The paymaster's answers (`answerPaymasterCall`, ERC-7677 `pm_getPaymasterStubData` and
 * `pm_getPaymasterData`) driven directly: the JSON-RPC error codes of malformed requests, the
 * policy's limits (allow-list, gas cap, switch-off) and that a refusal records nothing, the
 * validity window, what the signature covers, replays and concurrent calls. The chain it reads the
 * latest block from is a loopback JSON-RPC server whose block time each test sets. The HTTP
 * service around it (batches, envelopes, the switches route) and a signature the deployed
 * paymaster accepts on anvil are in paymaster.test.ts; an operation sponsored end to end is in
 * aa.test.ts.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Address, getAddress, type Hex, hexToNumber, recoverTypedDataAddress, size, slice, toHex } from 'viem'
import { formatUserOperation, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { devnetAccountAbstraction as aa } from './contracts.js'
import {
  defaultPaymasterPolicy,
  type PaymasterPolicy,
  type PaymasterSponsorship,
  paymasterRefusedCode,
} from './policy.js'
import { answerPaymasterCall, RpcError, type SponsorContext } from './sponsor.js'

const chainId = '0x7a69'
const NOW = 1_800_000_000
/** The paymaster's own verification limit (what the stub always hands out). */
const PAYMASTER_VERIFICATION_GAS = 100_000n

/** A loopback "chain" answering `eth_getBlockByNumber` with the block time a test sets. */
let chain: Server
let chainUrl: string
let blockTime: number | 'no block' = NOW
beforeAll(async () => {
  chain = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      const result =
        method === 'eth_getBlockByNumber' && blockTime !== 'no block' ? { timestamp: toHex(blockTime) } : null
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
    })
  })
  await new Promise<void>((resolve) => chain.listen(0, '127.0.0.1', resolve))
  chainUrl = `http://127.0.0.1:${(chain.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => chain.close(() => resolve())))

beforeEach(() => {
  // Only the clock is fake (fetch and its sockets keep real timers).
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW * 1000)
  blockTime = NOW
})
afterEach(() => {
  vi.useRealTimers()
})

function service(policy: Partial<PaymasterPolicy> = {}, rpcUrl = chainUrl) {
  const recorded: PaymasterSponsorship[] = []
  const context: SponsorContext = {
    rpcUrl,
    policy: { ...defaultPaymasterPolicy(), ...policy },
    record: (s) => void recorded.push(s),
  }
  const call = (method: string, params: unknown[] | undefined) => answerPaymasterCall(context, method, params)
  const refusal = (method: string, params: unknown[] | undefined) =>
    call(method, params).then(
      (result) => {
        throw new Error(`expected a refusal, got ${JSON.stringify(result)}`)
      },
      (error: unknown) => {
        if (!(error instanceof RpcError)) throw error
        return { code: error.code, message: error.message }
      },
    )
  return { context, recorded, call, refusal }
}

const sender: Address = '0x1111111111111111111111111111111111111111'

/** An operation as viem's paymaster client sends it (RPC form), its gas already estimated. */
const operation = (overrides: Record<string, unknown> = {}) => ({
  sender,
  nonce: '0x5',
  callData: '0xb61d27f6',
  callGasLimit: '0x5000',
  verificationGasLimit: '0x40000',
  preVerificationGas: '0xc000',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
  signature: '0x',
  ...overrides,
})
/** call + verification + pre-verification of {@link operation}: 0x5000 + 0x40000 + 0xc000. */
const operationGas = 0x5000n + 0x40000n + 0xc000n

type Answer = {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: Hex
  paymasterPostOpGasLimit: Hex
  sponsor?: { name: string }
  isFinal?: boolean
}

const window = (paymasterData: Hex) => ({
  validAfter: hexToNumber(slice(paymasterData, 0, 6)),
  validUntil: hexToNumber(slice(paymasterData, 6, 12)),
})

/** Who signed a final answer, over the operation as it will be sent (the EIP-712 request the contract checks). */
async function signerOf(op: ReturnType<typeof operation>, answer: Answer): Promise<Address> {
  const gas = {
    paymasterVerificationGasLimit: BigInt(answer.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: BigInt(answer.paymasterPostOpGasLimit),
  }
  const typed = formatUserOperation(op as never) as UserOperation<'0.8'>
  const packed = toPackedUserOperation({ ...typed, ...gas, paymaster: answer.paymaster, paymasterData: '0x' })
  return recoverTypedDataAddress({
    domain: { name: 'PorticoPaymaster', version: '1', chainId: 31337, verifyingContract: answer.paymaster },
    types: {
      UserOperationRequest: [
        { name: 'sender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'initCode', type: 'bytes' },
        { name: 'callData', type: 'bytes' },
        { name: 'accountGasLimits', type: 'bytes32' },
        { name: 'preVerificationGas', type: 'uint256' },
        { name: 'gasFees', type: 'bytes32' },
        { name: 'paymasterVerificationGasLimit', type: 'uint256' },
        { name: 'paymasterPostOpGasLimit', type: 'uint256' },
        { name: 'validAfter', type: 'uint48' },
        { name: 'validUntil', type: 'uint48' },
      ],
    },
    primaryType: 'UserOperationRequest',
    message: {
      sender: packed.sender,
      nonce: packed.nonce,
      initCode: packed.initCode,
      callData: packed.callData,
      accountGasLimits: packed.accountGasLimits,
      preVerificationGas: packed.preVerificationGas,
      gasFees: packed.gasFees,
      ...gas,
      ...window(answer.paymasterData),
    },
    signature: slice(answer.paymasterData, 12),
  })
}

describe('pm_getPaymasterStubData', () => {
  test("behavior: answers the paymaster's own gas limits and a stub signature, marked not final, and records nothing", async () => {
    const { call, recorded } = service()
    const stub = (await call('pm_getPaymasterStubData', [
      operation({ paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x2' }),
      aa.entryPoint,
      chainId,
      {},
    ])) as Answer
    expect(stub).toEqual({
      paymaster: getAddress(aa.paymaster),
      paymasterData: expect.stringMatching(/^0x[0-9a-f]+$/),
      // What the paymaster's validation needs, whatever the operation asked for.
      paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS),
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: 'Portico devnet' },
      isFinal: false,
    })
    expect(size(stub.paymasterData)).toBe(12 + 65)
    expect(window(stub.paymasterData)).toEqual({ validAfter: 0, validUntil: NOW + 3600 })
    expect(recorded).toEqual([])
  })

  test('edge: a stub without gas limits is not held to maxGas (the gas is not known yet); one with limits is', async () => {
    const { call, refusal } = service({ maxGas: 1n })
    const bare = operation({ callGasLimit: undefined, verificationGasLimit: undefined, preVerificationGas: undefined })
    await expect(call('pm_getPaymasterStubData', [bare, aa.entryPoint, chainId])).resolves.toMatchObject({
      isFinal: false,
    })
    expect(await refusal('pm_getPaymasterStubData', [operation(), aa.entryPoint, chainId])).toEqual({
      code: paymasterRefusedCode,
      message: `The paymaster refused to sponsor this operation: it asks for ${operationGas + PAYMASTER_VERIFICATION_GAS} gas, over the policy's 1`,
    })
  })
})

describe('pm_getPaymasterData', () => {
  test('behavior: signs the operation as it will be sent with the sponsor key, and records the sponsorship', async () => {
    const { call, recorded } = service()
    const op = operation({ sender: sender.toLowerCase(), paymasterVerificationGasLimit: '0x30000' })
    const answer = (await call('pm_getPaymasterData', [op, aa.entryPoint, chainId, {}])) as Answer
    expect(answer).toEqual({
      paymaster: getAddress(aa.paymaster),
      paymasterData: expect.any(String),
      // The final data signs the limits the operation will carry (its own when it has them).
      paymasterVerificationGasLimit: '0x30000',
      paymasterPostOpGasLimit: '0x0',
    })
    expect(window(answer.paymasterData)).toEqual({ validAfter: 0, validUntil: NOW + 3600 })
    expect(await signerOf(op, answer)).toBe(aa.sponsorSigner.address)
    // The signature covers the call and the gas: another call data recovers to someone else.
    expect(await signerOf({ ...op, callData: '0xb61d27f7' }, answer)).not.toBe(aa.sponsorSigner.address)
    expect(await signerOf({ ...op, maxFeePerGas: '0x77359401' }, answer)).not.toBe(aa.sponsorSigner.address)
    expect(recorded).toEqual([{ sender, nonce: 5n, validUntil: NOW + 3600 }])
  })

  test('behavior: valid for validForSeconds from the later of the clock and the latest block', async () => {
    const { call, context } = service({ validForSeconds: 60 })
    const final = async () =>
      window(((await call('pm_getPaymasterData', [operation(), aa.entryPoint, chainId])) as Answer).paymasterData)
    // A chain just loaded from its snapshot: its latest block is a day old.
    blockTime = NOW - 86_400
    expect(await final()).toEqual({ validAfter: 0, validUntil: NOW + 60 })
    // A test moved chain time a day ahead.
    blockTime = NOW + 86_400
    expect(await final()).toEqual({ validAfter: 0, validUntil: NOW + 86_400 + 60 })
    // The policy is live: the next request uses its new value.
    context.policy.validForSeconds = 5
    expect((await final()).validUntil).toBe(NOW + 86_400 + 5)
  })

  test('error: an operation without its gas is refused with -32602 naming the missing fields, and nothing is recorded', async () => {
    const { refusal, recorded } = service()
    const op = operation({ callGasLimit: undefined, maxFeePerGas: undefined })
    expect(await refusal('pm_getPaymasterData', [op, aa.entryPoint, chainId])).toEqual({
      code: -32602,
      message: 'Invalid params: the operation has no callGasLimit, maxFeePerGas',
    })
    expect(recorded).toEqual([])
  })

  test('behavior: a replayed request (the same operation twice) gets the same signature, recorded each time it is signed', async () => {
    const { call, recorded } = service()
    const params = [operation(), aa.entryPoint, chainId, {}]
    const first = (await call('pm_getPaymasterData', params)) as Answer
    const second = (await call('pm_getPaymasterData', params)) as Answer
    expect(second).toEqual(first)
    expect(recorded).toEqual([
      { sender, nonce: 5n, validUntil: NOW + 3600 },
      { sender, nonce: 5n, validUntil: NOW + 3600 },
    ])
  })

  test('behavior: two requests at once are each signed over their own operation', async () => {
    const { call, recorded } = service()
    const other: Address = '0x2222222222222222222222222222222222222222'
    const ops = [operation(), operation({ sender: other, nonce: '0x9', callData: '0xdeadbeef' })]
    const answers = (await Promise.all(
      ops.map((op) => call('pm_getPaymasterData', [op, aa.entryPoint, chainId])),
    )) as Answer[]
    expect(await signerOf(ops[0]!, answers[0]!)).toBe(aa.sponsorSigner.address)
    expect(await signerOf(ops[1]!, answers[1]!)).toBe(aa.sponsorSigner.address)
    expect(answers[0]!.paymasterData).not.toBe(answers[1]!.paymasterData)
    expect(recorded.map((s) => [s.sender, s.nonce]).sort()).toEqual([
      [sender, 5n],
      [other, 9n],
    ])
  })
})

describe('the sponsor policy', () => {
  const methods = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

  test('security: refuse switches off both methods with the refusal code, and a refusal records nothing', async () => {
    const { refusal, recorded } = service({ refuse: true })
    for (const method of methods)
      expect(await refusal(method, [operation(), aa.entryPoint, chainId])).toEqual({
        code: paymasterRefusedCode,
        message: 'The paymaster refused to sponsor this operation: sponsorship is switched off',
      })
    expect(recorded).toEqual([])
  })

  test('security: the allow-list sponsors only its senders (any letter case); an empty list sponsors no one', async () => {
    // A checksummed address (mixed case) listed in lower case.
    const mixed: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
    const listed = service({ senders: [mixed.toLowerCase() as Address] })
    await expect(
      listed.call('pm_getPaymasterData', [operation({ sender: mixed }), aa.entryPoint, chainId]),
    ).resolves.toMatchObject({ paymaster: getAddress(aa.paymaster) })
    const stranger: Address = '0x3333333333333333333333333333333333333333'
    for (const method of methods)
      expect(await listed.refusal(method, [operation({ sender: stranger }), aa.entryPoint, chainId])).toEqual({
        code: paymasterRefusedCode,
        message: `The paymaster refused to sponsor this operation: sender ${stranger} is not on the allow-list`,
      })
    expect(listed.recorded.map((s) => s.sender)).toEqual([mixed])

    const nobody = service({ senders: [] })
    expect((await nobody.refusal('pm_getPaymasterData', [operation(), aa.entryPoint, chainId])).code).toBe(
      paymasterRefusedCode,
    )
    expect(nobody.recorded).toEqual([])
  })

  test("edge: maxGas caps call + verification + pre-verification + the paymaster's limits, at the boundary", async () => {
    const total = operationGas + PAYMASTER_VERIFICATION_GAS
    const exact = service({ maxGas: total })
    await expect(exact.call('pm_getPaymasterData', [operation(), aa.entryPoint, chainId])).resolves.toBeDefined()
    const under = service({ maxGas: total - 1n })
    expect(await under.refusal('pm_getPaymasterData', [operation(), aa.entryPoint, chainId])).toEqual({
      code: paymasterRefusedCode,
      message: `The paymaster refused to sponsor this operation: it asks for ${total} gas, over the policy's ${total - 1n}`,
    })
    // The operation's own paymaster limits count when it carries them.
    const own = operation({ paymasterVerificationGasLimit: '0x10', paymasterPostOpGasLimit: '0x20' })
    await expect(
      service({ maxGas: operationGas + 0x30n }).call('pm_getPaymasterData', [own, aa.entryPoint, chainId]),
    ).resolves.toMatchObject({ paymasterVerificationGasLimit: '0x10', paymasterPostOpGasLimit: '0x20' })
    expect(under.recorded).toEqual([])
  })

  // A zero paymaster verification limit is signed as the paymaster's own 100,000: the cap counts
  // what is signed, so it cannot slip an operation past maxGas.
  test('security: a zero paymaster limit does not slip an operation past maxGas', async () => {
    const { call, recorded } = service({ maxGas: operationGas })
    const op = operation({ paymasterVerificationGasLimit: '0x0' })
    await expect(call('pm_getPaymasterData', [op, aa.entryPoint, chainId])).rejects.toMatchObject({
      code: paymasterRefusedCode,
    })
    expect(recorded).toEqual([])
  })

  test('behavior: params are checked before the policy: a malformed request is -32602 even while sponsorship is off', async () => {
    const { refusal } = service({ refuse: true, senders: [] })
    expect((await refusal('pm_getPaymasterData', [operation({ nonce: 'five' }), aa.entryPoint, chainId])).code).toBe(
      -32602,
    )
    expect((await refusal('pm_getPaymasterData', [operation(), aa.entryPoint, '0x1'])).code).toBe(-32602)
  })
})

describe('malformed requests', () => {
  test('error: malformed user operations are -32602 naming the field, and nothing is recorded', async () => {
    const { refusal, recorded } = service()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ callData: '0xzz' }, /callData/],
      [{ callData: 'b61d27f6' }, /callData/],
      [{ callData: undefined }, /callData/],
      [{ nonce: '0x' }, /nonce/],
      [{ nonce: 5 }, /nonce/],
      // Past uint256: 65 hex digits.
      [{ nonce: `0x1${'0'.repeat(64)}` }, /nonce/],
      [{ callGasLimit: '0x-1' }, /callGasLimit/],
      [{ sender: '0x1234' }, /sender/],
      [{ sender: undefined }, /sender/],
      [{ factory: 'factory' }, /factory/],
      [{ factoryData: '0xg0' }, /factoryData/],
    ]
    for (const [overrides, field] of cases) {
      for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
        const error = await refusal(method, [operation(overrides), aa.entryPoint, chainId])
        expect(error, JSON.stringify(overrides)).toEqual({ code: -32602, message: expect.stringMatching(field) })
        expect(error.message).toMatch(/^Invalid params: /)
      }
    }
    expect(recorded).toEqual([])
  })

  test('error: missing or malformed envelope params are -32602', async () => {
    const { refusal } = service()
    for (const params of [
      undefined,
      [],
      [operation()],
      [operation(), aa.entryPoint],
      ['not an operation', aa.entryPoint, chainId],
      [operation(), 'entrypoint', chainId],
      [operation(), aa.entryPoint, '31337'],
      [operation(), aa.entryPoint, 31337],
    ])
      expect((await refusal('pm_getPaymasterData', params)).code, JSON.stringify(params)).toBe(-32602)
  })

  test('error: another EntryPoint or chain is -32602; the same ones in other spellings are accepted', async () => {
    const { call, refusal } = service()
    const v07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
    expect(await refusal('pm_getPaymasterData', [operation(), v07, chainId])).toEqual({
      code: -32602,
      message: `EntryPoint ${v07} is not supported (the devnet runs v0.8 at ${aa.entryPoint})`,
    })
    expect(await refusal('pm_getPaymasterStubData', [operation(), aa.entryPoint, '0x7a6a'])).toEqual({
      code: -32602,
      message: 'Chain 0x7a6a is not supported',
    })
    await expect(
      call('pm_getPaymasterData', [operation(), aa.entryPoint.toLowerCase(), '0x007A69']),
    ).resolves.toBeDefined()
  })

  test('error: any other method is -32601', async () => {
    const { refusal } = service()
    expect(await refusal('pm_sponsorUserOperation', [operation(), aa.entryPoint, chainId])).toEqual({
      code: -32601,
      message: 'Method pm_sponsorUserOperation is not supported',
    })
    expect((await refusal('eth_chainId', [])).code).toBe(-32601)
  })

  // A gas limit or fee is packed into 128 bits: a larger one is refused as invalid params, not left
  // to fail as an internal error in the packing.
  test('error: a gas limit too large for its 128-bit slot is -32602, not an internal error', async () => {
    const { call } = service()
    const huge = `0x1${'0'.repeat(40)}`
    const error = await call('pm_getPaymasterData', [operation({ callGasLimit: huge }), aa.entryPoint, chainId]).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: -32602 })
  })
})

describe('the chain behind it', () => {
  test('error: a chain that is unreachable or has no latest block is -32603, and nothing is recorded', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const unreachable = service({}, `http://127.0.0.1:${port}`)
    expect(await unreachable.refusal('pm_getPaymasterData', [operation(), aa.entryPoint, chainId])).toEqual({
      code: -32603,
      message: expect.stringMatching(/^The paymaster cannot reach the chain: /),
    })
    expect(unreachable.recorded).toEqual([])

    blockTime = 'no block'
    const blank = service()
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData'])
      expect(await blank.refusal(method, [operation(), aa.entryPoint, chainId])).toEqual({
        code: -32603,
        message: 'The paymaster cannot read the latest block',
      })
    expect(blank.recorded).toEqual([])
  })
})
