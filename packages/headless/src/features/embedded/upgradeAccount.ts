import type { FrameSuccessPayload } from '@portico/secure/protocol'
import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { authConnectorId } from './authConnector.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import {
  EmbeddedDeviceNotApprovedError,
  type EmbeddedDeviceNotApprovedErrorType,
  EmbeddedWalletError,
  type EmbeddedWalletErrorType,
} from './errors.js'
import { NotConnectedToEmailError, type NotConnectedToEmailErrorType } from './updateEmailErrors.js'
import {
  AccountUpgradeRejectedError,
  type AccountUpgradeRejectedErrorType,
  AccountUpgradeUnsupportedError,
  type AccountUpgradeUnsupportedErrorType,
} from './upgradeAccountErrors.js'
import {
  toUserOperationRevertedError,
  UserOperationRevertedError,
  type UserOperationRevertedErrorType,
} from './userOperationErrors.js'

export type UpgradeAccountReturnType = {
  /** The account: the embedded EOA's own address, the same before and after. */
  address: `0x${string}`
  /** The contract the account delegates to (eth-infinitism's Simple7702Account). */
  implementation: `0x${string}`
  /** The transaction that carried the delegation; `undefined` when the account was already upgraded. */
  transactionHash: `0x${string}` | undefined
}
export type UpgradeAccountErrorType =
  | NotConnectedToEmailErrorType
  | AccountUpgradeUnsupportedErrorType
  | AccountUpgradeRejectedErrorType
  | EmbeddedDeviceNotApprovedErrorType
  | UserOperationRevertedErrorType
  | EmbeddedWalletErrorType

/** @internal A hash from the frame's reply, when it is one. */
export const hex = (value: string | undefined) =>
  value && /^0x[0-9a-fA-F]*$/.test(value) ? (value as `0x${string}`) : undefined

/**
 * Upgrades the embedded wallet's EOA with EIP-7702: it delegates to Simple7702Account and keeps its
 * address, gaining batched (`wallet_sendCalls` as one user operation) and sponsored (the network's
 * `paymasterMap`) transactions through the network's bundler (`bundlerMap`). The secure frame
 * explains the upgrade and asks the user there; the delegation is signed only after that click,
 * and the promise resolves once it is on chain (the paymaster pays for it when it agrees). While
 * the preferred account type is `eoa`, the connection's address then sends as the upgraded
 * account; an account already upgraded resolves at once.
 *
 * Fails with `AccountUpgradeUnsupportedError` for a wallet other than the embedded one
 * (`reason: 'wallet'`) or a network that cannot take it (`reason: 'network'`), and with
 * `AccountUpgradeRejectedError` when the user rejects it.
 *
 * @example
 * ```ts
 * const { address, transactionHash } = await upgradeAccount(portico)
 * ```
 */
export async function upgradeAccount(portico: Portico): Promise<UpgradeAccountReturnType> {
  const reply = await upgradeRequest(portico, 'UPGRADE_ACCOUNT')
  return {
    address: reply.address as `0x${string}`,
    implementation: reply.implementation as `0x${string}`,
    transactionHash: hex(reply.transactionHash),
  }
}

/**
 * @internal
 * Sends the frame an upgrade request (`UPGRADE_ACCOUNT`, `UNDO_ACCOUNT_UPGRADE`) for the embedded
 * wallet's eip155 account, after checking the connection is the embedded wallet's, and maps the
 * frame's refusals to the upgrade's typed errors.
 *
 * @example
 * const reply = await upgradeRequest(portico, 'UNDO_ACCOUNT_UPGRADE')
 */
export async function upgradeRequest<name extends 'UPGRADE_ACCOUNT' | 'UNDO_ACCOUNT_UPGRADE'>(
  portico: Portico,
  name: name,
): Promise<FrameSuccessPayload<name>> {
  const connection = getConnection(portico, { namespace: 'eip155' })
  if (!connection.isConnected) throw new NotConnectedToEmailError()
  if (connection.connectorId !== authConnectorId)
    throw new AccountUpgradeUnsupportedError({
      reason: 'wallet',
      details: `${connection.connector?.name ?? connection.connectorId ?? 'This wallet'} is not the embedded wallet: only the embedded wallet upgrades its account with EIP-7702.`,
    })
  try {
    // Both requests carry no payload; the reply is the one of `name`.
    const { client } = getEmbeddedWallet(portico)
    const request = client.request.bind(client) as (name: string) => Promise<FrameSuccessPayload<name>>
    return await request(name)
  } catch (error) {
    if (!(error instanceof EmbeddedWalletError)) throw error
    if (error.code === 4001) throw new AccountUpgradeRejectedError({ cause: error })
    if (error.code === 4100) throw new EmbeddedDeviceNotApprovedError({ cause: error })
    if (error.code === 5760)
      throw new AccountUpgradeUnsupportedError({ reason: 'network', details: error.shortMessage, cause: error })
    const reverted = toUserOperationRevertedError(error)
    if (reverted instanceof UserOperationRevertedError) throw reverted
    throw error
  }
}
