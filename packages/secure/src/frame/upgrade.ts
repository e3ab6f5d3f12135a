import type { Address, Hex } from 'viem'
import { upgradeUnsupportedCode } from '../protocol/replies.js'
import { frameTexts } from '../protocol/texts.js'
import type { ApprovalRequest } from './approval.js'
import { delegationOf, prepareUndo, sendUndo, simple7702Implementation, upgradeUnsupported } from './delegation.js'
import type { WithOwner } from './eip155Client.js'
import { RpcError } from './rpcError.js'
import {
  confirmOperation,
  delegatedAccountOf,
  type PreparedOperation,
  prepareOperation,
  type SmartAccountEndpoints,
  sendOperation,
} from './smartAccount.js'

/**
 * The EIP-7702 upgrade of the embedded EOA, approved in the frame: the EOA delegates to
 * Simple7702Account and keeps its address; from then on its sends go as user operations (batched,
 * sponsored by the host's paymaster) through the same bundler. The delegation rides on one user
 * operation that calls the account itself with nothing, so the paymaster can pay for the upgrade
 * too; when it refuses, the prompt says the account pays.
 */

/** What the prompts say about the upgrade, in plain words (shown as rows under the title). */
export const upgradeTexts = {
  title: 'Upgrade your account',
  withCallsTitle: 'Upgrade your account and send calls',
  what: 'Your account keeps its address and gains batched and sponsored transactions: several actions approved at once, and gas an app can pay for you.',
  how: 'Your account starts running Simple7702Account, an audited smart-account contract (EIP-7702). Your key stays the only one that can sign for it, and your funds stay where they are.',
  undo: 'It can be undone: removing the delegation (another EIP-7702 authorization, to no contract) makes it a plain account again.',
  undoTitle: 'Undo the account upgrade',
  undoWhat:
    'Your account becomes a plain account again: its address and funds stay, and batched and sponsored transactions stop.',
} as const

/** The prompt rows that say what the delegation of `account` to `implementation` does. */
export function delegationRows(account: string, implementation: Address): { label: string; value: string }[] {
  const known = implementation.toLowerCase() === simple7702Implementation.toLowerCase()
  return [
    { label: 'Account upgrade', value: upgradeTexts.what },
    { label: 'Your address', value: `${account} (stays the same)` },
    {
      label: 'How',
      value: known ? upgradeTexts.how : `Your account starts running the contract at ${implementation} (EIP-7702).`,
    },
    { label: 'Contract', value: implementation },
    { label: 'Undo', value: upgradeTexts.undo },
  ]
}

/** The prompt rows that say who pays an operation's gas (and why the paymaster did not, when it refused). */
export function payerRows(prepared: PreparedOperation, payer: string): { label: string; value: string }[] {
  if (prepared.sponsored) return [{ label: 'Gas paid by', value: 'The app (sponsored by its paymaster)' }]
  return [
    { label: 'Gas paid by', value: `You, from ${payer} (at most ${prepared.maxCost} wei)` },
    ...(prepared.refusal ? [{ label: 'Sponsorship refused', value: prepared.refusal }] : []),
  ]
}

/** The call the upgrade's operation makes: the account calls itself with nothing (Simple7702Account accepts it). */
export function upgradeCall(account: Address): { to: Address; value: bigint; data: Hex } {
  return { to: account, value: 0n, data: '0x' }
}

/** Refuses the upgrade on a network that cannot take it (typed: {@link upgradeUnsupportedCode}). */
export async function assertUpgradeSupported(
  endpoints: SmartAccountEndpoints | undefined,
): Promise<SmartAccountEndpoints> {
  if (!endpoints)
    throw new RpcError(
      `${frameTexts.upgradeUnsupported}: no bundler is configured for this network`,
      upgradeUnsupportedCode,
    )
  const reason = await upgradeUnsupported(endpoints.rpcUrl)
  if (reason) throw new RpcError(`${frameTexts.upgradeUnsupported}: ${reason}`, upgradeUnsupportedCode)
  return endpoints
}

