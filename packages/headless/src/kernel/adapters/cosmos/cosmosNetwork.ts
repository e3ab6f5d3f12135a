import { type WalletConnectNetworkParameters, walletConnectNetwork } from '../../networks.js'
import type { PorticoNetwork } from '../../types.js'
import { cosmosAdapter } from './cosmosAdapter.js'

/**
 * Defines a Cosmos SDK chain; the CAIP-2 reference is its chain id.
 * The network brings its adapter: `getDefaultConfig` adds `cosmosAdapter()` when it is listed.
 *
 * @example
 * const osmosis = cosmosNetwork({ chainId: 'osmosis-1', name: 'Osmosis', nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 } })
 */
export function cosmosNetwork(parameters: WalletConnectNetworkParameters & { chainId: string }): PorticoNetwork {
  return walletConnectNetwork('cosmos', parameters.chainId, parameters, () => cosmosAdapter())
}

/** Cosmos Hub. */
export const cosmosHub = /* @__PURE__ */ cosmosNetwork({
  chainId: 'cosmoshub-4',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' },
})
