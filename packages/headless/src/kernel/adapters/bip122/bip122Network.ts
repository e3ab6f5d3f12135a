import { type WalletConnectNetworkParameters, walletConnectNetwork } from '../../networks.js'
import type { PorticoNetwork } from '../../types.js'
import { bip122Adapter } from './bip122Adapter.js'

/**
 * Defines a Bitcoin network (bip122); the CAIP-2 reference is the first 32 hex characters of the
 * genesis block hash.
 * The network brings its adapter: `getDefaultConfig` adds `bip122Adapter()` when it is listed.
 *
 * @example
 * const regtest = bip122Network({ genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, testnet: true })
 */
export function bip122Network(parameters: WalletConnectNetworkParameters & { genesisHash: string }): PorticoNetwork {
  return walletConnectNetwork('bip122', parameters.genesisHash.slice(0, 32), parameters, () => bip122Adapter())
}

/** Bitcoin mainnet. */
export const bitcoin = /* @__PURE__ */ bip122Network({
  genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  blockExplorer: { name: 'Mempool', url: 'https://mempool.space' },
})
