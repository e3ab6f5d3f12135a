import { BaseError } from './base.js'

export type RequestNotApprovedErrorType = RequestNotApprovedError & { name: 'RequestNotApprovedError' }
/**
 * A request whose method (or chain) the WalletConnect session did not approve. Refused before it
 * is sent (spec: a request method must be in the approved session namespaces for the chain).
 */
export class RequestNotApprovedError extends BaseError {
  override name = 'RequestNotApprovedError' as const
  constructor({ method, chainId, reason }: { method: string; chainId: string; reason: 'method' | 'chain' }) {
    super('Requested RPC call is not allowed', {
      details:
        reason === 'method'
          ? `The wallet did not approve ${method} on ${chainId}.`
          : `The wallet did not approve the chain ${chainId}.`,
    })
  }
}

export type WalletConnectNotConnectedErrorType = WalletConnectNotConnectedError & {
  name: 'WalletConnectNotConnectedError'
}
/** A WalletConnect request was made with no session. */
export class WalletConnectNotConnectedError extends BaseError {
  override name = 'WalletConnectNotConnectedError' as const
  constructor() {
    super('Please call connect() before request()')
  }
}

export type NamespaceNotApprovedErrorType = NamespaceNotApprovedError & { name: 'NamespaceNotApprovedError' }
/** The session has no approved namespace for the request's chain. */
export class NamespaceNotApprovedError extends BaseError {
  override name = 'NamespaceNotApprovedError' as const
  constructor({ namespace }: { namespace: string }) {
    super('Namespace is not configured. Please call connect() first', {
      details: `The session has no ${namespace} namespace.`,
    })
  }
}
