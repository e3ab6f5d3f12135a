import {
  type Address,
  createPublicClient,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  size,
  slice,
  toHex,
} from 'viem'
import { formatUserOperation, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { canBind } from '../test-utils.js'
import { devnetAccountAbstraction as aa } from './contracts.js'
import { defaultPaymasterPolicy, paymasterRefusedCode } from './policy.js'
import { startAccountAbstraction } from './start.js'

const validateAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function validatePaymasterUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 maxCost) returns (bytes context, uint256 validationData)',
])

let anvil: AnvilInstance
let services: Awaited<ReturnType<typeof startAccountAbstraction>>
beforeAll(async () => {
  anvil = await startAnvil()
  // The bundler starts only on a request to it: these tests never send one, so Alto never loads.
  services = await startAccountAbstraction({ rpcUrl: anvil.rpcUrl })
})
afterAll(async () => {
  await services?.stop()
  await anvil?.stop()
})
afterEach(() => {
  Object.assign(services.paymasterPolicy, defaultPaymasterPolicy())
})

/** An operation as viem's paymaster client sends it (RPC form), with its gas already estimated. */
const operation = (overrides: Record<string, unknown> = {}) => ({
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x0',
  factory: aa.simpleAccountFactory,
  factoryData: '0x5fbfb9cf',
  callData: '0xb61d27f6',
  callGasLimit: '0x5000',
  verificationGasLimit: '0x40000',
  preVerificationGas: '0xc000',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
  signature: '0x',
  ...overrides,
})

async function rpc(method: string, params: unknown[], id = 1) {
  const response = await fetch(services.paymasterUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  })
  return (await response.json()) as {
    id: number
    result?: Record<string, Hex> & { sponsor?: { name: string }; isFinal?: boolean }
    error?: { code: number; message: string }
  }
}

const chainId = toHex(foundry.id)

/** Asks the deployed paymaster itself (as the EntryPoint would) whether it accepts the operation. */
async function validatedOnChain(op: ReturnType<typeof operation>, paymasterData: Hex, gas: Record<string, Hex>) {
  const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const typed = formatUserOperation({
    ...op,
    ...gas,
    paymaster: aa.paymaster,
    paymasterData,
  } as never) as UserOperation<'0.8'>
  const packed = toPackedUserOperation(typed)
  const { data } = await client.call({
    account: aa.entryPoint,
    to: aa.paymaster,
    data: encodeFunctionData({
      abi: validateAbi,
      functionName: 'validatePaymasterUserOp',
      args: [packed, `0x${'00'.repeat(32)}`, 0n],
    }),
  })
  const [, validationData] = decodeFunctionResult({
    abi: validateAbi,
    functionName: 'validatePaymasterUserOp',
    data: data as Hex,
  })
  // ERC-4337 validation data: the low 160 bits are 0 when the signature is valid, 1 when not.
  return (validationData & ((1n << 160n) - 1n)) === 0n
}

