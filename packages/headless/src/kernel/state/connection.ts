import type { Portico } from '../portico.js'
import type { AccountState, Connector, ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../types.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom, type RecentWallet } from './atoms.js'
import { addRecentWallet, saveActiveNetworks, saveConnectedConnector } from './persistence.js'

// The connection status of each namespace changes here only, through the transitions below:
//   disconnected --markConnecting--> connecting --applyConnection--> connected
//   disconnected --markReconnecting (page load)--> reconnecting --applyConnection--> connected
//   reconnecting --markReconnectFailed--> disconnected (the stored connection is kept)
//   connecting --restoreAccount--> the state before the attempt (rejected, failed or superseded)
//   any --resetAccount (disconnect, the wallet's disconnect, no accounts left)--> disconnected
// A transition that makes no sense from the current status changes nothing, so a late answer from
// a wallet can never leave a namespace in a status it cannot leave.

function updateAccount(portico: Portico, namespace: ChainNamespace, update: (current: AccountState) => AccountState) {
  const accounts = portico.store.get(accountsAtom)
  const current = accounts[namespace] ?? { namespace, status: 'disconnected' }
  portico.store.set(accountsAtom, { ...accounts, [namespace]: update(current) })
}

/**
 * @internal The user started a connection on `namespace`: `connecting`, unless the page-load
 * reconnect is still asking its wallet (that answer settles it). Returns the state it set.
 */
export function markConnecting(portico: Portico, namespace: ChainNamespace): AccountState | undefined {
  updateAccount(portico, namespace, (current) =>
    current.status === 'reconnecting' ? current : { ...current, status: 'connecting' },
  )
  return portico.store.get(accountsAtom)[namespace]
}

/**
 * @internal A stored connection is being restored without a prompt: a disconnected namespace goes
 * `reconnecting` with the connector to ask (and the last known address, when given).
 */
export function markReconnecting(
  portico: Portico,
  namespace: ChainNamespace,
  restoring: Pick<AccountState, 'connectorId'> & Partial<AccountState>,
) {
  updateAccount(portico, namespace, (current) => reconnectingState(current, restoring))
}

/**
 * @internal {@link markReconnecting} as a pure function, for `hydrate`, which restores every
 * namespace in one write: an action already under way on a namespace (connecting, connected) wins.
 */
export function reconnectingState(
  current: AccountState,
  restoring: Pick<AccountState, 'connectorId'> & Partial<AccountState>,
): AccountState {
  return current.status === 'disconnected' || current.status === 'reconnecting'
    ? { ...current, ...restoring, status: 'reconnecting' }
    : current
}

/**
 * @internal Restoring gave nothing (the wallet is gone, or asking it failed): `disconnected`,
 * keeping the stored connection so it reconnects once the wallet is back.
 */
export function markReconnectFailed(portico: Portico, namespace: ChainNamespace) {
  updateAccount(portico, namespace, (current) =>
    current.status === 'reconnecting' ? { namespace, status: 'disconnected' } : current,
  )
}

/** @internal Puts back the state a failed or superseded connection attempt started from. */
export function restoreAccount(portico: Portico, namespace: ChainNamespace, before: AccountState) {
  updateAccount(portico, namespace, () => before)
}

/** @internal The network for a CAIP-2 id: a configured one, or an 'Unknown Network' flagged unsupported. */
export function resolveNetwork(portico: Portico, caipNetworkId: CaipNetworkId): PorticoNetwork {
  const known = portico.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (known) return known
  const separator = caipNetworkId.indexOf(':')
  const namespace = caipNetworkId.slice(0, separator) as ChainNamespace
  const reference = caipNetworkId.slice(separator + 1)
  return {
    id: namespace === 'eip155' ? Number(reference) : reference,
    caipNetworkId,
    chainNamespace: namespace,
    name: 'Unknown Network',
    nativeCurrency: { name: 'Unknown', symbol: '', decimals: 18 },
    rpcUrls: { default: { http: [] } },
    unsupported: true,
  }
}

/** @internal Sets the selected network of its namespace (and optionally makes the namespace active). */
export function setActiveNetwork(portico: Portico, network: PorticoNetwork, { activate = true } = {}) {
  const { store } = portico
  store.set(activeNetworksAtom, { ...store.get(activeNetworksAtom), [network.chainNamespace]: network })
  if (activate) store.set(activeNamespaceAtom, network.chainNamespace)
  updateAccount(portico, network.chainNamespace, (current) =>
    current.address
      ? {
          ...current,
          caipNetworkId: network.caipNetworkId,
          caipAddress: `${network.caipNetworkId}:${current.address}` as CaipAddress,
        }
      : current,
  )
  saveActiveNetworks(portico)
}

/**
 * @internal
 * Records a successful connect or reconnect: account state, network, persistence, recent
 * wallets and the wallet's event subscription.
 */
