import { BaseError } from './base.js'

export type ConnectionRejectedErrorType = ConnectionRejectedError & { name: 'ConnectionRejectedError' }
/** The wallet (or the user in it) declined the connection request. */
export class ConnectionRejectedError extends BaseError {
  override name = 'ConnectionRejectedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Connection rejected', { cause })
  }
}

export type ModalClosedErrorType = ModalClosedError & { name: 'ModalClosedError' }
/** The user closed the modal (or otherwise gave up) while a connection was pending. */
export class ModalClosedError extends BaseError {
  override name = 'ModalClosedError' as const
  constructor() {
    super('Modal closed')
  }
}

export type FailedToConnectErrorType = FailedToConnectError & { name: 'FailedToConnectError' }
/** Connecting failed for a reason other than the user rejecting it. */
export class FailedToConnectError extends BaseError {
  override name = 'FailedToConnectError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to connect', { cause })
  }
}

export type FailedToDisconnectErrorType = FailedToDisconnectError & { name: 'FailedToDisconnectError' }
/** The wallet failed to disconnect. State is reset all the same. */
export class FailedToDisconnectError extends BaseError {
  override name = 'FailedToDisconnectError' as const
  constructor({ cause, namespaces }: { cause?: unknown; namespaces?: readonly string[] } = {}) {
    super(namespaces?.length ? `Failed to disconnect chains: ${namespaces.join(', ')}` : 'Failed to disconnect', {
      cause,
    })
  }
}

export type ConnectorNotFoundErrorType = ConnectorNotFoundError & { name: 'ConnectorNotFoundError' }
/** No connector (discovered or configured) has the given id. */
export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError' as const
  constructor({ connectorId }: { connectorId?: string } = {}) {
    super('No connector found for connection', {
      details: connectorId ? `No connector with id ${JSON.stringify(connectorId)}.` : undefined,
    })
  }
}

export type NotConnectedErrorType = NotConnectedError & { name: 'NotConnectedError' }
/** An action that needs a connected account was called with none connected on that namespace. */
export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError' as const
  constructor({ namespace }: { namespace?: string } = {}) {
    super('No ActiveCaipAddress found', {
      details: namespace ? `Nothing is connected on ${namespace}.` : undefined,
      metaMessages: ['Connect a wallet first.'],
    })
  }
}
