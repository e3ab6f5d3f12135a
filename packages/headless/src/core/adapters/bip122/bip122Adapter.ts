import { getWallets } from '@wallet-standard/app'
import type { IdentifierString } from '@wallet-standard/base'
import type { ChainAdapter } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { checkStandardWallets, type StandardWalletEntry } from '../../utils/walletStandard.js'
import { createBitcoinStandardConnector } from './bitcoinStandardConnector.js'

/** Genesis-hash prefixes (CAIP-2 bip122 references) of the public networks and their Wallet Standard chains. */
const knownChains: Record<string, IdentifierString> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '00000008819873e925422c1ff0f99f7c': 'bitcoin:signet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}

export type Bip122AdapterParameters = {
  /** Listen for Wallet Standard Bitcoin wallets. Default `true`. */
  walletStandard?: boolean | undefined
  /** Wallet Standard chain of each CAIP-2 network not among the public ones. Default `bitcoin:regtest`. */
  chains?: Readonly<Record<string, IdentifierString>> | undefined
}

/** Whether a checked Wallet Standard wallet serves Bitcoin: a `bitcoin:` chain, `bitcoin:connect` and a signing feature. */
function isBitcoinWalletEntry({ wallet }: StandardWalletEntry): boolean {
  const features = wallet.features as Record<string, unknown>
  return (
    wallet.chains.some((c) => typeof c === 'string' && c.startsWith('bitcoin:')) &&
    typeof (features['bitcoin:connect'] as { connect?: unknown } | undefined)?.connect === 'function' &&
    (features['bitcoin:signMessage'] !== undefined || features['bitcoin:signTransaction'] !== undefined)
  )
}

/**
 * The bip122 (Bitcoin) adapter: discovers installed Bitcoin wallets through the Wallet Standard
 * Bitcoin features (`bitcoin:connect` with payment and ordinals addresses, payment first as the
 * spec's default account type; `bitcoin:signMessage`; `bitcoin:signTransaction` for PSBTs);
 * Bitcoin wallets also connect through WalletConnect. Registrations are validated before they are
 * listed (a malformed one is ignored with one warning) and only valid Bitcoin addresses (bech32,
 * bech32m, base58check) are kept. Balances: there is no local Bitcoin chain on the devnet and no
 * balance source Portico reads, so `getBalance` resolves with an empty list, never a guess.
 *
 * @example
 * createPortico({ projectId, networks: [mainnet, bitcoin], adapters: [eip155Adapter(), bip122Adapter()] })
 */
export function bip122Adapter(parameters: Bip122AdapterParameters = {}): ChainAdapter<'bip122'> {
  const { walletStandard = true, chains = {} } = parameters
  const walletChain = (caipNetworkId: CaipNetworkId): IdentifierString =>
    chains[caipNetworkId] ?? knownChains[caipNetworkId.slice('bip122:'.length)] ?? 'bitcoin:regtest'
  return {
    namespace: 'bip122',
    watchConnectors(onChange) {
      if (typeof window === 'undefined' || !walletStandard) {
        onChange([])
        return () => {}
      }
      const wallets = getWallets()
      const warned = new Set<string>()
      const connectors = new Map<unknown, ReturnType<typeof createBitcoinStandardConnector>>()
      const emit = () =>
        onChange(
          checkStandardWallets(wallets.get(), warned)
            .filter(isBitcoinWalletEntry)
            .map((entry) => {
              let connector = connectors.get(entry.wallet)
              if (!connector) {
                connector = createBitcoinStandardConnector(entry, walletChain)
                connectors.set(entry.wallet, connector)
              }
              return connector
            }),
        )
      const offRegister = wallets.on('register', emit)
      const offUnregister = wallets.on('unregister', emit)
      emit()
      return () => {
        offRegister()
        offUnregister()
      }
    },
    getBalance: async () => [],
  }
}
