import { type WalletConnectNetworkParameters, walletConnectNetwork } from '../../networks.js'
import type { PorticoNetwork } from '../../types.js'
import { polkadotAdapter } from './polkadotAdapter.js'

/**
 * Defines a Polkadot-SDK chain; the CAIP-2 reference is the first 32 hex characters of its
 * genesis hash (without 0x).
 * The network brings its adapter: `getDefaultConfig` adds `polkadotAdapter()` when it is listed.
 *
 * @example
 * const westend = polkadotNetwork({ genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e…', name: 'Westend', nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 } })
 */
export function polkadotNetwork(parameters: WalletConnectNetworkParameters & { genesisHash: string }): PorticoNetwork {
  return walletConnectNetwork('polkadot', parameters.genesisHash.replace(/^0x/, '').slice(0, 32), parameters, () =>
    polkadotAdapter(),
  )
}

/** Polkadot relay chain. */
export const polkadot = /* @__PURE__ */ polkadotNetwork({
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  blockExplorer: { name: 'Subscan', url: 'https://polkadot.subscan.io' },
})
