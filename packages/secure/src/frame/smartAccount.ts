import {
  type Address,
  concat,
  createClient,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
  type SignedAuthorization,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Abi,
  entryPoint08Address,
  formatUserOperationRequest,
  getUserOperationHash,
  getUserOperationReceipt,
  prepareUserOperation,
  type SmartAccount,
  toSimple7702SmartAccount,
  toSoladySmartAccount,
  type UserOperation,
  type UserOperationReceipt,
} from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { getChainId } from 'viem/actions'
import { defaultReceiptTimeoutMs } from '../receiptTimeout.js'
import { simple7702Implementation } from './delegation.js'
import { chainClient, type WithOwner } from './eip155Client.js'
import { bundlerError, bundlerOrigin, isRefusal, revertedError } from './operationErrors.js'
import { RpcError } from './rpcError.js'

/**
 * The embedded user's smart account on eip155, built in the frame from the embedded key.
 *
 * The account is Solady's ERC4337 on EntryPoint v0.8 (`PorticoAccount`, see the devnet's
 * `contracts/PorticoAccount.sol`), through viem's `toSoladySmartAccount`. It is chosen for its
 * signatures: it validates them by ERC-1271 with ERC-7739's nested typed data, so a message signed
 * here for the smart account verifies for its address (deployed by ERC-1271, before its first
 * operation by ERC-6492, which viem wraps), as a sign-in needs. eth-infinitism's SimpleAccount,
 * the account before this one, has no `isValidSignature`: its owner's signature verified for no
 * one. The factory is deployed through the deterministic deployment proxy with the zero salt, so
 * it has the same address on every chain it is deployed on; an owner's account address is fixed by
 * the salt, whose first 20 bytes are the owner (the factory refuses any other caller's claim).
 *
 * The EIP-7702 path keeps the EOA's own address: the EOA delegates to eth-infinitism's
 * Simple7702Account (viem's `toSimple7702SmartAccount`), and its operations go through the same
 * bundler and paymaster. The delegation's authorization is signed only after the user approved
 * it; the bundler and the paymaster see viem's stub authorization while the operation is prepared.
 */

/** The PorticoAccount factory (Solady's ERC4337Factory), at its deterministic address. */
export const smartAccountFactory: Address = '0xF92646A35dA97FE1f6865024F8EC86c6c8402222'

/** The spec's error when a user operation's receipt never comes. */
export const receiptFailedText = 'Failed to fetch user operation receipt - status'

/** Where the smart account's operations go: the host gives both URLs (like the chain's rpcUrl). */
export type SmartAccountEndpoints = {
  rpcUrl: string | undefined
  bundlerUrl: string
  /** An ERC-7677 paymaster service; without one the user pays the gas. */
  paymasterUrl?: string | undefined
}

function bundlerClientFor(client: PublicClient, endpoints: SmartAccountEndpoints) {
  return createBundlerClient({ client, transport: http(endpoints.bundlerUrl, { retryCount: 0 }) })
}

/**
 * An owner that holds no key: each signature rebuilds the key for that one call (the frame's
 * `withSecret`), so building the account (its address, gas estimation) never touches the key.
 */
function lazyOwner(address: Address, withOwner: WithOwner): LocalAccount {
  return toAccount({
    address,
    signMessage: (parameters) => withOwner((owner) => owner.signMessage(parameters)),
    signTransaction: (transaction, options) => withOwner((owner) => owner.signTransaction(transaction, options)),
    signTypedData: (typedData) => withOwner((owner) => owner.signTypedData(typedData as never)),
    sign: (parameters) =>
      withOwner(async (owner) => {
        if (!owner.sign) throw new Error('This key cannot sign a hash')
        return owner.sign(parameters)
      }),
    signAuthorization: (authorization) =>
      withOwner(async (owner) => {
        if (!owner.signAuthorization) throw new Error('This key cannot sign an EIP-7702 authorization')
        return owner.signAuthorization(authorization)
      }),
  })
}

