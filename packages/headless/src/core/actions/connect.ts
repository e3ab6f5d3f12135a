import type { Portico } from '../config/createPortico.js'
import {
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
  ConnectorNotFoundError,
  type ConnectorNotFoundErrorType,
  FailedToConnectError,
  type FailedToConnectErrorType,
  type ModalClosedError,
  type ModalClosedErrorType,
} from '../errors/connection.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import type { AdapterNotFoundErrorType, NetworkNotFoundErrorType } from '../errors/network.js'
import { NetworkNotFoundError } from '../errors/network.js'
import { accountsAtom, activeNetworksAtom } from '../state/atoms.js'
import { applyConnection, findConnector, updateAccount } from '../state/connection.js'
import { nextConnectionStatus } from '../state/status.js'
import type { AccountState, Connector } from '../types.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { connectWalletConnect } from '../walletconnect/connectWalletConnect.js'
import { resolveAdapter } from './resolveNamespace.js'
import { switchNetwork } from './switchNetwork.js'

export type ConnectParameters = {
  /** A connector from `getConnectors`, or give `connectorId` (and `namespace` if ambiguous). */
  connector?: Connector | undefined
  connectorId?: string | undefined
  namespace?: ChainNamespace | undefined
  /** Network to end up on; must be configured. Default: the wallet's, or the namespace's selected one. */
  caipNetworkId?: CaipNetworkId | undefined
  /**
   * WalletConnect only: the directory wallet the user picked, remembered as a recent wallet (the
   * pairing itself works with any wallet).
   */
  wallet?: WalletConnectWallet | undefined
  /** Aborting gives up a pending connection: it rejects with {@link ModalClosedError} ('Modal closed'). */
  signal?: AbortSignal | undefined
}

/** A directory wallet chosen for a WalletConnect connection. */
export type WalletConnectWallet = {
  id: string
  name: string
  imageId?: string | undefined
  imageUrl?: string | undefined
}

export type ConnectReturnType = {
  namespace: ChainNamespace
  address: string
  accounts: readonly string[]
  caipNetworkId: CaipNetworkId | undefined
}

export type ConnectErrorType =
  | ConnectionRejectedErrorType
  | FailedToConnectErrorType
  | ConnectorNotFoundErrorType
  | NetworkNotFoundErrorType
  | AdapterNotFoundErrorType
  | ModalClosedErrorType

/**
 * Connects a wallet on one namespace. Status goes `connecting` → `connected`; on rejection the
 * typed {@link ConnectionRejectedError} is thrown and the previous state is restored untouched.
 *
 * @example
 * const [metamask] = getConnectors(portico, { namespace: 'eip155' })
 * const { address } = await connect(portico, { connector: metamask })
 */
export async function connect(portico: Portico, parameters: ConnectParameters): Promise<ConnectReturnType> {
  const namespace = parameters.connector?.chain ?? parameters.namespace ?? namespaceOf(parameters.caipNetworkId)
  const { adapter } = resolveAdapter(portico, namespace)
  const connectorId = parameters.connector?.id ?? parameters.connectorId
  const connector =
    (connectorId ? findConnector(portico, adapter.namespace, connectorId) : undefined) ?? parameters.connector
  if (!connector) throw new ConnectorNotFoundError({ connectorId })
  if (connector.type === 'WALLET_CONNECT') return connectWalletConnect(portico, { ...parameters, connector })

  const requested = parameters.caipNetworkId
    ? portico.networks.find((n) => n.caipNetworkId === parameters.caipNetworkId)
    : undefined
  if (parameters.caipNetworkId && !requested)
    throw new NetworkNotFoundError({ caipNetworkId: parameters.caipNetworkId })
  const selected = portico.store.get(activeNetworksAtom)[adapter.namespace]
  const network =
    requested ??
    (selected && !selected.unsupported ? selected : undefined) ??
    portico.networks.find((n) => n.chainNamespace === adapter.namespace)
  if (!network) throw new NetworkNotFoundError()

  // Snapshot so a rejected attempt leaves the previous connection (if any) exactly as it was.
  const before: AccountState = portico.store.get(accountsAtom)[adapter.namespace] ?? {
    namespace: adapter.namespace,
    status: 'disconnected',
  }
  const attempt = (portico._internal.connectAttempts.get(adapter.namespace) ?? 0) + 1
  portico._internal.connectAttempts.set(adapter.namespace, attempt)
  updateAccount(portico, adapter.namespace, (current) => ({
    ...current,
    status: nextConnectionStatus(current.status, 'CONNECT'),
  }))

  let connection: Awaited<ReturnType<typeof adapter.connect>>
  try {
    connection = await adapter.connect({ connector, network })
    if (connection.accounts.length === 0) throw new TypeError('The wallet returned no accounts')
  } catch (error) {
    if (portico._internal.connectAttempts.get(adapter.namespace) === attempt)
      updateAccount(portico, adapter.namespace, () => before)
    if (isUserRejection(error)) throw new ConnectionRejectedError({ cause: error })
    throw new FailedToConnectError({ cause: error })
  }
  // A newer connect on the same namespace superseded this one while the wallet was answering.
  if (portico._internal.connectAttempts.get(adapter.namespace) !== attempt)
    throw new FailedToConnectError({ cause: new Error('Superseded by a newer connection attempt') })

  applyConnection(portico, { connector, connection, fallbackNetwork: network })
  if (requested && connection.caipNetworkId && connection.caipNetworkId !== requested.caipNetworkId) {
    // Connected either way; a refused switch leaves the user on the wallet's chain.
    await switchNetwork(portico, { caipNetworkId: requested.caipNetworkId }).catch(() => {})
  }
  const state = portico.store.get(accountsAtom)[adapter.namespace]
  return {
    namespace: adapter.namespace,
    address: state?.address ?? connection.accounts[0] ?? '',
    accounts: connection.accounts,
    caipNetworkId: state?.caipNetworkId,
  }
}

function namespaceOf(caipNetworkId: CaipNetworkId | undefined): ChainNamespace | undefined {
  return caipNetworkId ? (caipNetworkId.split(':')[0] as ChainNamespace) : undefined
}
