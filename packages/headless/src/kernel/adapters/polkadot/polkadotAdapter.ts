import type { ChainAdapter } from '../../portico.js'
import type { Connector } from '../../types.js'
import { readProperty, warnOnce, watchInjected } from '../../utils/injectedDiscovery.js'
import { createInjectedWeb3Connector, type InjectedWeb3Entry } from './injectedWeb3Connector.js'

/** Names of the well-known extensions, by their `injectedWeb3` key. Others are named from the key. */
const knownNames: Record<string, string> = {
  'polkadot-js': 'Polkadot.js',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  'fearless-wallet': 'Fearless Wallet',
  enkrypt: 'Enkrypt',
  nova: 'Nova Wallet',
}

const maxKeyLength = 100
const unprintable = /[\p{Cc}\p{Cf}]/u

/** 'devnet-wallet' → 'Devnet Wallet'. */
const nameOf = (key: string) =>
  knownNames[key] ??
  key
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/**
 * Options of {@link polkadotAdapter}.
 *
 * @example
 * const parameters: PolkadotAdapterParameters = { appName: 'My dapp' }
 */
export type PolkadotAdapterParameters = {
  /** The app name extensions show when asking the user to allow the site. Default `'Portico'`. */
  appName?: string | undefined
}

/**
 * The polkadot adapter: discovers injected extensions (`window.injectedWeb3[key].enable(appName)`,
 * then `accounts.get`, `signer.signRaw`, `signer.signPayload`) and lists each as a connector;
 * Polkadot wallets also connect through WalletConnect. An entry without an `enable` function is
 * ignored with one warning, and only SS58 addresses are listed. Balances: there is no local
 * Substrate chain on the devnet and no balance source Portico reads, so `getBalance` resolves with
 * an empty list, never a guess.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, polkadot], adapters: [eip155Adapter(), polkadotAdapter({ appName: 'My dapp' })] })
 */
export function polkadotAdapter(parameters: PolkadotAdapterParameters = {}): ChainAdapter<'polkadot'> {
  const appName = parameters.appName ?? 'Portico'
  return {
    namespace: 'polkadot',
    watchConnectors(onChange) {
      if (typeof window === 'undefined') {
        onChange([])
        return () => {}
      }
      const warned = new Set<string>()
      const connectors = new Map<unknown, Connector>()
      const read = () => {
        const injected = readProperty(window, 'injectedWeb3')
        if (typeof injected !== 'object' || injected === null) return []
        let keys: string[]
        try {
          keys = Object.keys(injected)
        } catch {
          return []
        }
        return keys.flatMap((key) => {
          const entry = readProperty(injected, key)
          if (
            !key.trim() ||
            key.length > maxKeyLength ||
            unprintable.test(key) ||
            typeof readProperty(entry, 'enable') !== 'function'
          ) {
            warnOnce(
              warned,
              key,
              `Ignored window.injectedWeb3[${JSON.stringify(key.slice(0, maxKeyLength))}]: no enable().`,
            )
            return []
          }
          return [{ key, provider: entry as InjectedWeb3Entry }]
        })
      }
      return watchInjected(read, (entries) =>
        onChange(
          entries.map(({ key, provider }) => {
            let connector = connectors.get(provider)
            if (!connector) {
              connector = createInjectedWeb3Connector({ key, name: nameOf(key), entry: provider, appName })
              connectors.set(provider, connector)
            }
            return connector
          }),
        ),
      )
    },
    getBalance: async () => [],
  }
}
