import type { Portico } from '../../kernel/portico.js'
import type { EmbeddedDeviceNotApprovedErrorType, EmbeddedWalletErrorType } from './errors.js'
import type { NotConnectedToEmailErrorType } from './updateEmailErrors.js'
import { hex, upgradeRequest } from './upgradeAccount.js'
import type { AccountUpgradeRejectedErrorType, AccountUpgradeUnsupportedErrorType } from './upgradeAccountErrors.js'

export type UndoAccountUpgradeReturnType = {
  /** The account: the embedded EOA's own address, the same before and after. */
  address: `0x${string}`
  /** The account's transaction that cleared its code; `undefined` when it had no delegation. */
  transactionHash: `0x${string}` | undefined
}
export type UndoAccountUpgradeErrorType =
  | NotConnectedToEmailErrorType
  | AccountUpgradeUnsupportedErrorType
  | AccountUpgradeRejectedErrorType
  | EmbeddedDeviceNotApprovedErrorType
  | EmbeddedWalletErrorType

/**
 * Undoes {@link upgradeAccount}: the embedded EOA clears its EIP-7702 delegation and is a plain
 * account again, on the same address with the same funds (batched and sponsored transactions stop).
 * It is the EOA's own transaction, so the account pays its gas (no paymaster can); the secure frame
 * says so and asks the user there. Resolves once the transaction is included; an account without a
 * delegation resolves at once.
 *
 * @example
 * ```ts
 * const { transactionHash } = await undoAccountUpgrade(portico)
 * ```
 */
export async function undoAccountUpgrade(portico: Portico): Promise<UndoAccountUpgradeReturnType> {
  const reply = await upgradeRequest(portico, 'UNDO_ACCOUNT_UPGRADE')
  return { address: reply.address as `0x${string}`, transactionHash: hex(reply.transactionHash) }
}