const addresses = new Map<string, Address>()

/**
 * The smart account of `owner` on the chain behind `rpcUrl`: counterfactual until its first
 * operation deploys it. Its address comes from the EntryPoint (`getSenderAddress`), once per
 * chain and owner.
 *
 * @example
 * const account = await smartAccountOf(rpcUrl, owner, (use) => withSecret((key) => use(privateKeyToAccount(key))))
 */
export async function smartAccountOf(
  rpcUrl: string | undefined,
  owner: Address,
  withOwner: WithOwner,
): Promise<SmartAccount> {
  const client = await chainClient(rpcUrl)
  const key = `${rpcUrl}|${owner.toLowerCase()}`
  const known = addresses.get(key)
  const account = await toSoladySmartAccount({
    client,
    owner: lazyOwner(owner, withOwner),
    entryPoint: { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' },
    factoryAddress: smartAccountFactory,
    // The owner first: the factory deploys a salt only for the owner it starts with.
    salt: concat([owner.toLowerCase() as Address, '0x000000000000000000000000']),
    ...(known ? { address: known } : {}),
  })
  addresses.set(key, account.address)
  return account
}

/** What signs a message or typed data for one of the user's EVM addresses. */
export type MessageSigner = Pick<SmartAccount, 'address' | 'signMessage' | 'signTypedData'>

/**
 * Who signs messages for `address`: the smart account when `address` is the user's ERC-4337
 * account in use (ERC-7739's nested typed data by the owner key, wrapped in ERC-6492 until its
 * first operation deploys it, so verifiers accept it for that address), else the owner key itself
 * (the EOA, and the EOA upgraded in place, whose address is the key's).
 *
 * @example
 * const signer = await messageSignerFor(address, context.smartAccount, { rpcUrl, owner, withOwner })
 * const signature = await signer.signMessage({ message })
 */
export async function messageSignerFor(
  address: string,
  active: { address: string; kind?: 'smartAccount' | 'eip7702' | undefined } | undefined,
  { rpcUrl, owner, withOwner }: { rpcUrl: string | undefined; owner: Address; withOwner: WithOwner },
): Promise<MessageSigner> {
  if (active && active.kind !== 'eip7702' && address.toLowerCase() === active.address.toLowerCase())
    return smartAccountOf(rpcUrl, owner, withOwner)
  return {
    address: owner,
    signMessage: (parameters) => withOwner((key) => key.signMessage(parameters)),
    signTypedData: (parameters) => withOwner((key) => key.signTypedData(parameters as never)),
  }
}

/**
 * The user's EOA as a smart account through EIP-7702: the same address, running
 * Simple7702Account's code once delegated. Before the delegation its operations carry viem's stub
 * authorization; {@link sendOperation} signs the real one after the approval.
 *
 * @example
 * const account = await delegatedAccountOf(rpcUrl, owner, withOwner)
 */
export async function delegatedAccountOf(
  rpcUrl: string | undefined,
  owner: Address,
  withOwner: WithOwner,
): Promise<SmartAccount> {
  const client = await chainClient(rpcUrl)
  return toSimple7702SmartAccount({
    client,
    // Both signers the implementation needs (`sign`, `signAuthorization`) are set in lazyOwner.
    owner: lazyOwner(owner, withOwner) as Parameters<typeof toSimple7702SmartAccount>[0]['owner'],
    implementation: simple7702Implementation,
  })
}

/**
 * Whether the smart account has code on chain (its first operation deployed it).
 *
 * @example
 * const deployed = await isDeployed(rpcUrl, account.address)
 */
export async function isDeployed(rpcUrl: string | undefined, address: Address): Promise<boolean> {
  const code = await (await chainClient(rpcUrl)).getCode({ address })
  return code !== undefined && code !== '0x'
}

/** A prepared operation, and who pays its gas (shown in the approval before anything is signed). */
export type PreparedOperation = {
  operation: UserOperation<'0.8'>
  /** `true` when the paymaster signed to pay; `false` when the smart account pays. */
  sponsored: boolean
  /** Why the paymaster did not sponsor it (its own words), when a paymaster was asked. */
  refusal?: string | undefined
  /** Most the account can be charged in wei when it pays (gas limits times the max fee). */
  maxCost: bigint
  /**
   * The EIP-7702 delegation the operation carries (the EOA's first operation): the implementation
   * and the authorization's nonce. Prepared with viem's stub; signed for real only when sent.
   */
  delegation?: { implementation: Address; nonce: number; chainId: number } | undefined
}

/** The delegation an operation carries (viem adds its stub authorization while the EOA has no code). */
function delegationIn(operation: UserOperation<'0.8'>): PreparedOperation['delegation'] {
  const authorization = operation.authorization as SignedAuthorization | undefined
  if (!authorization) return undefined
  return { implementation: authorization.address, nonce: authorization.nonce, chainId: authorization.chainId }
}

/**
 * Prepares one user operation of `calls` (nonce, gas, fees, and the paymaster's data when the host
 * configured a paymaster). When the paymaster refuses, the operation is prepared again for the
 * account to pay, and the refusal is kept so the approval can say so.
 *
 * @example
 * const { operation, sponsored } = await prepareOperation(endpoints, account, [{ to, value }])
 */
export async function prepareOperation(
  endpoints: SmartAccountEndpoints,
  account: SmartAccount,
  calls: readonly { to: Address; value?: bigint | undefined; data?: Hex | undefined }[],
): Promise<PreparedOperation> {
  const bundler = bundlerClientFor(account.client as PublicClient, endpoints)
  const prepare = (paymaster: ReturnType<typeof createPaymasterClient> | undefined) =>
    prepareUserOperation(bundler, {
      account,
      calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
      ...(paymaster ? { paymaster } : {}),
    }) as Promise<UserOperation<'0.8'>>
  let refusal: string | undefined
  if (endpoints.paymasterUrl) {
    try {
      const operation = await prepare(
        createPaymasterClient({ transport: http(endpoints.paymasterUrl, { retryCount: 0 }) }),
      )
      return { operation, sponsored: true, maxCost: 0n, delegation: delegationIn(operation) }
    } catch (error) {
      refusal = isRefusal(error)
      if (refusal === undefined) throw bundlerError(error, endpoints.bundlerUrl)
    }
  }
  try {
    const operation = await prepare(undefined)
    const gas =
      operation.callGasLimit +
      operation.verificationGasLimit +
      operation.preVerificationGas +
      (operation.paymasterVerificationGasLimit ?? 0n) +
      (operation.paymasterPostOpGasLimit ?? 0n)
    return {
      operation,
      sponsored: false,
      refusal,
      maxCost: gas * operation.maxFeePerGas,
      delegation: delegationIn(operation),
    }
  } catch (error) {
    throw bundlerError(error, endpoints.bundlerUrl)
  }
}

/**
 * Signs `prepared` with the owner key (in the frame) and hands it to the bundler: one operation,
 * exactly as prepared and approved. Returns the operation's hash.
 *
 * @example
 * const hash = await sendOperation(endpoints, account, prepared)
 */
export async function sendOperation(
  endpoints: SmartAccountEndpoints,
  account: SmartAccount,
  prepared: PreparedOperation,
): Promise<Hex> {
  const bundler = bundlerClientFor(account.client as PublicClient, endpoints)
  try {
    let operation = prepared.operation
    const delegation = prepared.delegation
    if (delegation) {
      // The approved delegation, signed now: the same implementation, chain and nonce as the stub
      // the operation was prepared (and sponsored) with, so its gas and the paymaster's data hold.
      const owner = (account as { authorization?: { account: LocalAccount } }).authorization?.account
      if (!owner?.signAuthorization) throw new RpcError('This account cannot sign an EIP-7702 authorization', -32603)
      const authorization = await owner.signAuthorization({
        chainId: delegation.chainId,
        nonce: delegation.nonce,
        contractAddress: delegation.implementation,
      })
      operation = { ...operation, authorization }
    }
    const signature = await account.signUserOperation(operation)
    const signed = { ...operation, signature }
    const answered: unknown = await bundler.request({
      method: 'eth_sendUserOperation' as never,
      params: [formatUserOperationRequest(signed), account.entryPoint.address] as never,
    })
    // The bundler's answer is this operation's hash, or it is not believed: another operation's
    // (one that landed) would have waitForOperation report that operation's receipt as this one's.
    const own = getUserOperationHash({
      chainId: account.client.chain?.id ?? (await getChainId(account.client)),
      entryPointAddress: account.entryPoint.address,
      entryPointVersion: account.entryPoint.version,
      userOperation: signed,
    })
    if (typeof answered !== 'string' || answered.toLowerCase() !== own.toLowerCase())
      throw new RpcError(
        `The bundler answered with another operation's hash (${bundlerOrigin(endpoints.bundlerUrl)})`,
        -32603,
      )
    return own
  } catch (error) {
    throw bundlerError(error, endpoints.bundlerUrl)
  }
}

/**
 * Polls the bundler's `eth_getUserOperationReceipt` until the operation is included; when no
 * receipt of this operation comes within `timeoutMs` (the bundler stops answering, answers
 * unreadably, or answers another operation's receipt), ends with the spec's
 * 'Failed to fetch user operation receipt - status' error, so no request stays pending.
 *
 * @example
 * const receipt = await waitForOperation(endpoints, hash, { timeoutMs: 60_000 })
 */
export async function waitForOperation(
  endpoints: Pick<SmartAccountEndpoints, 'bundlerUrl'>,
  hash: Hex,
  {
    timeoutMs = defaultReceiptTimeoutMs,
    intervalMs = 500,
  }: { timeoutMs?: number | undefined; intervalMs?: number } = {},
): Promise<UserOperationReceipt> {
  const bundler = createClient({ transport: http(endpoints.bundlerUrl, { retryCount: 0 }) })
  const end = Date.now() + timeoutMs
  for (;;) {
    try {
      const receipt = await getUserOperationReceipt(bundler, { hash })
      // A receipt of another operation is no answer (a broken or hostile bundler): its transaction
      // hash would be passed off as this operation's.
      if (receipt.userOpHash?.toLowerCase() === hash.toLowerCase()) return receipt
    } catch {
      // Not included yet, or the bundler did not answer this poll: both are retried until the end.
    }
    if (Date.now() >= end) break
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new RpcError(receiptFailedText, -32603)
}

/**
 * Waits for the operation like {@link waitForOperation}, and ends a reverted one (the receipt's
 * `success: false`) with its typed error: the reason decoded from the receipt's revert data, the
 * operation's and the bundle transaction's hashes.
 *
 * @example
 * const { receipt } = await confirmOperation(endpoints, hash) // throws OperationRevertedError
 */
export async function confirmOperation(
  endpoints: Pick<SmartAccountEndpoints, 'bundlerUrl'>,
  hash: Hex,
  options?: { timeoutMs?: number | undefined; intervalMs?: number },
): Promise<UserOperationReceipt> {
  const receipt = await waitForOperation(endpoints, hash, options)
  if (receipt.success) return receipt
  const data = typeof receipt.reason === 'string' && /^0x[0-9a-fA-F]*$/.test(receipt.reason) ? receipt.reason : '0x'
  const error = revertedError(data as Hex, { userOpHash: hash, transactionHash: receipt.receipt.transactionHash })
  // A bundler that writes the reason out (not as revert data) still gives it.
  if (!error.data.reason && receipt.reason && data === '0x') error.data.reason = receipt.reason.slice(0, 512)
  throw error
}
