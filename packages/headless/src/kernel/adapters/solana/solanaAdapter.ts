import { getWallets } from '@wallet-standard/app'
import type { IdentifierString } from '@wallet-standard/base'
import type { ChainAdapter } from '../../portico.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { checkStandardWallets, isSolanaWalletEntry } from '../../utils/walletStandard.js'
import { createWalletStandardConnector } from './walletStandardConnector.js'

/** Genesis-hash prefixes of the public clusters and their Wallet Standard chain names. */
const knownClusters: Record<string, IdentifierString> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

export type SolanaAdapterParameters = {
  /** Listen for Wallet Standard wallets. Default `true`. */
  walletStandard?: boolean | undefined
  /**
   * Wallet Standard chain of each CAIP-2 network not among the public clusters. Default:
   * `solana:localnet` (what local test validators and the devnet are to wallets).
   */
  chains?: Readonly<Record<string, IdentifierString>> | undefined
}

/**
 * The solana adapter: discovers wallets through the Wallet Standard (connect, sign messages and
 * transactions, see the connector) and reads SOL and SPL token balances with @solana/kit. Solana
 * wallets have no "current chain": switching networks is the app's choice and needs no wallet call.
 *
 * @example
 * createPortico({ networks: [solana], adapters: [solanaAdapter()] })
 */
export function solanaAdapter(parameters: SolanaAdapterParameters = {}): ChainAdapter<'solana'> {
  const { walletStandard = true, chains = {} } = parameters
  const walletChain = (caipNetworkId: CaipNetworkId): IdentifierString =>
    chains[caipNetworkId] ?? knownClusters[caipNetworkId.slice('solana:'.length)] ?? 'solana:localnet'

  return {
    namespace: 'solana',

    watchConnectors(onChange) {
      if (typeof window === 'undefined' || !walletStandard) {
        onChange([])
        return () => {}
      }
      const wallets = getWallets()
      // Registrations are untrusted: checked (utils/walletStandard.ts) before they are listed.
      const warned = new Set<string>()
      const emit = () =>
        onChange(
          checkStandardWallets(wallets.get(), warned)
            .filter(isSolanaWalletEntry)
            .map((entry) => createWalletStandardConnector(entry, walletChain)),
        )
      const offRegister = wallets.on('register', emit)
      const offUnregister = wallets.on('unregister', emit)
      emit()
      return () => {
        offRegister()
        offUnregister()
      }
    },

    async getBalance({ address, network, portico }) {
      // @solana/kit's RPC client is not needed to render a button: load it with the first read.
      const { readSolanaBalances } = await import('./readSolanaBalances.js')
      return readSolanaBalances({ address, network, portico })
    },
  }
}
