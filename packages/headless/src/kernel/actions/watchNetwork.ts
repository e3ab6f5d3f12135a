import type { Portico } from '../portico.js'
import { activeNamespaceAtom, activeNetworksAtom, networksAtom } from '../state/atoms.js'
import { type GetNetworkParameters, type GetNetworkReturnType, getNetwork } from './getNetwork.js'

export type WatchNetworkParameters = GetNetworkParameters & { onChange(network: GetNetworkReturnType): void }

/**
 * Calls `onChange` when the selected network changes, or a network is added or removed. Returns the
 * unsubscribe function.
 *
 * @example
 * const unwatch = watchNetwork(portico, { onChange: ({ network }) => console.log(network.name) })
 */
export function watchNetwork(portico: Portico, { onChange, namespace }: WatchNetworkParameters): () => void {
  let previous = getNetwork(portico, { namespace })
  const emit = () => {
    const next = getNetwork(portico, { namespace })
    if (next.network === previous.network && next.networks === previous.networks) return
    previous = next
    onChange(next)
  }
  const offs = [activeNetworksAtom, activeNamespaceAtom, networksAtom].map((a) => portico.store.sub(a, emit))
  return () => {
    for (const off of offs) off()
  }
}
