import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  type Address,
  BaseError,
  bytesToHex,
  type Chain,
  createClient,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
  type SignedAuthorization,
  zeroAddress,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Address,
  formatUserOperationRequest,
  getUserOperationReceipt,
  prepareUserOperation,
  type SmartAccount,
  toSimple7702SmartAccount,
  type UserOperation,
  type UserOperationReceipt,
} from 'viem/account-abstraction'
import { privateKeyToAccount, toAccount } from 'viem/accounts'
import { defaultReceiptTimeoutMs } from '../receiptTimeout.js'
import { httpRpcUrl, OperationRevertedError, RpcError } from './rpcError.js'

/**
 * The embedded user's smart account on eip155, built in the frame from the embedded key.
 *
 * The account is eth-infinitism's SimpleAccount (v0.8), through permissionless's
 * `toSimpleSmartAccount`: it is the account the devnet's (and the public chains')
 * `SimpleAccountFactory` at the canonical address deploys, so the same owner key has the same
 * counterfactual address everywhere. viem's own accounts do not fit that factory: Solady's and
 * Coinbase's need their own factories, which are not deployed on the devnet.
 *
 * The EIP-7702 path keeps the EOA's own address: the EOA delegates to eth-infinitism's
 * Simple7702Account (viem's `toSimple7702SmartAccount`), and its operations go through the same
 * bundler and paymaster. The delegation's authorization is signed only after the user approved
 * it; the bundler and the paymaster see viem's stub authorization while the operation is prepared.
 */

/** The SimpleAccountFactory (v0.8) that deploys the account (eth-infinitism's canonical address). */
export const simpleAccountFactory: Address = '0x13E9ed32155810FDbd067D4522C492D6f68E5944'

/**
 * eth-infinitism's Simple7702Account (v0.8) at its canonical address: what the EOA delegates to
 * with EIP-7702 (viem's `toSimple7702SmartAccount` default implementation).
 */
export const simple7702Implementation: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** The spec's error when a user operation's receipt never comes. */
export const receiptFailedText = 'Failed to fetch user operation receipt - status'

/** JSON-RPC code of the paymaster's refusal (EIP-1474 "transaction rejected"), as ERC-7677 services use it. */
const refusedCode = -32003

/** Where the smart account's operations go: the host gives both URLs (like the chain's rpcUrl). */
export type SmartAccountEndpoints = {
  rpcUrl: string | undefined
  bundlerUrl: string
  /** An ERC-7677 paymaster service; without one the user pays the gas. */
  paymasterUrl?: string | undefined
}

/** Signs with the embedded EOA key, rebuilt for the call and wiped afterwards. */
export type WithOwner = <T>(use: (owner: LocalAccount) => Promise<T>) => Promise<T>

const chains = new Map<string, Promise<Chain>>()

