import type { ChainAdapter } from '../types.js'

type WalletConnectOnlyNamespace = 'polkadot' | 'bip122' | 'cosmos'

function walletConnectOnlyAdapter<namespace extends WalletConnectOnlyNamespace>(
  namespace: namespace,
): ChainAdapter<namespace> {
  // Wallets of these namespaces connect through WalletConnect's connectors; nothing to discover.
  return {
    namespace,
    watchConnectors(onChange) {
      onChange([])
      return () => {}
    },
    // No balance source for these chains yet: an empty list, never a guess.
    getBalance: async () => [],
  }
}

/**
 * The polkadot adapter. Polkadot wallets connect through WalletConnect (one session with the
 * other namespaces); this adapter makes the namespace configurable.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, polkadot], adapters: [eip155Adapter(), polkadotAdapter()] })
 */
export function polkadotAdapter(): ChainAdapter<'polkadot'> {
  return walletConnectOnlyAdapter('polkadot')
}

/**
 * The bip122 (Bitcoin) adapter. Bitcoin wallets connect through WalletConnect.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, bitcoin], adapters: [eip155Adapter(), bip122Adapter()] })
 */
export function bip122Adapter(): ChainAdapter<'bip122'> {
  return walletConnectOnlyAdapter('bip122')
}

/**
 * The cosmos adapter. Cosmos wallets connect through WalletConnect.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, cosmosHub], adapters: [eip155Adapter(), cosmosAdapter()] })
 */
export function cosmosAdapter(): ChainAdapter<'cosmos'> {
  return walletConnectOnlyAdapter('cosmos')
}
