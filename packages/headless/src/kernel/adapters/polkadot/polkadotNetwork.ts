import { type WalletConnectNetworkParameters, walletConnectNetwork } from '../../networks.js'
import type { PorticoNetwork } from '../../types.js'
import { genesisReference } from '../genesisReference.js'
import { polkadotAdapter } from './polkadotAdapter.js'

/**
 * Defines a Polkadot-SDK chain; the CAIP-2 reference is the first 32 hex characters of its
 * genesis hash, in lower case and without 0x, as wallets name the chain in their sessions: a hash
 * written in upper case or with `0X` still gives the chain's one id.
 * The network brings its adapter: `getDefaultConfig` adds `polkadotAdapter()` when it is listed.
 *
 * @throws InvalidCaipNetworkIdError ('Invalid CAIP-2 network id') when `genesisHash` is not 64 hex
 * characters (or the 32 of the reference alone) after an optional 0x: a wallet would name no such chain.
 *
 * @example
 * const westend = polkadotNetwork({ genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e', name: 'Westend', nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 } })
 * westend.caipNetworkId // 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e'
 */
export function polkadotNetwork(parameters: WalletConnectNetworkParameters & { genesisHash: string }): PorticoNetwork {
  return walletConnectNetwork('polkadot', genesisReference(parameters.genesisHash, 'Polkadot'), parameters, () =>
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
