import { BaseError } from '../errors/base.js'
import {
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
  ConnectorNotFoundError,
  type ConnectorNotFoundErrorType,
  FailedToConnectError,
  type FailedToConnectErrorType,
  ModalClosedError,
  type ModalClosedErrorType,
} from '../errors/connection.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import type { AdapterNotFoundErrorType, NetworkNotFoundErrorType } from '../errors/network.js'
import { NetworkNotFoundError } from '../errors/network.js'
import type { Portico } from '../portico.js'
import { resolveNamespace } from '../state/activeConnection.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from '../state/atoms.js'
import { applyConnection, markConnecting, restoreAccount } from '../state/connection.js'
import { addRecentWallet, saveActiveNetworks } from '../state/persistence.js'
import { findConnector } from '../state/registry.js'
import { singleFlight } from '../state/singleFlight.js'
import type { AccountState, Connector, ConnectorConnection, PorticoNetwork } from '../types.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { isSafeImageUrl } from '../utils/imageUrl.js'
import { switchNetwork } from './switchNetwork.js'

export type ConnectParameters = {
  /** A connector from `getConnectors`, or give `connectorId` (and `namespace` if ambiguous). */
  connector?: Connector | undefined
  connectorId?: string | undefined
  namespace?: ChainNamespace | undefined
  /** Network to end up on; must be configured. Default: the wallet's, or the namespace's selected one. */
  caipNetworkId?: CaipNetworkId | undefined
  /**
   * The directory wallet the user picked to pair with (WalletConnect), remembered as a recent
   * wallet; the pairing itself works with any wallet.
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
 * Connects a wallet. Every wallet kind goes the same way: the connector's namespace goes
 * `connecting`, the connector asks the wallet, and every namespace the approval covered is
 * `connected` together (one for an installed wallet, several for WalletConnect). On rejection
 * the typed {@link ConnectionRejectedError} is thrown and the previous state is restored untouched.
 * A requested `caipNetworkId` that is not configured raises the 'Network Not Found' alert and throws
 * {@link NetworkNotFoundError} before the wallet is asked.
 * A second call for the same wallet while the first is still with it (a double click) joins the
 * first: the wallet is asked once. The wallet's prompt is given up only when every caller waiting
 * for it aborted its `signal`.
 *
 * @example
 * const [metamask] = getConnectors(portico, { namespace: 'eip155' })
 * const { address } = await connect(portico, { connector: metamask })
 */
export function connect(portico: Portico, parameters: ConnectParameters): Promise<ConnectReturnType> {
  const { signal, ...asked } = parameters
  const attempt = singleFlight(
    portico,
    ['wallet', 'connect', asked.connector ?? null, asked],
    (shared) => connectOnce(portico, { ...asked, signal: signal ? shared : undefined }),
    { signal },
  )
  return untilAborted(attempt, signal)
}

async function connectOnce(portico: Portico, parameters: ConnectParameters): Promise<ConnectReturnType> {
  const namespace = parameters.connector?.chain ?? parameters.namespace ?? namespaceOf(parameters.caipNetworkId)
  const { namespace: ns } = resolveNamespace(portico, namespace)
  const connectorId = parameters.connector?.id ?? parameters.connectorId
  const connector = (connectorId ? findConnector(portico, ns, connectorId) : undefined) ?? parameters.connector
  if (!connector) throw new ConnectorNotFoundError({ connectorId })

  const requested = parameters.caipNetworkId
    ? portico.networks.find((n) => n.caipNetworkId === parameters.caipNetworkId)
    : undefined
  if (parameters.caipNetworkId && !requested)
    throw portico.alerts.raise(new NetworkNotFoundError({ caipNetworkId: parameters.caipNetworkId }))
  const networks = preferredNetworks(portico, requested)
  if (!networks[ns]) throw new NetworkNotFoundError()

  // Snapshot so a rejected attempt leaves the previous connection (if any) exactly as it was. While
  // an older attempt is still in flight the namespace shows its 'connecting', so a newer attempt
  // keeps the snapshot taken before the older one: failing must not leave 'connecting' behind.
  const inFlight = portico._internal.connectsInFlight
  const older = inFlight.get(ns)
  const now = portico.store.get(accountsAtom)[ns]
  const before: AccountState =
    older && older.during === now ? older.before : (now ?? { namespace: ns, status: 'disconnected' })
  const attempt = (portico._internal.connectAttempts.get(ns) ?? 0) + 1
  portico._internal.connectAttempts.set(ns, attempt)
  const isCurrent = () => portico._internal.connectAttempts.get(ns) === attempt
  const during = markConnecting(portico, ns)
  inFlight.set(ns, { before, during })
  // Put the snapshot back only over this attempt's own state: when something else moved the
  // namespace meanwhile (a page-load reconnect settling, a disconnect), that is the newer truth.
  const restore = () => {
    if (isCurrent() && portico.store.get(accountsAtom)[ns] === during) restoreAccount(portico, ns, before)
  }
  // The newest attempt settles the namespace; older ones leave it to the newest.
  const settle = () => {
    if (isCurrent()) inFlight.delete(ns)
  }

  let connections: readonly ConnectorConnection[]
  try {
    connections = (
      await untilAborted(connector.connect({ networks, signal: parameters.signal }), parameters.signal)
    ).filter((c) => portico.adapters.has(c.namespace) && c.accounts.length > 0)
    if (connections.length === 0) throw new TypeError('The wallet returned no accounts')
  } catch (error) {
    restore()
    settle()
    if (error instanceof BaseError) throw error
    if (isUserRejection(error)) throw new ConnectionRejectedError({ cause: error })
    throw new FailedToConnectError({ cause: error })
  }
  // A newer connect on the same namespace superseded this one while the wallet was answering.
  if (!isCurrent()) throw new FailedToConnectError({ cause: new Error('Superseded by a newer connection attempt') })
  settle()

  for (const connection of connections) {
    const fallbackNetwork = networks[connection.namespace]
    if (!fallbackNetwork) continue
    // A namespace another wallet holds is taken over: the user just chose this wallet for it.
    if (portico.store.get(accountsAtom)[connection.namespace]?.status === 'connected')
      markConnecting(portico, connection.namespace)
    applyConnection(portico, { connector, connection, fallbackNetwork, recent: false })
  }
  const connected = connections.map((c) => c.namespace)
  // The wallet may approve other namespaces but not the one it was picked on.
  if (!connected.includes(ns)) restore()
  const active = connected.includes(ns) ? ns : (connected[0] as ChainNamespace)
  portico.store.set(activeNamespaceAtom, active)
  // Kept for the next page too (each connection applied above saved its own namespace as active).
  saveActiveNetworks(portico)
  addRecentWallet(portico, recentWallet(connector, active, parameters.wallet))

  if (requested?.chainNamespace === active) {
    const state = portico.store.get(accountsAtom)[active]
    // Connected either way; a refused switch leaves the user on the wallet's chain.
    if (state?.caipNetworkId !== requested.caipNetworkId)
      await switchNetwork(portico, { caipNetworkId: requested.caipNetworkId }).catch(() => {})
  }
  const state = portico.store.get(accountsAtom)[active]
  return {
    namespace: active,
    address: state?.address ?? '',
    accounts: state?.addresses ?? [],
    caipNetworkId: state?.caipNetworkId,
  }
}

/**
 * The network each configured namespace should connect on: the requested one for its namespace,
 * else the selected one (unless it is an 'Unknown Network' the last wallet was on), else the
 * namespace's first configured network.
 */
function preferredNetworks(
  portico: Portico,
  requested: PorticoNetwork | undefined,
): Partial<Record<ChainNamespace, PorticoNetwork>> {
  const selected = portico.store.get(activeNetworksAtom)
  const networks: Partial<Record<ChainNamespace, PorticoNetwork>> = {}
  for (const namespace of portico.adapters.keys()) {
    const current = selected[namespace]
    networks[namespace] =
      (requested?.chainNamespace === namespace ? requested : undefined) ??
      (current && !current.unsupported ? current : undefined) ??
      portico.networks.find((n) => n.chainNamespace === namespace)
  }
  return networks
}

/** The picked directory wallet (reached over a pairing), else the connector itself. */
function recentWallet(connector: Connector, namespace: ChainNamespace, wallet: WalletConnectWallet | undefined) {
  if (!wallet) return { id: connector.id, namespace, name: connector.name, icon: connector.imageUrl }
  return {
    id: wallet.id,
    namespace,
    name: wallet.name,
    icon: isSafeImageUrl(wallet.imageUrl) ? wallet.imageUrl : undefined,
    imageId: wallet.imageId,
    walletConnect: true,
  }
}

/**
 * The wallet's answer, or 'Modal closed' as soon as `signal` aborts: a wallet that never answers
 * must not hold the namespace in `connecting` once the user gave up (its late answer is ignored).
 */
function untilAborted<value>(promise: Promise<value>, signal: AbortSignal | undefined): Promise<value> {
  if (!signal) return promise
  return new Promise<value>((resolve, reject) => {
    const abort = () => reject(new ModalClosedError())
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

function namespaceOf(caipNetworkId: CaipNetworkId | undefined): ChainNamespace | undefined {
  return caipNetworkId ? (caipNetworkId.split(':')[0] as ChainNamespace) : undefined
}
