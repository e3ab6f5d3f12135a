// The EIP-7702 upgrade's errors, apart from errors.ts: only `upgradeAccount` raises them, so the
// embedded wallet's other chunks do not carry their texts.
import { BaseError } from '../../kernel/errors/base.js'

export type AccountUpgradeUnsupportedErrorType = AccountUpgradeUnsupportedError & {
  name: 'AccountUpgradeUnsupportedError'
}
/**
 * The account cannot be upgraded with EIP-7702 (code 5760, EIP-5792's "atomicity not supported").
 * `reason` says why: `wallet`, the connected wallet is not the embedded wallet (an installed or
 * WalletConnect wallet upgrades itself, if it can); `network`, the network cannot take it (no
 * bundler configured for it, no Simple7702Account deployed, a node without EIP-7702, or the
 * account already delegates elsewhere): `details` has the frame's words.
 *
 * @example
 * if (error.name === 'AccountUpgradeUnsupportedError' && error.reason === 'network') hideUpgrade()
 */
export class AccountUpgradeUnsupportedError extends BaseError {
  override name = 'AccountUpgradeUnsupportedError' as const
  readonly code = 5760
  readonly reason: 'wallet' | 'network'
  constructor({
    reason,
    details,
    cause,
  }: { reason: 'wallet' | 'network'; details?: string | undefined; cause?: unknown }) {
    super(
      reason === 'wallet'
        ? 'This wallet cannot be upgraded here'
        : 'This network does not support upgrading the account',
      {
        details:
          details ??
          (reason === 'wallet'
            ? 'Only the embedded wallet (email or social login) upgrades its account with EIP-7702.'
            : 'The network cannot run EIP-7702 accounts.'),
        cause,
      },
    )
    this.reason = reason
  }
}

export type AccountUpgradeRejectedErrorType = AccountUpgradeRejectedError & { name: 'AccountUpgradeRejectedError' }
/**
 * The user rejected the account upgrade (or its undo) in the secure frame (code 4001): nothing was
 * signed or sent, and the account is as it was.
 *
 * @example
 * if (error.name === 'AccountUpgradeRejectedError') showNotUpgraded()
 */
export class AccountUpgradeRejectedError extends BaseError {
  override name = 'AccountUpgradeRejectedError' as const
  readonly code = 4001
  constructor({ cause }: { cause?: unknown } = {}) {
    super('User rejected the request.', {
      details: 'The account was not changed: nothing was signed or sent.',
      cause,
    })
  }
}
