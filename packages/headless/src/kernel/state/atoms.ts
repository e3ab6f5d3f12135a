import { atom } from 'jotai/vanilla'
import type { Features } from '../defaults.js'
import type { AccountState, Connector, PorticoNetwork } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

// Atom definitions are module-level; their values live in each Portico instance's private store,
// so two instances on one page never share state and the host's jotai store is never touched.

/** @internal Account state per namespace. */
export const accountsAtom = atom<Partial<Record<ChainNamespace, AccountState>>>({})

/** @internal The namespace the UI and the namespace-less actions act on. */
export const activeNamespaceAtom = atom<ChainNamespace | undefined>(undefined)

/**
 * @internal The networks the instance supports, in order: the `networks` option, then those added
 * at runtime (`addNetwork`, `removeNetwork`). Read as `portico.networks`.
 */
export const networksAtom = atom<readonly PorticoNetwork[]>([])

/** @internal Selected network per namespace (may be an 'Unknown Network' the wallet moved to). */
export const activeNetworksAtom = atom<Partial<Record<ChainNamespace, PorticoNetwork>>>({})

/**
 * @internal The connector registry: every connector of the instance, by the source that listed it
 * (an adapter's discovery, a feature's connectors), each source's list in its own order. Read and
 * written through `state/registry.ts` only.
 */
export const connectorsAtom = atom<Readonly<Record<string, readonly Connector[]>>>({})

/**
 * A wallet the user connected recently (spec: two are kept). `walletConnect` entries are directory
 * wallets connected over WalletConnect (`id` is the directory id, `imageId` its image).
 */
export type RecentWallet = {
  id: string
  namespace: ChainNamespace
  name: string
  icon?: string | undefined
  imageId?: string | undefined
  walletConnect?: boolean | undefined
}

/**
 * A WalletConnect pairing URI waiting to be scanned or opened. `expiresAt` is a ms timestamp; a new
 * URI replaces it when it expires (spec: pairing expiry 4 min).
 */
export type WalletConnectPairing = { uri: string; expiresAt: number }

/** @internal The current pairing offer while a WalletConnect connection is pending. */
export const walletConnectPairingAtom = atom<WalletConnectPairing | undefined>(undefined)

/** @internal Most recent first. */
export const recentWalletsAtom = atom<readonly RecentWallet[]>([])

/** @internal Effective features (defaults, local options and, once loaded, the remote configuration). */
export const featuresAtom = atom<Features | undefined>(undefined)

/** @internal State of the remote project configuration fetch. */
export const remoteConfigStatusAtom = atom<'idle' | 'loading' | 'loaded' | 'failed'>('idle')

/** @internal The active namespace's network. */
export const activeNetworkAtom = atom((get) => {
  const namespace = get(activeNamespaceAtom)
  return namespace ? get(activeNetworksAtom)[namespace] : undefined
})