export function applyConnection(
  portico: Portico,
  {
    connector,
    connection,
    fallbackNetwork,
    recent,
  }: {
    connector: Connector
    connection: ConnectorConnection
    fallbackNetwork: PorticoNetwork
    /** The recent-wallet entry to record; default the connector, `false` for none. */
    recent?: RecentWallet | false | undefined
  },
) {
  const { namespace } = connection
  const network = connection.caipNetworkId ? resolveNetwork(portico, connection.caipNetworkId) : fallbackNetwork
  const [address] = connection.accounts
  if (!address) throw new TypeError('applyConnection needs at least one account')

  updateAccount(portico, namespace, (current) => ({
    // Another wallet taking the namespace starts clean: what the previous one told of its account
    // (an email login's user, its social provider, its account type) is not this wallet's.
    preferredAccountType: 'eoa',
    ...(current.connectorId === connector.id ? current : { namespace }),
    status: 'connected',
    address,
    addresses: connection.accounts,
    caipNetworkId: network.caipNetworkId,
    caipAddress: `${network.caipNetworkId}:${address}` as CaipAddress,
    connectorId: connector.id,
    connector,
    connectedWalletInfo: connection.walletInfo ?? {
      name: connector.name,
      icon: connector.imageUrl,
      identifier: connector.id,
    },
    ...connection.account,
  }))
  setActiveNetwork(portico, network)
  saveConnectedConnector(portico, namespace, connector.id, address)
  if (recent !== false)
    addRecentWallet(portico, recent ?? { id: connector.id, namespace, name: connector.name, icon: connector.imageUrl })
  subscribeWallet(portico, namespace, connector)
}

/** @internal Resets a namespace to disconnected and forgets its connector. */
export function resetAccount(portico: Portico, namespace: ChainNamespace) {
  portico._internal.walletSubscriptions.get(namespace)?.()
  portico._internal.walletSubscriptions.delete(namespace)
  updateAccount(portico, namespace, () => ({ namespace, status: 'disconnected' }))
  saveConnectedConnector(portico, namespace, undefined)
  // An 'Unknown Network' only existed because the wallet was on it.
  const network = portico.store.get(activeNetworksAtom)[namespace]
  if (network?.unsupported) {
    const fallback = portico.networks.find((n) => n.chainNamespace === namespace)
    if (fallback) setActiveNetwork(portico, fallback, { activate: false })
  }
  // Keep acting on a namespace that is still connected rather than on the one just dropped.
  // With nothing left connected, go back to the app's default namespace: a session that ended on
  // all namespaces at once must not leave the app on whichever one happened to be reset last.
  if (portico.store.get(activeNamespaceAtom) === namespace) {
    const other = Object.values(portico.store.get(accountsAtom)).find((a) => a?.status === 'connected')
    portico.store.set(activeNamespaceAtom, other ? other.namespace : portico.defaultNetwork.chainNamespace)
  }
}

function subscribeWallet(portico: Portico, namespace: ChainNamespace, connector: Connector) {
  portico._internal.walletSubscriptions.get(namespace)?.()
  portico._internal.walletSubscriptions.set(
    namespace,
    listenToWallet(connector, namespace, (event) => onWalletEvent(portico, namespace, event)),
  )
}

/**
 * @internal
 * `connector.subscribe`, for a wallet's (or a host connector's) event API that throws or gives
 * back no working way to stop: the wallet still connects, signs and disconnects, with a warning;
 * its changes are then learnt when the kit asks it.
 */
export function listenToWallet(
  connector: Connector,
  namespace: ChainNamespace,
  listener: (event: ConnectorEvent) => void,
): () => void {
  let off: (() => void) | undefined
  try {
    off = connector.subscribe(namespace, listener)
  } catch (error) {
    console.warn('[portico] Cannot listen to the wallet', error)
  }
  return () => {
    try {
      off?.()
    } catch {}
  }
}

/** @internal How wallet-side changes move state (the spec). */
export function onWalletEvent(portico: Portico, namespace: ChainNamespace, event: ConnectorEvent) {
  const current = portico.store.get(accountsAtom)[namespace]
  if (current?.status !== 'connected') return
  switch (event.type) {
    case 'accountsChanged': {
      const [address] = event.accounts
      // A wallet with no accounts for this site is a disconnect (spec: a session with no accounts).
      if (!address) return resetAccount(portico, namespace)
      // Every account counts: a wallet swapping a secondary account changes the list the app shows.
      // (Addresses hold no comma, so the joined lists are equal exactly when the lists are.)
      if (event.accounts.join() === (current.addresses ?? [current.address]).join()) return
      const caipNetworkId = current.caipNetworkId
      updateAccount(portico, namespace, (state) => ({
        ...state,
        address,
        addresses: event.accounts,
        caipAddress: caipNetworkId ? (`${caipNetworkId}:${address}` as CaipAddress) : state.caipAddress,
      }))
      saveConnectedConnector(portico, namespace, current.connectorId, address)
      return
    }
    case 'chainChanged': {
      if (!event.caipNetworkId.startsWith(`${namespace}:`)) return
      if (event.caipNetworkId === current.caipNetworkId) return
      setActiveNetwork(portico, resolveNetwork(portico, event.caipNetworkId), {
        activate: portico.store.get(activeNamespaceAtom) === namespace,
      })
      return
    }
    case 'disconnect':
      return resetAccount(portico, namespace)
  }
}
