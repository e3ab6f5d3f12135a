import { BaseError } from './base.js'

export type NetworkNotFoundErrorType = NetworkNotFoundError & { name: 'NetworkNotFoundError' }
/**
 * A network id that is not among the configured networks. Raised with the 'Network Not Found' alert
 * where the host names the network (connect, removeNetwork).
 */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError' as const
  readonly code = 'NETWORK_NOT_FOUND'
  constructor({ caipNetworkId }: { caipNetworkId?: string } = {}) {
    super('Network not found', {
      details: caipNetworkId ? `${caipNetworkId} is not among the configured networks.` : undefined,
    })
  }
}

export type SwitchNetworkNotFoundErrorType = SwitchNetworkNotFoundError & { name: 'SwitchNetworkNotFoundError' }
/** A switch to a network that is not among the configured ones (alert SWITCH_NETWORK_NOT_FOUND). */
export class SwitchNetworkNotFoundError extends BaseError {
  override name = 'SwitchNetworkNotFoundError' as const
  readonly code = 'SWITCH_NETWORK_NOT_FOUND'
  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super('switch network not found', {
      details: `${caipNetworkId} is not among the configured networks.`,
      metaMessages: ['Add the network to the `networks` option.'],
    })
  }
}

export type SwitchChainNotApprovedErrorType = SwitchChainNotApprovedError & { name: 'SwitchChainNotApprovedError' }
/** The wallet refused or cannot switch to the chain. */
export class SwitchChainNotApprovedError extends BaseError {
  override name = 'SwitchChainNotApprovedError' as const
  constructor({ chainId, cause }: { chainId: string | number; cause?: unknown }) {
    super(`Failed to switch to chain ${chainId} not approved or wallet does not support wallet_switchEthereumChain`, {
      cause,
    })
  }
}

export type AdapterNotFoundErrorType = AdapterNotFoundError & { name: 'AdapterNotFoundError' }
/** A namespace was used (adding a network, getAccount, connect) with no adapter configured for it. */
export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError' as const
  constructor({ namespace }: { namespace: string | undefined }) {
    super(namespace ? `No adapter configured for namespace ${namespace}` : 'A chain namespace is required', {
      metaMessages: ['Add the adapter to the `adapters` option, or pass `namespace`.'],
    })
  }
}

export type BalanceUnavailableErrorType = BalanceUnavailableError & { name: 'BalanceUnavailableError' }
/** Reading a balance failed, or the network is not supported for balances. */
export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError' as const
  /** When the spec's 30 s lockout ends (epoch ms); a UI shows its retry control from then on. */
  readonly retryAt: number | undefined
  constructor({ cause, retryAt }: { cause?: unknown; retryAt?: number } = {}) {
    super('Token Balance Unavailable', {
      cause,
      metaMessages: retryAt ? [`Retry possible after ${new Date(retryAt).toISOString()}.`] : undefined,
    })
    this.retryAt = retryAt
  }
}

export type SignMessageFailedErrorType = SignMessageFailedError & { name: 'SignMessageFailedError' }
/** Signing a message failed for a reason other than the user rejecting it. */
export class SignMessageFailedError extends BaseError {
  override name = 'SignMessageFailedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error signing message', { cause })
  }
}

export type UserRejectedRequestErrorType = UserRejectedRequestError & { name: 'UserRejectedRequestError' }
/** EIP-1193 4001 (or the Solana wallet equivalent): the user declined a request. */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError' as const
  readonly code = 4001
  constructor({ cause }: { cause?: unknown } = {}) {
    super('User rejected the request.', { cause })
  }
}

export type LastNetworkErrorType = LastNetworkError & { name: 'LastNetworkError' }
/** Removing the only network of a namespace: its adapter and connections need one. */
export class LastNetworkError extends BaseError {
  override name = 'LastNetworkError' as const
  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super('Cannot remove the last network of a namespace', {
      details: `${caipNetworkId} is the only configured network of its namespace.`,
      metaMessages: ['Add another network of the namespace first.'],
    })
  }
}