describe('devnet paymaster service', () => {
  it('hands out stub data for estimation, then a signature the deployed paymaster accepts', async () => {
    const stub = await rpc('pm_getPaymasterStubData', [
      operation({ callGasLimit: undefined }),
      aa.entryPoint,
      chainId,
      {},
    ])
    expect(stub.result).toMatchObject({
      paymaster: aa.paymaster,
      paymasterVerificationGasLimit: '0x186a0',
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: 'Portico devnet' },
      isFinal: false,
    })
    // validAfter (6 bytes) + validUntil (6 bytes) + a 65-byte signature.
    expect(size(stub.result?.paymasterData as Hex)).toBe(12 + 65)

    const op = operation()
    const { result } = await rpc('pm_getPaymasterData', [op, aa.entryPoint, chainId, {}])
    if (!result) throw new Error('no paymaster data')
    const gas = {
      paymasterVerificationGasLimit: result.paymasterVerificationGasLimit as Hex,
      paymasterPostOpGasLimit: result.paymasterPostOpGasLimit as Hex,
    }
    expect(await validatedOnChain(op, result.paymasterData as Hex, gas)).toBe(true)
    // The signature covers the operation: changing what it calls, or its gas, voids it.
    expect(await validatedOnChain({ ...op, callData: '0xb61d27f7' }, result.paymasterData as Hex, gas)).toBe(false)
    expect(await validatedOnChain({ ...op, callGasLimit: '0x5001' }, result.paymasterData as Hex, gas)).toBe(false)
    // And the stub's signature is not a sponsorship.
    expect(await validatedOnChain(op, stub.result?.paymasterData as Hex, gas)).toBe(false)
    expect(services.sponsored()).toEqual([{ sender: op.sender, nonce: 0n, validUntil: expect.any(Number) }])
  })

  it('a sponsorship on a chain just loaded from its snapshot is valid for the policy time from now', async () => {
    // No block has been mined since the load: the latest block is as old as the snapshot.
    const { result } = await rpc('pm_getPaymasterData', [operation(), aa.entryPoint, chainId, {}])
    const validUntil = Number(slice(result?.paymasterData as Hex, 6, 12))
    expect(validUntil).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3600 - 60)
  })

  it('refuses by policy with the refusal code, and only the devnet chain and EntryPoint', async () => {
    const signedBefore = services.sponsored().length
    services.paymasterPolicy.refuse = true
    expect((await rpc('pm_getPaymasterStubData', [operation(), aa.entryPoint, chainId, {}])).error).toEqual({
      code: paymasterRefusedCode,
      message: 'The paymaster refused to sponsor this operation: sponsorship is switched off',
    })
    services.paymasterPolicy.refuse = false
    services.paymasterPolicy.maxGas = 100_000n
    expect((await rpc('pm_getPaymasterData', [operation(), aa.entryPoint, chainId, {}])).error?.message).toMatch(
      /it asks for \d+ gas, over the policy's 100000$/,
    )

    const wrongEntryPoint = await rpc('pm_getPaymasterData', [
      operation(),
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      chainId,
      {},
    ])
    expect(wrongEntryPoint.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^EntryPoint 0x0+71727/),
    })
    expect((await rpc('pm_getPaymasterData', [operation(), aa.entryPoint, '0x1', {}])).error).toEqual({
      code: -32602,
      message: 'Chain 0x1 is not supported',
    })
    const malformed = await rpc('pm_getPaymasterData', [operation({ sender: 'alice' }), aa.entryPoint, chainId, {}])
    expect(malformed.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: .*sender/) })
    const unknown = await rpc('pm_sponsorUserOperation', [operation(), aa.entryPoint])
    expect(unknown.error?.code).toBe(-32601)
    expect(services.sponsored()).toHaveLength(signedBefore)
  })

  it('answers batches and refuses what is not JSON-RPC', async () => {
    const batch = await fetch(services.paymasterUrl, {
      method: 'POST',
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [operation(), aa.entryPoint, chainId, {}] },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
        { id: 3 },
      ]),
    })
    const answers = (await batch.json()) as { id: number | null; result?: unknown; error?: { code: number } }[]
    expect(answers.map((a) => [a.id, a.error?.code ?? 'ok'])).toEqual([
      [1, 'ok'],
      [2, -32601],
      [null, -32600],
    ])
    const garbage = await fetch(services.paymasterUrl, { method: 'POST', body: '{not json' })
    expect(garbage.status).toBe(400)
    expect(await garbage.json()).toMatchObject({ error: { code: -32700 } })
  })
})

describe('devnet account-abstraction switches over HTTP', () => {
  const switches = (body?: unknown) =>
    fetch(`${services.paymasterUrl}/__devnet/switches`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  it('reads and sets the paymaster policy, all or nothing', async () => {
    expect(await (await switches()).json()).toEqual({
      bundler: 'up',
      bundling: 'auto',
      paymaster: { refuse: false, senders: null, maxGas: null, validForSeconds: 3600 },
    })
    const sender: Address = '0x2222222222222222222222222222222222222222'
    const set = await switches({ paymaster: { refuse: true, senders: [sender], maxGas: '500000' } })
    expect(await set.json()).toMatchObject({ paymaster: { refuse: true, senders: [sender], maxGas: '500000' } })
    expect(services.paymasterPolicy).toMatchObject({ refuse: true, senders: [sender], maxGas: 500_000n })

    const invalid = await switches({ paymaster: { refuse: false }, bundler: 'sideways' })
    expect(invalid.status).toBe(400)
    expect(services.paymasterPolicy.refuse).toBe(true)
    expect((await switches({ nonsense: 1 })).status).toBe(400)
  })

  it('pauses bundling without starting the bundler, and takes the bundler down and back', async () => {
    expect(await (await switches({ bundling: 'paused' })).json()).toMatchObject({ bundling: 'paused' })
    expect(services.bundler.bundlingPaused).toBe(true)
    expect(services.bundler.pid).toBeUndefined()
    await switches({ bundling: 'auto' })

    const port = Number(new URL(services.bundlerUrl).port)
    expect(await (await switches({ bundler: 'down' })).json()).toMatchObject({ bundler: 'down' })
    await expect(fetch(services.bundlerUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
    expect(await canBind(port)).toBe(true)
    expect(await (await switches({ bundler: 'up' })).json()).toMatchObject({ bundler: 'up' })
    expect(await canBind(port)).toBe(false)
  })
})
