import { type Address, BaseError, bytesToHex, createWalletClient, type Hex, http, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainClient, type WithOwner } from './eip155Client.js'
import { httpRpcUrl, RpcError } from './rpcError.js'

// The chain's side of the EIP-7702 upgrade: whether the EOA delegates (and to what), whether the
// network can take a delegation, and the undo (a set-code transaction to the zero address, which
// the EOA pays itself). The prompts that ask for them are in upgrade.ts.

/**
 * eth-infinitism's Simple7702Account (v0.8) at its canonical address: what the EOA delegates to
 * with EIP-7702 (viem's `toSimple7702SmartAccount` default implementation).
 */
export const simple7702Implementation: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

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
