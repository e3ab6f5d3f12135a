import { recentWalletsLimit } from '../defaults.js'
import type { Portico } from '../portico.js'
import { type ChainNamespace, chainNamespaces } from '../utils/caip.js'
import * as c from '../utils/check.js'
import { isSafeImageUrl } from '../utils/imageUrl.js'
import { lazy } from '../utils/lazy.js'
import { activeNamespaceAtom, activeNetworksAtom, type RecentWallet, recentWalletsAtom } from './atoms.js'
import { storageKeys } from './storage.js'

// Checks of what we persist. Storage is untrusted input (another app on the origin, an old
// version, a user editing devtools), so every read goes through one of these. They are built on
// the first read of a stored value, not at import: this module is on the page-start path, and most
// pages have nothing stored.
const schemas = lazy(() => {
  const namespace = c.oneOf(chainNamespaces)
  return {
    connectedConnector: c.string({ min: 1, max: 256 }),
    activeNetwork: c.object({
      namespace,
      networks: c.record(c.string({ max: 100 }), chainNamespaces),
    }),
    recentWallets: c.array(
      c.object({
        id: c.string({ min: 1, max: 256 }),
        namespace,
        name: c.string({ min: 1, max: 256 }),
        icon: c.optional(c.string({ max: 100_000 })),
        imageId: c.optional(c.string({ pattern: /^[-\w.]{1,128}$/ })),
        walletConnect: c.optional(c.boolean()),
      }),
      { max: 20 },
    ),
    // The CAIP-10 address grammar (each namespace's own check follows).
    connectedAddress: c.string({ pattern: /^[-.%a-zA-Z0-9]{1,128}$/ }),
  }
})

/** @internal The persisted connector id of a namespace. Pass it (unbuilt) to `PorticoStorage.get`. */
export const connectedConnectorSchema = () => schemas().connectedConnector
/** @internal The persisted active namespace and each namespace's network. */
export const activeNetworkSchema = () => schemas().activeNetwork
/** @internal The persisted recent wallets. */
export const recentWalletsSchema = () => schemas().recentWallets
/** @internal The persisted active address: the CAIP-10 address grammar (each namespace's own check follows). */
export const connectedAddressSchema = () => schemas().connectedAddress

/** @internal Persists (or forgets) the connector connected on a namespace, and its active address. */
export function saveConnectedConnector(
  portico: Portico,
  namespace: ChainNamespace,
  connectorId: string | undefined,
  address?: string | undefined,
) {
  const key = storageKeys.connectedConnector(namespace)
  const addressKey = storageKeys.connectedAddress(namespace)
  if (connectorId) portico.storage.set(key, connectorId)
  else portico.storage.remove(key)
  if (connectorId && address) portico.storage.set(addressKey, address)
  else portico.storage.remove(addressKey)
}

/** @internal Persists the active namespace and the selected network of each namespace. */
export function saveActiveNetworks(portico: Portico) {
  const namespace = portico.store.get(activeNamespaceAtom)
  if (!namespace) return
  const networks: Partial<Record<ChainNamespace, string>> = {}
  // An 'Unknown Network' the wallet wandered to is not a choice worth restoring.
  for (const [ns, network] of Object.entries(portico.store.get(activeNetworksAtom)))
    if (network && !network.unsupported) networks[ns as ChainNamespace] = network.caipNetworkId
  portico.storage.set(storageKeys.activeNetwork, { namespace, networks })
}

/** @internal Puts a wallet at the front of the recent list, keeping the spec's two. */
export function addRecentWallet(portico: Portico, wallet: RecentWallet) {
  const entry: RecentWallet = { id: wallet.id, namespace: wallet.namespace, name: wallet.name }
  if (isSafeImageUrl(wallet.icon)) entry.icon = wallet.icon
  if (wallet.imageId && /^[-\w.]{1,128}$/.test(wallet.imageId)) entry.imageId = wallet.imageId
  if (wallet.walletConnect) entry.walletConnect = true
  const next = [
    entry,
    ...portico.store
      .get(recentWalletsAtom)
      .filter(
        (w) => !(w.id === wallet.id && (w.namespace === wallet.namespace || (w.walletConnect && entry.walletConnect))),
      ),
  ].slice(0, recentWalletsLimit)
  portico.store.set(recentWalletsAtom, next)
  portico.storage.set(storageKeys.recentWallets, next)
}