/** What the upgrade answers: the account (same address), its implementation, and the transaction when one was sent. */
/** What the upgrade and its undo act with: the EOA, its key for one call, and the user's approval. */
export type OwnerAction = {
  owner: Address
  withOwner: WithOwner
  /** Shows the prompt in the frame (`requestApproval`); resolves with the user's choice. */
  approve: (request: Omit<ApprovalRequest, 'origin'>) => Promise<boolean>
}

export type UpgradeResult = {
  address: Address
  implementation: Address
  /** The bundle transaction that carried the delegation; absent when the account was already upgraded. */
  transactionHash?: Hex | undefined
  userOpHash?: Hex | undefined
}

/**
 * Upgrades the EOA `owner` in place: checks the network, asks the user (what it does, that it can
 * be undone, who pays the gas), then signs the delegation and the operation and waits for the
 * receipt, so the account's code is on chain when it answers. An account already upgraded answers
 * at once, without a prompt.
 *
 * @example
 * const { address, transactionHash } = await upgradeAccount({ endpoints, owner, withOwner, approve })
 */
export async function upgradeAccount(
  options: OwnerAction & {
    endpoints: SmartAccountEndpoints | undefined
    receiptTimeoutMs?: number | undefined
  },
): Promise<UpgradeResult> {
  const endpoints = await assertUpgradeSupported(options.endpoints)
  const current = await delegationOf(endpoints.rpcUrl, options.owner)
  if (current?.toLowerCase() === simple7702Implementation.toLowerCase())
    return { address: options.owner, implementation: simple7702Implementation }
  // Another delegation is the user's own doing elsewhere: this wallet does not replace it.
  if (current) throw new RpcError(`The account already delegates to ${current} with EIP-7702`, upgradeUnsupportedCode)
  const account = await delegatedAccountOf(endpoints.rpcUrl, options.owner, options.withOwner)
  // Prepared first (viem's stub authorization: nothing is signed) so the prompt can say who pays.
  const prepared = await prepareOperation(endpoints, account, [upgradeCall(options.owner)])
  if (!prepared.delegation) throw new RpcError('The account has code: it cannot be upgraded', upgradeUnsupportedCode)
  const approved = await options.approve({
    title: upgradeTexts.title,
    rows: [
      ...delegationRows(options.owner, prepared.delegation.implementation),
      ...payerRows(prepared, 'your account'),
    ],
  })
  if (!approved) throw new RpcError(frameTexts.rejected, 4001)
  const userOpHash = await sendOperation(endpoints, account, prepared)
  const receipt = await confirmOperation(endpoints, userOpHash, { timeoutMs: options.receiptTimeoutMs })
  return {
    address: options.owner,
    implementation: prepared.delegation.implementation,
    transactionHash: receipt.receipt.transactionHash,
    userOpHash,
  }
}

/**
 * Undoes the upgrade of the EOA `owner`: asks the user (what it does, the gas the account pays),
 * then sends the EOA's own transaction that clears its code and waits for it. An account with no
 * delegation answers at once, without a prompt. The account must hold the gas: no paymaster can pay
 * for a transaction that is not a user operation.
 *
 * @example
 * const { transactionHash } = await undoUpgrade({ rpcUrl, owner, withOwner, approve })
 */
export async function undoUpgrade(
  options: OwnerAction & { rpcUrl: string | undefined },
): Promise<{ address: Address; transactionHash?: Hex | undefined }> {
  const current = await delegationOf(options.rpcUrl, options.owner)
  if (!current) return { address: options.owner }
  const prepared = await prepareUndo(options.rpcUrl, options.owner)
  const approved = await options.approve({
    title: upgradeTexts.undoTitle,
    rows: [
      { label: 'Account', value: upgradeTexts.undoWhat },
      { label: 'Your address', value: `${options.owner} (stays the same)` },
      { label: 'Removes the delegation to', value: current },
      { label: 'Gas paid by', value: `You, from your account (at most ${prepared.maxCost} wei)` },
    ],
  })
  if (!approved) throw new RpcError(frameTexts.rejected, 4001)
  const transactionHash = await sendUndo(options.rpcUrl, options.owner, options.withOwner, prepared)
  return { address: options.owner, transactionHash }
}
