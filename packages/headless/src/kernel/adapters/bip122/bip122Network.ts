import { type WalletConnectNetworkParameters, walletConnectNetwork } from '../../networks.js'
import type { PorticoNetwork } from '../../types.js'
import { genesisReference } from '../genesisReference.js'
import { bip122Adapter } from './bip122Adapter.js'

/**
 * Defines a Bitcoin network (bip122); the CAIP-2 reference is the first 32 hex characters of the
 * genesis block hash, in lower case, as wallets name the chain.
 * The network brings its adapter: `getDefaultConfig` adds `bip122Adapter()` when it is listed.
 *
 * @throws InvalidCaipNetworkIdError ('Invalid CAIP-2 network id') when `genesisHash` is not 64 hex
 * characters (or the 32 of the reference alone).
 *
 * @example
 * const regtest = bip122Network({ genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, testnet: true })
 */
export function bip122Network(parameters: WalletConnectNetworkParameters & { genesisHash: string }): PorticoNetwork {
  return walletConnectNetwork('bip122', genesisReference(parameters.genesisHash, 'Bitcoin'), parameters, () =>
    bip122Adapter(),
  )
}

/** Bitcoin mainnet. */
export const bitcoin = /* @__PURE__ */ bip122Network({
  genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  blockExplorer: { name: 'Mempool', url: 'https://mempool.space' },
})
