import {
  AdapterNotFoundError,
  type AdapterNotFoundErrorType,
  LastNetworkError,
  type LastNetworkErrorType,
  NetworkNotFoundError,
  type NetworkNotFoundErrorType,
} from '../errors/network.js'
import type { Portico } from '../portico.js'
import { accountsAtom, activeNetworksAtom, networksAtom } from '../state/atoms.js'
import { setActiveNetwork } from '../state/connection.js'
import type { PorticoNetwork } from '../types.js'
import type { CaipNetworkId } from '../utils/caip.js'
import { type SwitchNetworkErrorType, switchNetwork } from './switchNetwork.js'

export type RemoveNetworkParameters = { caipNetworkId: CaipNetworkId }
export type RemoveNetworkReturnType = readonly PorticoNetwork[]
export type RemoveNetworkErrorType =
  | NetworkNotFoundErrorType
  | AdapterNotFoundErrorType
  | LastNetworkErrorType
  | SwitchNetworkErrorType

/**
 * Removes a network at runtime (one given to `createPortico` or added with `addNetwork`). When it
 * is the selected network of its namespace, the namespace's first remaining network is selected
 * first: a wallet connected on that namespace is asked to switch, and if it refuses nothing is
 * removed (the switch's error is thrown). An unknown id raises the 'Network Not Found' alert and
 * throws {@link NetworkNotFoundError} ('Network not found'), a namespace without an adapter
 * {@link AdapterNotFoundError}, and the only network of a namespace {@link LastNetworkError}.
 * Returns the networks after the change.
 *
 * @example
 * import { removeNetwork } from '@portico/headless'
 *
 * await removeNetwork(portico, { caipNetworkId: 'eip155:10' })
 */
export async function removeNetwork(
  portico: Portico,
  { caipNetworkId }: RemoveNetworkParameters,
): Promise<RemoveNetworkReturnType> {
  const { store } = portico
  const network = store.get(networksAtom).find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) throw portico.alerts.raise(new NetworkNotFoundError({ caipNetworkId: String(caipNetworkId) }))
  const namespace = network.chainNamespace
  if (!portico.adapters.has(namespace)) throw new AdapterNotFoundError({ namespace })
  const next = store.get(networksAtom).find((n) => n.chainNamespace === namespace && n !== network)
  if (!next) throw new LastNetworkError({ caipNetworkId: network.caipNetworkId })

  if (store.get(activeNetworksAtom)[namespace]?.caipNetworkId === network.caipNetworkId) {
    if (store.get(accountsAtom)[namespace]?.status === 'connected')
      await switchNetwork(portico, { caipNetworkId: next.caipNetworkId })
    else setActiveNetwork(portico, next, { activate: false })
  }
  // Read again: the wallet's prompt may have let another change land meanwhile.
  const remaining = store.get(networksAtom).filter((n) => n.caipNetworkId !== network.caipNetworkId)
  store.set(networksAtom, remaining)
  return remaining
}
