import type { Portico } from '../portico.js'
import type { AccountState, Connector, ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../types.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom, connectorsAtom, type RecentWallet } from './atoms.js'
import { addRecentWallet, saveActiveNetworks, saveConnectedConnector } from './persistence.js'
import { type ConnectionEvent, nextConnectionStatus } from './status.js'

/** @internal Immutable update of one namespace's account state. */
export function updateAccount(
  portico: Portico,
  namespace: ChainNamespace,
  update: (current: AccountState) => AccountState,
) {
  const accounts = portico.store.get(accountsAtom)
  const current = accounts[namespace] ?? { namespace, status: 'disconnected' }
  portico.store.set(accountsAtom, { ...accounts, [namespace]: update(current) })
}

/** @internal Moves the status machine of a namespace. */
export function sendStatusEvent(portico: Portico, namespace: ChainNamespace, event: ConnectionEvent) {
  updateAccount(portico, namespace, (current) => ({ ...current, status: nextConnectionStatus(current.status, event) }))
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

/** @internal A connector by id within a namespace (discovered ones, then WalletConnect). */
export function findConnector(portico: Portico, namespace: ChainNamespace, connectorId: string): Connector | undefined {
  return (
    portico.store.get(connectorsAtom)[namespace]?.find((c) => c.id === connectorId) ??
    portico._internal.walletConnect?.connectors.find((c) => c.chain === namespace && c.id === connectorId)
  )
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
    ...current,
    status: nextConnectionStatus(current.status, 'CONNECTED'),
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
    preferredAccountType: current.preferredAccountType ?? 'eoa',
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
  const unsubscribe = connector.subscribe(namespace, (event) => onWalletEvent(portico, namespace, event))
  portico._internal.walletSubscriptions.set(namespace, unsubscribe)
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
      if (address === current.address && event.accounts.length === current.addresses?.length) return
      const caipNetworkId = current.caipNetworkId
      updateAccount(portico, namespace, (state) => ({
        ...state,
        status: nextConnectionStatus(state.status, 'CONNECTED'),
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
