/**
 * The paymaster service's answers (loaded on its first request: zod and viem's
 * account-abstraction utilities stay out of a devnet start that never sponsors anything).
 */
import { type Address, concat, getAddress, type Hex, isAddressEqual, numberToHex, toHex } from 'viem'
import { formatUserOperation, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { evmChainId } from '../accounts.js'
import { devnetAccountAbstraction } from './contracts.js'
import { type PaymasterPolicy, type PaymasterSponsorship, paymasterRefusedCode } from './policy.js'

/**
 * What the paymaster's validation may use: an EIP-712 hash of the operation and one ecrecover
 * (about 40,000 gas for a large batch); with room, so the estimate never runs it short.
 */
const PAYMASTER_VERIFICATION_GAS = 100_000n
/** `PorticoPaymaster` returns no context, so the EntryPoint never calls its postOp. */
const PAYMASTER_POST_OP_GAS = 0n
/** A well-formed ECDSA signature that recovers to nobody: the stub costs what the real one will. */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected a hex string')
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a hex quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address')
// Gas limits and fees are packed two to a word (accountGasLimits, gasFees, paymasterAndData).
const gas128 = z.string().regex(/^0x[0-9a-fA-F]{1,32}$/, 'expected a hex quantity of at most 128 bits')
const userOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: z.union([address, z.literal('0x7702')]).nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: gas128.nullish(),
  verificationGasLimit: gas128.nullish(),
  preVerificationGas: quantity.nullish(),
  maxFeePerGas: gas128.nullish(),
  maxPriorityFeePerGas: gas128.nullish(),
  paymasterVerificationGasLimit: gas128.nullish(),
  paymasterPostOpGasLimit: gas128.nullish(),
})
const paramsSchema = z.tuple([userOperationSchema.loose(), address, quantity]).rest(z.unknown())

/** A JSON-RPC error the service answers with its code. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const userOperationRequestTypes = {
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
} as const

/** What a paymaster answer needs from the running service. */
export interface SponsorContext {
  rpcUrl: string
  policy: PaymasterPolicy
  /** Records a signed sponsorship. */
  record(sponsorship: PaymasterSponsorship): void
}

const signer = privateKeyToAccount(devnetAccountAbstraction.sponsorSigner.privateKey)
const paymaster = getAddress(devnetAccountAbstraction.paymaster)

/** Answers one paymaster RPC call; throws {@link RpcError}. */
export async function answerPaymasterCall(
  context: SponsorContext,
  method: string,
  params: unknown[] | undefined,
): Promise<unknown> {
  const { policy } = context
  const latestBlockTime = async (): Promise<number> => {
    const response = await fetch(context.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }),
    }).catch((error: Error) => {
      throw new RpcError(-32603, `The paymaster cannot reach the chain: ${error.message}`)
    })
    const reply = (await response.json().catch(() => ({}))) as { result?: { timestamp?: string } }
    if (!reply.result?.timestamp) throw new RpcError(-32603, 'The paymaster cannot read the latest block')
    return Number(reply.result.timestamp)
  }

  if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData')
    throw new RpcError(-32601, `Method ${method} is not supported`)
  const parsed = paramsSchema.safeParse(params ?? [])
  if (!parsed.success)
    throw new RpcError(-32602, `Invalid params: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`)
  const [rpcOperation, entryPoint, chainId] = parsed.data
  if (!isAddressEqual(entryPoint as Address, devnetAccountAbstraction.entryPoint))
    throw new RpcError(
      -32602,
      `EntryPoint ${entryPoint} is not supported (the devnet runs v0.8 at ${devnetAccountAbstraction.entryPoint})`,
    )
  if (BigInt(chainId) !== BigInt(evmChainId)) throw new RpcError(-32602, `Chain ${chainId} is not supported`)

  const operation = formatUserOperation(rpcOperation as never) as UserOperation<'0.8'>
  // The stub always carries the paymaster's own limits (what its validation needs); the final
  // data signs the limits the operation will be sent with.
  const stub = method === 'pm_getPaymasterStubData'
  const gas = {
    paymasterVerificationGasLimit: (!stub && operation.paymasterVerificationGasLimit) || PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: (!stub && operation.paymasterPostOpGasLimit) || PAYMASTER_POST_OP_GAS,
  }
  // The cap counts the limits that are signed, not the ones asked for (a zero is signed as the default).
  refuseByPolicy(policy, { ...operation, ...gas })
  const validAfter = 0
  // The latest block can be older than the clock (a chain just loaded from its snapshot) or
  // newer (a test moved chain time forward); the next block is never before either, and the
  // bundler checks expiry against the clock.
  const validUntil = Math.max(await latestBlockTime(), Math.floor(Date.now() / 1000)) + policy.validForSeconds
  const window = concat([numberToHex(validAfter, { size: 6 }), numberToHex(validUntil, { size: 6 })])
  const gasReply = {
    paymasterVerificationGasLimit: toHex(gas.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: toHex(gas.paymasterPostOpGasLimit),
  }

  if (stub) {
    return {
      paymaster,
      paymasterData: concat([window, STUB_SIGNATURE]),
      ...gasReply,
      sponsor: { name: 'Portico devnet' },
      isFinal: false,
    }
  }

  const missing = (
    ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const
  ).filter((field) => operation[field] === undefined)
  if (missing.length > 0) throw new RpcError(-32602, `Invalid params: the operation has no ${missing.join(', ')}`)
  // Sign the fields exactly as the EntryPoint will see them: viem's packing is the one the
  // bundler (Alto) uses to build handleOps.
  const packed = toPackedUserOperation({ ...operation, ...gas, paymaster, paymasterData: '0x', signature: '0x' })
  const signature = await signer.signTypedData({
    domain: { name: 'PorticoPaymaster', version: '1', chainId: evmChainId, verifyingContract: paymaster },
    types: userOperationRequestTypes,
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
      validAfter,
      validUntil,
    },
  })
  context.record({ sender: getAddress(operation.sender), nonce: operation.nonce, validUntil })
  return { paymaster, paymasterData: concat([window, signature]), ...gasReply }
}

/** Throws the refusal the policy gives for this operation, if any. */
function refuseByPolicy(policy: PaymasterPolicy, operation: UserOperation<'0.8'>): void {
  const refused = (reason: string) =>
    new RpcError(paymasterRefusedCode, `The paymaster refused to sponsor this operation: ${reason}`)
  if (policy.refuse) throw refused('sponsorship is switched off')
  if (policy.senders && !policy.senders.some((sender) => isAddressEqual(sender, operation.sender)))
    throw refused(`sender ${operation.sender} is not on the allow-list`)
  if (policy.maxGas !== null) {
    const limits = [
      operation.callGasLimit,
      operation.verificationGasLimit,
      operation.preVerificationGas,
      operation.paymasterVerificationGasLimit,
      operation.paymasterPostOpGasLimit,
    ]
    if (limits.every((limit) => limit !== undefined)) {
      const total = limits.reduce<bigint>((sum, limit) => sum + (limit ?? 0n), 0n)
      if (total > policy.maxGas) throw refused(`it asks for ${total} gas, over the policy's ${policy.maxGas}`)
    }
  }
}
