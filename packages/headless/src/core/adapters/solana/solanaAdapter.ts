// @scure/base's base58 is a few hundred bytes; @solana/kit's codec pulls its whole error catalogue.
import { base58 } from '@scure/base'
import type { SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { AdapterConnection, ChainAdapter, Connector, PorticoNetwork } from '../../types.js'
import { checkStandardWallets, isSolanaWalletEntry, type StandardWalletEntry } from '../../utils/walletStandard.js'

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
 * The solana adapter: discovers wallets through the Wallet Standard, connects with
 * `standard:connect`, signs with `solana:signMessage` (signatures returned base58) and reads
 * SOL and SPL token balances with @solana/kit. Solana wallets have no "current chain": switching
 * networks is the app's choice and needs no wallet call.
 *
 * @example
 * createPortico({ networks: [solana], adapters: [solanaAdapter()] })
 */
export function solanaAdapter(parameters: SolanaAdapterParameters = {}): ChainAdapter<'solana'> {
  const { walletStandard = true, chains = {} } = parameters
  const walletChain = (network: PorticoNetwork): IdentifierString =>
    chains[network.caipNetworkId] ?? knownClusters[String(network.id)] ?? 'solana:localnet'

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
        onChange(checkStandardWallets(wallets.get(), warned).filter(isSolanaWalletEntry).map(toConnector))
      const offRegister = wallets.on('register', emit)
      const offUnregister = wallets.on('unregister', emit)
      emit()
      return () => {
        offRegister()
        offUnregister()
      }
    },

    async connect({ connector, network }) {
      const wallet = asWallet(connector)
      const { accounts } = await feature<StandardConnectFeature>(wallet, 'standard:connect').connect()
      return { accounts: addressesFor(accounts, walletChain(network)), caipNetworkId: network.caipNetworkId }
    },

    async reconnect({ connector, network }) {
      const wallet = asWallet(connector)
      const { accounts } = await feature<StandardConnectFeature>(wallet, 'standard:connect').connect({ silent: true })
      const addresses = addressesFor(accounts, walletChain(network))
      if (addresses.length === 0) return undefined
      return { accounts: addresses, caipNetworkId: network.caipNetworkId } satisfies AdapterConnection
    },

    async disconnect({ connector }) {
      const wallet = asWallet(connector)
      const disconnect = wallet.features['standard:disconnect'] as
        | StandardDisconnectFeature['standard:disconnect']
        | undefined
      await disconnect?.disconnect()
    },

    async switchNetwork() {
      // App-side: Solana wallets sign for whichever cluster the app sends to.
    },

    async signMessage({ connector, address, message }) {
      const wallet = asWallet(connector)
      const account = wallet.accounts.find((a) => a.address === address)
      if (!account) throw new TypeError(`The wallet does not expose ${address}`)
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      const [output] = await feature<SolanaSignMessageFeature>(wallet, 'solana:signMessage').signMessage({
        account,
        message: bytes,
      })
      if (!output || !(output.signature instanceof Uint8Array) || output.signature.length !== 64)
        throw new TypeError('The wallet returned a malformed signature')
      return base58.encode(output.signature)
    },

    async getBalance({ address, network }) {
      // @solana/kit's RPC client is not needed to render a button: load it with the first read.
      const { readSolanaBalances } = await import('./readSolanaBalances.js')
      return readSolanaBalances({ address, network })
    },

    subscribe(connector, listener) {
      const wallet = asWallet(connector)
      const events = wallet.features['standard:events'] as StandardEventsFeature['standard:events'] | undefined
      if (!events) return () => {}
      return events.on('change', (properties) => {
        if (properties.accounts) listener({ type: 'accountsChanged', accounts: addressesFor(properties.accounts) })
      })
    },
  }
}

function toConnector({ wallet, name, icon }: StandardWalletEntry): Connector {
  return {
    id: name,
    uid: `solana:${name}`,
    name,
    imageUrl: icon,
    chain: 'solana',
    type: 'ANNOUNCED',
    provider: wallet,
  }
}

function asWallet(connector: Connector): Wallet {
  const wallet = connector.provider as Wallet | undefined
  if (!wallet || typeof wallet !== 'object' || !wallet.features)
    throw new TypeError(`Connector ${connector.id} is not a Wallet Standard wallet`)
  return wallet
}

function feature<f extends Record<string, unknown>>(wallet: Wallet, name: keyof f & string): f[keyof f & string] {
  const value = (wallet.features as Record<string, unknown>)[name] as f[keyof f & string] | undefined
  if (!value) throw new TypeError(`${wallet.name} does not support ${name}`)
  return value
}

/**
 * Accounts for `chain`, falling back to all accounts: wallets often list only the public
 * clusters on their accounts although the same key signs anywhere.
 */
function addressesFor(accounts: readonly WalletAccount[], chain?: IdentifierString): string[] {
  const valid = accounts.filter(
    (a) => typeof a?.address === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a.address),
  )
  const onChain = chain ? valid.filter((a) => a.chains?.includes(chain)) : []
  return (onChain.length ? onChain : valid).map((a) => a.address)
}
