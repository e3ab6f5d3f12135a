import type { ChainAdapter } from '../../portico.js'
import type { Connector } from '../../types.js'
import { readProperty, warnOnce, watchInjected } from '../../utils/injectedDiscovery.js'
import { createKeplrConnector, type KeplrLikeProvider } from './keplrConnector.js'

/**
 * A window global a Keplr-style wallet injects, and the name it is listed under.
 *
 * @example
 * const station: CosmosInjectedWallet = { key: 'station', name: 'Station' }
 */
export type CosmosInjectedWallet = {
  /** The property of `window` (`keplr`, `leap`). */
  key: string
  name: string
  /** A `data:image/…` icon. */
  icon?: string | undefined
}

/**
 * The Keplr-style wallets Portico looks for by default.
 *
 * @example
 * cosmosAdapter({ wallets: [...defaultCosmosWallets, { key: 'station', name: 'Station' }] })
 */
export const defaultCosmosWallets: readonly CosmosInjectedWallet[] = [
  { key: 'keplr', name: 'Keplr' },
  { key: 'leap', name: 'Leap' },
]

/**
 * Options of {@link cosmosAdapter}.
 *
 * @example
 * const parameters: CosmosAdapterParameters = { wallets: [{ key: 'keplr', name: 'Keplr' }] }
 */
export type CosmosAdapterParameters = {
  /** The injected globals to look for. Default {@link defaultCosmosWallets}. */
  wallets?: readonly CosmosInjectedWallet[] | undefined
}

const requiredMethods = ['enable', 'getKey', 'signAmino', 'signDirect', 'signArbitrary'] as const

/**
 * The cosmos adapter: discovers Keplr-style injected wallets (`window.keplr`, `window.leap`: enable,
 * getKey, signAmino, signDirect, signArbitrary) and lists each as a connector; Cosmos wallets also
 * connect through WalletConnect. An injected object without those methods is ignored with one
 * warning. Balances: none of the configured Cosmos chains has a balance source Portico reads (there
 * is no local Cosmos chain on the devnet), so `getBalance` resolves with an empty list, never a guess.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, cosmosHub], adapters: [eip155Adapter(), cosmosAdapter()] })
 */
export function cosmosAdapter(parameters: CosmosAdapterParameters = {}): ChainAdapter<'cosmos'> {
  const wallets = parameters.wallets ?? defaultCosmosWallets
  return {
    namespace: 'cosmos',
    watchConnectors(onChange) {
      if (typeof window === 'undefined') {
        onChange([])
        return () => {}
      }
      const warned = new Set<string>()
      const connectors = new Map<unknown, Connector>()
      const read = () =>
        wallets.flatMap((wallet) => {
          const provider = readProperty(window, wallet.key)
          if (provider === undefined) return []
          const missing = requiredMethods.filter((m) => typeof readProperty(provider, m) !== 'function')
          if (missing.length) {
            warnOnce(
              warned,
              wallet.key,
              `Ignored window.${wallet.key}: not a Keplr-style wallet (no ${missing.join(', ')}).`,
            )
            return []
          }
          return [{ ...wallet, provider: provider as KeplrLikeProvider }]
        })
      return watchInjected(
        read,
        (entries) =>
          onChange(
            entries.map((entry) => {
              // One connector per provider object, so a re-read keeps the connector a connection holds.
              let connector = connectors.get(entry.provider)
              if (!connector) {
                connector = createKeplrConnector({
                  ...entry,
                  keystoreEvent: `${entry.key}_keystorechange`,
                })
                connectors.set(entry.provider, connector)
              }
              return connector
            }),
          ),
        wallets.map((w) => `${w.key}_keystorechange`),
      )
    },
    getBalance: async () => [],
  }
}
