import type { Portico } from '../portico.js'
import type { AccountState } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { isSafeImageUrl } from '../utils/imageUrl.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom, type RecentWallet, recentWalletsAtom } from './atoms.js'
import { reconnectingState } from './connection.js'
import {
  activeNetworkSchema,
  connectedAddressSchema,
  connectedConnectorSchema,
  recentWalletsSchema,
} from './persistence.js'
import { type PorticoStorage, storageKeys } from './storage.js'

/**
 * @internal
 * Restores persisted state into the store: recent wallets, the active network per namespace, and
 * the status `reconnecting` for every namespace that had a connector, so the UI can show a quiet
 * "restoring" state instead of a Connect button that flickers. Values that are well-formed but
 * foreign to this configuration (a namespace without adapter, a network not configured) are
 * ignored. Runs once from the instance's storage; `snapshot` (a server's initial state) reads
 * another source and leaves the once-only read of the storage to come.
 */
export function hydrate(portico: Portico, snapshot?: PorticoStorage) {
  if (!snapshot) {
    if (portico._internal.hydrated) return
    portico._internal.hydrated = true
  }
  const { store } = portico
  const storage = snapshot ?? portico.storage

  const recent = storage.get(storageKeys.recentWallets, recentWalletsSchema)
  if (recent) {
    const wallets: RecentWallet[] = []
    for (const wallet of recent) {
      if (!portico.adapters.has(wallet.namespace)) continue
      wallets.push(isSafeImageUrl(wallet.icon) ? wallet : { ...wallet, icon: undefined })
    }
    store.set(recentWalletsAtom, wallets.slice(0, 2))
  }

  const active = storage.get(storageKeys.activeNetwork, activeNetworkSchema)
  if (active) {
    const networks = { ...store.get(activeNetworksAtom) }
    for (const [namespace, caipNetworkId] of Object.entries(active.networks)) {
      const network = portico.networks.find((n) => n.caipNetworkId === caipNetworkId)
      if (network && network.chainNamespace === namespace) networks[network.chainNamespace] = network
    }
    store.set(activeNetworksAtom, networks)
    if (portico.adapters.has(active.namespace)) store.set(activeNamespaceAtom, active.namespace)
  }

  const accounts = { ...store.get(accountsAtom) }
  for (const namespace of portico.adapters.keys()) {
    const connectorId = storage.get(storageKeys.connectedConnector(namespace), connectedConnectorSchema)
    if (!connectorId) continue
    const current: AccountState = accounts[namespace] ?? { namespace, status: 'disconnected' }
    // The last known address shows while the wallet is asked again (the server renders it from a
    // cookie); the wallet's answer replaces it, or clears it when the wallet is gone.
    const address = storage.get(storageKeys.connectedAddress(namespace), connectedAddressSchema)
    const network = store.get(activeNetworksAtom)[namespace]
    accounts[namespace as ChainNamespace] = reconnectingState(
      current,
      address && network
        ? {
            connectorId,
            address,
            addresses: [address],
            caipNetworkId: network.caipNetworkId,
            caipAddress: `${network.caipNetworkId}:${address}`,
          }
        : { connectorId },
    )
  }
  store.set(accountsAtom, accounts)
}
