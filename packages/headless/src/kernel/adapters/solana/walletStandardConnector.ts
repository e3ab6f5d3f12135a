import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import type { Connector, ConnectorConnection, PorticoNetwork } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { walletFeature as feature, type StandardWalletEntry } from '../../utils/walletStandard.js'

// Signing (and the codecs it needs) loads with the first signature: the connector is listed at page
// start on every Solana page, and most visitors never sign. Measured: the README page's start
// 139.7 -> 137.1 KiB gzip (docs/performance.md, "A Solana wallet's signing on first use").
const signing = () => import('./walletStandardSigning.js')

/** The Wallet Standard chain (`solana:mainnet`, `solana:localnet`…) of a CAIP-2 network. */
export type WalletChainOf = (caipNetworkId: CaipNetworkId) => IdentifierString

/**
 * @internal
 * The connector contract over a Wallet Standard wallet: `standard:connect` (silent for
 * reconnects), `solana:signMessage`, and requests in WalletConnect's Solana JSON-RPC format
 * (`solana_signMessage`, `solana_signTransaction`, `solana_signAllTransactions`,
 * `solana_signAndSendTransaction`, transactions base64, signatures base58) mapped onto the
 * wallet's features, so installed Solana wallets and WalletConnect ones take the same calls.
 */
export function createWalletStandardConnector(
  { wallet, name, icon }: StandardWalletEntry,
  walletChain: WalletChainOf,
): Connector {
  const connectWith = async (network: PorticoNetwork | undefined, silent: boolean): Promise<ConnectorConnection[]> => {
    const connect = feature<StandardConnectFeature>(wallet, 'standard:connect')
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    const chain = network ? walletChain(network.caipNetworkId) : undefined
    const addresses = addressesFor(accounts, chain)
    if (addresses.length === 0) return []
    return [{ namespace: 'solana', accounts: addresses, caipNetworkId: network?.caipNetworkId }]
  }
  const accountFor = (address: string): WalletAccount => {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw new TypeError(`The wallet does not expose ${address}`)
    return account
  }

  return {
    id: name,
    uid: `solana:${name}`,
    name,
    imageUrl: icon,
    chain: 'solana',
    type: 'ANNOUNCED',
    provider: wallet,

    connect: ({ networks }) => connectWith(networks.solana, false),
    // A silent connect the wallet refuses (a site it no longer trusts) is no connection, as for every connector.
    reconnect: ({ networks }) => connectWith(networks.solana, true).catch(() => []),

    async disconnect() {
      const disconnect = wallet.features['standard:disconnect'] as
        | StandardDisconnectFeature['standard:disconnect']
        | undefined
      await disconnect?.disconnect()
    },

    async switchNetwork() {
      // App-side: Solana wallets sign for whichever cluster the app sends to.
    },

    async signMessage({ address, message }) {
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      const account = accountFor(address)
      return (await signing()).signWalletMessage(wallet, account, bytes)
    },

    async request({ chainId, address, method, params }) {
      const account = accountFor(address)
      return (await signing()).requestWallet(wallet, account, walletChain(chainId), { chainId, method, params })
    },

    subscribe(_namespace, listener) {
      const events = wallet.features['standard:events'] as StandardEventsFeature['standard:events'] | undefined
      if (!events) return () => {}
      return events.on('change', (properties) => {
        if (properties.accounts) listener({ type: 'accountsChanged', accounts: addressesFor(properties.accounts) })
      })
    },
  }
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