/** The chain behind `rpcUrl` (its id asked once): viem's fee estimation and the paymaster need it. */
async function chainClient(rpcUrl: string | undefined): Promise<PublicClient> {
  const url = httpRpcUrl(rpcUrl)
  const transport = http(url, { retryCount: 1 })
  let chain = chains.get(url)
  if (!chain) {
    chain = createPublicClient({ transport })
      .getChainId()
      .then((id) =>
        defineChain({
          id,
          name: `eip155:${id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
        }),
      )
    chain.catch(() => chains.delete(url))
    chains.set(url, chain)
  }
  return createPublicClient({ chain: await chain, transport })
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
  const account = await toSimpleSmartAccount({
    client,
    owner: lazyOwner(owner, withOwner),
    entryPoint: { address: entryPoint08Address, version: '0.8' },
    factoryAddress: simpleAccountFactory,
    ...(known ? { address: known } : {}),
  })
  addresses.set(key, account.address)
  return account
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

/** The code of an address that delegates with EIP-7702: this prefix, then the implementation. */
const delegationPrefix = '0xef0100'

/**
 * The implementation `address` delegates to with EIP-7702 (from its code `0xef0100…`), or
 * undefined when it does not delegate (no code, or a contract's own code).
 *
 * @example
 * (await delegationOf(rpcUrl, eoa)) === simple7702Implementation.toLowerCase()
 */
export async function delegationOf(rpcUrl: string | undefined, address: Address): Promise<Address | undefined> {
  const code = await (await chainClient(rpcUrl)).getCode({ address })
  if (code?.length !== 48 || !code.toLowerCase().startsWith(delegationPrefix)) return undefined
  return `0x${code.slice(8)}` as Address
}

/** Whether `address` delegates to Simple7702Account, the implementation this wallet upgrades to. */
export async function isUpgraded(rpcUrl: string | undefined, address: Address): Promise<boolean> {
  return (await delegationOf(rpcUrl, address))?.toLowerCase() === simple7702Implementation.toLowerCase()
}

/**
 * Why the chain behind `rpcUrl` cannot take the upgrade, or undefined when it can: it needs
 * Simple7702Account deployed at its canonical address, and a node that runs EIP-7702 (Prague or
 * later). The node is asked to estimate a set-code transaction whose authorization a throwaway key
 * signs, so nothing of the user's is signed or sent to find out.
 *
 * @example
 * const reason = await upgradeUnsupported(rpcUrl) // 'the network does not run EIP-7702 (…)'
 */
export async function upgradeUnsupported(rpcUrl: string | undefined): Promise<string | undefined> {
  const client = await chainClient(rpcUrl)
  const implementation = await client.getCode({ address: simple7702Implementation })
  if (!implementation || implementation === '0x')
    return `Simple7702Account is not deployed at ${simple7702Implementation} on this network`
  const probe = privateKeyToAccount(bytesToHex(crypto.getRandomValues(new Uint8Array(32))))
  try {
    const authorization = await probe.signAuthorization({
      chainId: client.chain?.id ?? 0,
      nonce: 0,
      contractAddress: simple7702Implementation,
    })
    const gas = await client.estimateGas({
      account: probe.address,
      to: probe.address,
      authorizationList: [authorization],
    })
    // EIP-7702 charges 25,000 gas per authorization on top of a transfer's 21,000: a node that
    // estimates less dropped the authorization list, so it does not run EIP-7702.
    if (gas < 46_000n) return 'the network does not run EIP-7702 (it ignores authorization lists)'
    return undefined
  } catch (error) {
    const text = error instanceof BaseError ? error.details || error.shortMessage : String(error)
    return `the network does not run EIP-7702 (${text.slice(0, 200)})`
  }
}

/**
 * {@link upgradeUnsupported} asked once per RPC URL while the answer is yes (a chain does not lose
 * EIP-7702); a no is asked again next time, since a node that could not be reached answers no too.
 *
 * @example
 * const canUpgrade = upgradeProbe()
 * if (await canUpgrade(rpcUrl)) offerUpgrade()
 */
export function upgradeProbe(): (rpcUrl: string | undefined) => Promise<boolean> {
  const supported = new Set<string>()
  return async (rpcUrl) => {
    const key = rpcUrl ?? ''
    if (supported.has(key)) return true
    const reason = await upgradeUnsupported(rpcUrl).catch((error: unknown) => String(error))
    if (reason) return false
    supported.add(key)
    return true
  }
}

/** What undoing the upgrade costs the EOA: the gas of its own EIP-7702 transaction and the most it pays. */
export type PreparedUndo = { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; maxCost: bigint }

/**
 * Prepares the undo of an EIP-7702 delegation: a transaction the EOA sends to itself with an
 * authorization to the zero address (EIP-7702 then clears its code). No bundler can carry it (an
 * account without code cannot validate an operation), so the EOA pays; a throwaway key's
 * authorization stands in for the estimate, so nothing of the user's is signed before the approval.
 *
 * @example
 * const { maxCost } = await prepareUndo(rpcUrl, owner)
 */
export async function prepareUndo(rpcUrl: string | undefined, owner: Address): Promise<PreparedUndo> {
  const client = await chainClient(rpcUrl)
  const probe = privateKeyToAccount(bytesToHex(crypto.getRandomValues(new Uint8Array(32))))
  const stand = await probe.signAuthorization({
    chainId: client.chain?.id ?? 0,
    nonce: 0,
    contractAddress: zeroAddress,
  })
  const [estimate, fees] = await Promise.all([
    client.estimateGas({ account: owner, to: owner, authorizationList: [stand] }),
    client.estimateFeesPerGas(),
  ])
  // Some room over the estimate: the user's own authorization may cost a little more than the stand-in's.
  const gas = (estimate * 12n) / 10n
  return {
    gas,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    maxCost: gas * fees.maxFeePerGas,
  }
}

/**
 * Sends the prepared undo: signs the authorization to the zero address (for the transaction's own
 * next nonce) and the transaction with the EOA's key, in one rebuild of it, and waits for the
 * receipt. Returns the transaction's hash.
 *
 * @example
 * const hash = await sendUndo(rpcUrl, owner, withOwner, prepared)
 */
export async function sendUndo(
  rpcUrl: string | undefined,
  owner: Address,
  withOwner: WithOwner,
  prepared: PreparedUndo,
): Promise<Hex> {
  const client = await chainClient(rpcUrl)
  const hash = await withOwner(async (account) => {
    const wallet = createWalletClient({ account, chain: client.chain, transport: http(httpRpcUrl(rpcUrl)) })
    const authorization = await wallet.signAuthorization({ contractAddress: zeroAddress, executor: 'self' })
    return wallet.sendTransaction({
      chain: null,
      to: owner,
      authorizationList: [authorization],
      gas: prepared.gas,
      maxFeePerGas: prepared.maxFeePerGas,
      maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
    })
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 60_000 })
  if (receipt.status !== 'success') throw new RpcError('The transaction that undoes the upgrade failed', -32000)
  return hash
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

function isRefusal(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const refused = error.walk((e) => (e as { code?: number }).code === refusedCode) as {
    details?: string
    shortMessage?: string
    message?: string
  } | null
  if (refused) return refused.details || refused.shortMessage || refused.message
  // A paymaster service that cannot be reached refuses too: the user can still pay.
  const paymasterFailed = error.walk((e) =>
    /pm_getPaymaster(Stub)?Data/.test(
      (e as { body?: unknown }).body ? JSON.stringify((e as { body: unknown }).body) : '',
    ),
  )
  return paymasterFailed ? (error as BaseError).shortMessage : undefined
}

/**
 * Token errors of ERC-6093 (what OpenZeppelin's ERC20 reverts with), decoded by name; Solidity's
 * `Error(string)` and `Panic(uint256)` viem decodes without being told.
 */
const knownErrors = [
  ['ERC20InsufficientBalance', ['address', 'uint256', 'uint256']],
  ['ERC20InvalidSender', ['address']],
  ['ERC20InvalidReceiver', ['address']],
  ['ERC20InsufficientAllowance', ['address', 'uint256', 'uint256']],
  ['ERC20InvalidApprover', ['address']],
  ['ERC20InvalidSpender', ['address']],
].map(([name, inputs]) => ({
  type: 'error' as const,
  name: name as string,
  inputs: (inputs as string[]).map((type) => ({ type })),
}))

/**
 * The words of a revert: the reason string of `Error(string)`, `Panic(0x11)` for a panic, a token
 * error with its arguments; undefined when the data is empty or names an error not known here
 * (the raw data still goes to the kit).
 *
 * @example
 * revertReason('0x08c379a0…') // 'UniswapV2Router: EXPIRED'
 */
export function revertReason(data: Hex): string | undefined {
  if (data === '0x') return undefined
  try {
    const { errorName, args } = decodeErrorResult({ abi: knownErrors, data })
    if (errorName === 'Error') return String(args?.[0])
    if (errorName === 'Panic') return `Panic(0x${BigInt((args?.[0] as bigint | undefined) ?? 0n).toString(16)})`
    return `${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    return undefined
  }
}

/** The typed error of a reverted operation, from its revert data (cut to what the protocol carries). */
export function revertedError(
  revertData: Hex,
  hashes: { userOpHash?: Hex | undefined; transactionHash?: Hex | undefined } = {},
): OperationRevertedError {
  const reason = revertReason(revertData)
  return new OperationRevertedError({
    revertData: revertData.slice(0, 2048) as Hex,
    ...(reason ? { reason: reason.slice(0, 512) } : {}),
    ...(hashes.userOpHash ? { userOpHash: hashes.userOpHash } : {}),
    ...(hashes.transactionHash ? { transactionHash: hashes.transactionHash } : {}),
  })
}

/**
 * The revert data of a call that reverted while the bundler simulated the operation (estimating its
 * gas): viem's account-abstraction `ExecutionRevertedError` (ERC-7769's -32521) carries it as
 * `data.revertData`; Alto also writes it in its message ('…reverted during simulation with reason: 0x…').
 */
function simulatedRevert(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk(
    (e) => (e as { code?: number }).code === -32521 || (e as { name?: string }).name === 'ExecutionRevertedError',
  ) as { data?: { revertData?: unknown }; details?: string; message?: string } | null
  if (!reverted) return undefined
  const data = reverted.data?.revertData
  if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data)) return data as Hex
  const text = `${reverted.details ?? ''}\n${reverted.message ?? ''}\n${error.details ?? ''}`
  return /reverted[^\n]*?reason: (0x[0-9a-fA-F]*)/.exec(text)?.[1] as Hex | undefined
}

/**
 * The typed errors of the smart-account path: a call that reverts (its reason), a bundler that does
 * not answer, a bundler that refuses the operation (its reason), never a raw transport error.
 */
function bundlerError(error: unknown, endpoints: SmartAccountEndpoints): RpcError {
  if (error instanceof RpcError) return error
  const base = error instanceof BaseError ? error : undefined
  const http = base?.walk((e) => (e as { name?: string }).name === 'HttpRequestError') as
    | { url?: string; status?: number; details?: string }
    | null
    | undefined
  const origin = (() => {
    try {
      return new URL(endpoints.bundlerUrl).origin
    } catch {
      return endpoints.bundlerUrl
    }
  })()
  // A request the bundler never answered (viem's timeout, 10 s) is not a refusal: it may come back.
  if (base?.walk((e) => (e as { name?: string }).name === 'TimeoutError'))
    return new RpcError(`The bundler did not answer (${origin}): timed out`, -32603)
  const reverted = simulatedRevert(error)
  if (reverted !== undefined) return revertedError(reverted)
  // A reply that is not JSON (a cut reply, a proxy's error page): the bundler answered, unreadably.
  if (http?.url && base?.walk((e) => e instanceof SyntaxError))
    return new RpcError(`The bundler's reply could not be read (${origin})`, -32603)
  if (http?.url && !http.status)
    return new RpcError(`The bundler did not answer (${origin}): ${http.details ?? 'unreachable'}`, -32603)
  if (http?.status) return new RpcError(`The bundler did not answer (${origin}): HTTP ${http.status}`, -32603)
  const text = base?.details || base?.shortMessage || (error instanceof Error ? error.message : String(error))
  if (/AA21|didn't pay prefund|insufficient funds/i.test(text))
    return new RpcError(`The smart account cannot pay the gas: ${text}`, -32000)
  return new RpcError(`The bundler refused the operation: ${text}`, -32000)
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
      if (refusal === undefined) throw bundlerError(error, endpoints)
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
    throw bundlerError(error, endpoints)
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
    return (await bundler.request({
      method: 'eth_sendUserOperation' as never,
      params: [formatUserOperationRequest({ ...operation, signature }), account.entryPoint.address] as never,
    })) as Hex
  } catch (error) {
    throw bundlerError(error, endpoints)
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
