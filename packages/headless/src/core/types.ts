import type { CaipAddress, CaipNetworkId, ChainNamespace } from './utils/caip.js'

/**
 * A network Portico can connect to, in any namespace. `caipNetworkId` is the identity;
 * `id` is the namespace's own reference (a number for eip155, the genesis-hash prefix for solana).
 *
 * @example
 * const base: PorticoNetwork = eip155Network({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })
 */
export type PorticoNetwork = {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } } | undefined
  assets?: { imageId?: string | undefined; imageUrl?: string | undefined } | undefined
  testnet?: boolean | undefined
  /** Tokens whose balances are read from the chain (ERC20 contract or SPL mint addresses). */
  tokens?: readonly NetworkToken[] | undefined
  /** Set on networks Portico does not have in its configuration ('Unknown Network'). */
  unsupported?: boolean | undefined
}

/** A fungible token configured on a network. Missing metadata is read from the chain. */
export type NetworkToken = {
  address: string
  name?: string | undefined
  symbol?: string | undefined
  decimals?: number | undefined
  iconUrl?: string | undefined
}

/** The spec's connector types. `EXTERNAL` are connectors a host passes in itself. */
export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'AUTH' | 'MULTI_CHAIN' | 'WALLET_CONNECT' | 'EXTERNAL'

/**
 * One way to connect a wallet on one namespace: an EIP-6963 announced provider, the legacy
 * `window.ethereum`, a Wallet Standard wallet, WalletConnect, or a host-provided connector.
 */
export type Connector = {
  /** Stable id within its namespace: the rdns for EIP-6963, `injected`, or the Wallet Standard name. */
  id: string
  /** Unique across namespaces: `${chain}:${id}`. */
  uid: string
  name: string
  imageUrl?: string | undefined
  imageId?: string | undefined
  chain: ChainNamespace
  type: ConnectorType
  info?: { rdns?: string | undefined; explorerId?: string | undefined } | undefined
  explorerId?: string | undefined
  /** The underlying provider (EIP-1193 provider, Wallet Standard wallet, …). Opaque to the UI. */
  provider: unknown
}

/** Global connection status per namespace (spec section 4, plus `reconnecting` on page load). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** Information about the connected wallet, for display. */
export type ConnectedWalletInfo = {
  name: string
  icon?: string | undefined
  identifier?: string | undefined
  social?: string | undefined
}

/**
 * Account state of one namespace (spec section 3). Balances are not copied in here: they are
 * chain data and live in the query cache (`getBalance` / `useBalance`), so there is one source
 * of truth and no sync effect.
 */
export type AccountState = {
  namespace: ChainNamespace
  status: ConnectionStatus
  caipAddress?: CaipAddress | undefined
  address?: string | undefined
  /** All addresses the wallet exposed, the active one first. */
  addresses?: readonly string[] | undefined
  caipNetworkId?: CaipNetworkId | undefined
  connectorId?: string | undefined
  connectedWalletInfo?: ConnectedWalletInfo | undefined
  profileName?: string | null | undefined
  profileImage?: string | null | undefined
  preferredAccountType?: AccountType | undefined
  smartAccountDeployed?: boolean | undefined
  socialProvider?: string | undefined
  farcasterUrl?: string | undefined
  addressLabels?: Readonly<Record<string, string>> | undefined
  user?: unknown
}

/** Account types (spec section 3). */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/**
 * A token balance (spec section 3). `quantity.numeric` is the exact decimal string; use the
 * formatting helpers to show it.
 */
export type TokenBalance = {
  name: string
  symbol: string
  chainId: CaipNetworkId
  /** Absent for the native currency. */
  address?: string | undefined
  quantity: { decimals: string; numeric: string }
  value?: number | undefined
  price?: number | undefined
  iconUrl?: string | undefined
}

/** What an adapter returns after a connect or silent reconnect. */
export type AdapterConnection = {
  /** Native-format addresses, the active one first. */
  accounts: readonly string[]
  /** The chain the wallet is on, if it says (may be one Portico does not know). */
  caipNetworkId?: CaipNetworkId | undefined
  /** The wallet to show, when it is not the connector itself (a WalletConnect peer). */
  walletInfo?: ConnectedWalletInfo | undefined
}

/** Events an adapter reports for a connected connector. */
export type AdapterEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'disconnect' }

/**
 * The contract every namespace adapter fulfils. Nothing here assumes an EVM shape: addresses are
 * native strings, networks are CAIP-2, signatures are returned in the namespace's own encoding.
 */
export type ChainAdapter<namespace extends ChainNamespace = ChainNamespace> = {
  readonly namespace: namespace
  /**
   * Starts discovery (browser only) and reports the full list on every change. Returns a stop
   * function. Must not throw when there is no `window`.
   */
  watchConnectors(onChange: (connectors: readonly Connector[]) => void): () => void
  connect(parameters: { connector: Connector; network: PorticoNetwork }): Promise<AdapterConnection>
  /** Silent: never prompts. Resolves `undefined` when the wallet no longer authorises this site. */
  reconnect(parameters: { connector: Connector; network: PorticoNetwork }): Promise<AdapterConnection | undefined>
  disconnect(parameters: { connector: Connector }): Promise<void>
  /**
   * Asks the wallet to move to `network`. Resolves when the wallet is on it. Namespaces whose
   * wallets have no notion of a current chain resolve at once.
   */
  switchNetwork(parameters: {
    connector: Connector
    network: PorticoNetwork
    networks: readonly PorticoNetwork[]
  }): Promise<void>
  signMessage(parameters: {
    connector: Connector
    address: string
    message: string | Uint8Array
    network: PorticoNetwork
  }): Promise<string>
  getBalance(parameters: { address: string; network: PorticoNetwork }): Promise<TokenBalance[]>
  subscribe(connector: Connector, listener: (event: AdapterEvent) => void): () => void
}
