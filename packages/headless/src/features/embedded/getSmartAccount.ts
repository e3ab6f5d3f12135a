import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import type { EmbeddedWalletRequestErrorType } from './errors.js'
import type { upgradeAccount } from './upgradeAccount.js'
import { toEmbeddedWalletUser } from './user.js'

/** The embedded wallet's eip155 account as the secure frame reports it. */
export type SmartAccountStatus = {
  /** The account type the wallet signs with on the current network. */
  type: 'eoa' | 'smartAccount'
  /** The address it signs as (the smart account's counterfactual address before its first operation). */
  address: string
  /** The smart account's address on this network, when smart accounts are enabled here. */
  smartAccountAddress: string | undefined
  /** The embedded key's own address. */
  eoaAddress: string | undefined
  /** Whether the smart account has code on chain: true after its first operation deployed it. */
  deployed: boolean
  /** Whether this network has a smart account (the host configured a bundler for it). */
  enabled: boolean
  /** The spec: switching to the smart account is offered only when enabled and the current type is eoa. */
  canSwitchToSmartAccount: boolean
  /**
   * Whether the EOA is upgraded in place with EIP-7702 on this network (it delegates to a contract:
   * Simple7702Account after {@link upgradeAccount}); it keeps its address.
   */
  upgraded: boolean
  /** The contract the EOA delegates to with EIP-7702, when it does. */
  delegation: string | undefined
  /**
   * Whether {@link upgradeAccount} is offered: enabled here, the current type is eoa, the EOA is not
   * upgraded and the network runs EIP-7702.
   */
  canUpgrade: boolean
}
export type GetSmartAccountErrorType = EmbeddedWalletRequestErrorType

/**
 * Reads the embedded wallet's account type, addresses and whether the smart account is deployed,
 * from the secure frame.
 *
 * @example
 * ```ts
 * const { type, deployed, canSwitchToSmartAccount } = await getSmartAccount(portico)
 * ```
 */
export async function getSmartAccount(portico: Portico): Promise<SmartAccountStatus> {
  const { client, frameChain } = getEmbeddedWallet(portico)
  const reply = await client.request('GET_USER')
  const user = toEmbeddedWalletUser(reply)
  const { smartAccountEnabledNetworks } = await client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
  const evm = user.accounts.filter((account) => account.namespace === 'eip155')
  const enabled = typeof frameChain === 'number' && smartAccountEnabledNetworks.includes(frameChain)
  const type = user.preferredAccountType
  const smart = evm.find((account) => account.type === 'smartAccount')
  let smartAccountAddress = smart?.address
  if (!smartAccountAddress && enabled)
    smartAccountAddress = await client
      .request('INIT_SMART_ACCOUNT')
      .then((reply) => reply.address)
      .catch(() => undefined)
  return {
    type,
    address: evm.find((account) => account.type === type)?.address ?? user.address,
    smartAccountAddress,
    eoaAddress: evm.find((account) => account.type === 'eoa')?.address,
    deployed: user.smartAccountDeployed,
    enabled,
    canSwitchToSmartAccount: enabled && type === 'eoa',
    upgraded: reply.delegation !== undefined,
    delegation: reply.delegation,
    // A frame that says the chain cannot take the upgrade (no EIP-7702) is believed; an earlier
    // frame that does not say is asked, and refuses with a typed error if it cannot.
    canUpgrade: enabled && type === 'eoa' && reply.delegation === undefined && reply.upgradable !== false,
  }
}
