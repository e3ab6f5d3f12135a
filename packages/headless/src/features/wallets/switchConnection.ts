import type {
  ConnectionRejectedErrorType,
  ConnectorNotFoundErrorType,
  FailedToConnectErrorType,
} from '../../kernel/errors/connection.js'
import type { NetworkNotFoundErrorType } from '../../kernel/errors/network.js'
import type { Portico } from '../../kernel/portico.js'
import { singleFlight } from '../../kernel/state/singleFlight.js'
import type { Connection } from '../../kernel/types.js'
import { activateConnection, connectionsAtom, sameConnection } from './connections.js'
import { assertConnectorStatus, type InvalidConnectionStatusErrorType } from './errors.js'

export type SwitchConnectionParameters = {
  /** One of `getConnections`. */
  connection: Connection
}

/** The connection, now `active`. */
export type SwitchConnectionReturnType = Connection

export type SwitchConnectionErrorType =
  | InvalidConnectionStatusErrorType
  | ConnectorNotFoundErrorType
  | ConnectionRejectedErrorType
  | FailedToConnectErrorType
  | NetworkNotFoundErrorType

/**
 * Makes a wallet the active one of its namespace: `useAccount`, `useConnection`, signing and
 * sending then act on it. A `connected` wallet is switched to without a prompt; a `disconnected`
 * one reconnects through its own connector (the wallet asks the user). The wallet that was active
 * stays `connected`. A status other than connected, active or disconnected throws
 * 'Invalid connection status'; a wallet the page no longer lists, 'No connector found for
 * connection'. A second switch to the same wallet while one runs (a double click) joins it.
 *
 * @example
 * const [, other] = getConnections(portico)
 * await switchConnection(portico, { connection: other })
 */
export async function switchConnection(
  portico: Portico,
  { connection }: SwitchConnectionParameters,
): Promise<SwitchConnectionReturnType> {
  assertConnectorStatus(connection.status)
  const known = portico.store.get(connectionsAtom).find((c) => sameConnection(c, connection))
  if (known?.status === 'active') return known
  // A double click must not prompt the wallet twice: the second switch joins the first.
  return singleFlight(portico, ['wallet', 'switchConnection', connection.namespace, connection.connectorId], () =>
    activateConnection(portico, known ?? connection),
  )
}
