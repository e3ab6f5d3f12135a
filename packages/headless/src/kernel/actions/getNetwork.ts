import type { Portico } from '../portico.js'
import { activeNamespaceAtom, activeNetworksAtom } from '../state/atoms.js'
import type { PorticoNetwork } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

export type GetNetworkParameters = { namespace?: ChainNamespace | undefined }
export type GetNetworkReturnType = {
  /** Selected network of the active namespace (or `namespace`). */
  network: PorticoNetwork
  /** Every configured network, in configuration order. */
  networks: readonly PorticoNetwork[]
  /** Whether the selected network is not configured (the wallet moved to an 'Unknown Network'). */
  isUnsupported: boolean
  /**
   * Whether the unsupported-chain view applies: switching is enabled, unsupported chains are not
   * allowed, and the network is unsupported (the spec).
   */
  showUnsupportedView: boolean
}

/**
 * The selected network and the configured ones.
 *
 * @example
 * const { network, networks } = getNetwork(portico)
 */
export function getNetwork(portico: Portico, { namespace }: GetNetworkParameters = {}): GetNetworkReturnType {
  const ns = namespace ?? portico.store.get(activeNamespaceAtom) ?? portico.defaultNetwork.chainNamespace
  const network = portico.store.get(activeNetworksAtom)[ns] ?? portico.defaultNetwork
  const isUnsupported = Boolean(network.unsupported)
  return {
    network,
    networks: portico.networks,
    isUnsupported,
    showUnsupportedView: isUnsupported && portico.options.enableNetworkSwitch && !portico.options.allowUnsupportedChain,
  }
}
