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
 * One way to reach a wallet, and the one contract every wallet kind implements: an EIP-6963
 * announced provider, the legacy `window.ethereum`, a Wallet Standard wallet, WalletConnect,
 * the embedded wallet, or a host-provided connector. Actions never ask which kind they hold:
 * they call these methods, and a connector that connects several namespaces in one approval
 * (WalletConnect) says so by returning several connections.
 *
 * Connectors are listed per namespace (`chain`); one wallet that serves several namespaces in
 * one session gives each namespace its own entry sharing that session.
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
  /**
   * The profile service registers names (`alice.reown.id`) for this wallet's accounts. The spec
   * allows it only through an auth connector (the embedded wallet), so only that one sets it; a
   * host's own connector may too. Absent: `registerName` refuses ('Address or auth connector not
   * found').
   */
  accountNames?: boolean | undefined
  /** The underlying provider (EIP-1193 provider, Wallet Standard wallet, …). Opaque to the UI. */
  provider: unknown
  /**
   * Asks the wallet to connect. Resolves with one connection per namespace the approval covered
   * (at least `chain`'s, unless the wallet approved other namespaces only). Rejects with the
   * wallet's own error (a user rejection keeps EIP-1193 code 4001), or the typed 'Modal closed'
   * error when `signal` aborts.
   */
  connect(parameters: ConnectorConnectParameters): Promise<readonly ConnectorConnection[]>
  /**
   * Silent: never prompts. Resolves with the connections the wallet still authorises (empty when
   * it no longer authorises this site).
   */
  reconnect(parameters: ConnectorConnectParameters): Promise<readonly ConnectorConnection[]>
  /** Ends the wallet's session (every namespace it connected). */
  disconnect(): Promise<void>
  /**
   * Asks the wallet to move `namespace` to `network`. Resolves when the wallet is on it; wallets
   * with no notion of a current chain resolve at once.
   */
  switchNetwork(parameters: {
    namespace: ChainNamespace
    network: PorticoNetwork
    networks: readonly PorticoNetwork[]
    /** The chain the namespace is on now. */
    current: CaipNetworkId | undefined
  }): Promise<void>
  /** Signs with `address`; the signature is in the namespace's own encoding. */
  signMessage(parameters: {
    namespace: ChainNamespace
    address: string
    message: string | Uint8Array
    network: PorticoNetwork
  }): Promise<string>
  /**
   * A JSON-RPC request in the namespace's own method and params format (eip155 `eth_*`/`wallet_*`,
   * solana `solana_signTransaction`…). Methods the wallet cannot serve reject with the typed
   * 'Requested RPC call is not allowed' error before anything is sent.
   */
  request(parameters: {
    namespace: ChainNamespace
    chainId: CaipNetworkId
    address: string
    method: string
    params: unknown
  }): Promise<unknown>
  /** Wallet-side changes on `namespace`. Returns the unsubscribe function. */
  subscribe(namespace: ChainNamespace, listener: (event: ConnectorEvent) => void): () => void
}

/** What {@link Connector.connect} and {@link Connector.reconnect} are given. */
export type ConnectorConnectParameters = {
  /**
   * The network to connect on, per namespace: the requested or the selected one. A connector uses
   * its own namespace's entry; a multi-namespace one prefers these chains where the wallet approved them.
   */
  networks: Readonly<Partial<Record<ChainNamespace, PorticoNetwork>>>
  /** Aborting gives up a pending connection ('Modal closed'). */
  signal?: AbortSignal | undefined
}

/** One namespace a connector connected. */
export type ConnectorConnection = {
  namespace: ChainNamespace
  /** Native-format addresses, the active one first. */
  accounts: readonly string[]
  /** The chain the wallet is on, if it says (may be one Portico does not know). */
  caipNetworkId?: CaipNetworkId | undefined
  /** The wallet to show, when it is not the connector itself (a WalletConnect peer). */
  walletInfo?: ConnectedWalletInfo | undefined
  /**
   * What the wallet tells of the account beyond its addresses (an embedded wallet's login: its
   * provider, account type and user), copied into the namespace's {@link AccountState}.
   */
  account?: ConnectedAccountDetails | undefined
}

/**
 * The account state fields a connection can fill (the spec's account state per chain).
 *
 * @example
 * const connection: ConnectorConnection = {
 *   namespace: 'eip155',
 *   accounts: [address],
 *   account: { socialProvider: 'github', preferredAccountType: 'eoa', smartAccountDeployed: false },
 * }
 */
export type ConnectedAccountDetails = Partial<
  Pick<AccountState, 'preferredAccountType' | 'smartAccountDeployed' | 'socialProvider' | 'user'>
>

/** Events a connector reports for a connected namespace. */
export type ConnectorEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'disconnect' }

/**
 * The status of one wallet among several connected on a namespace (the spec's per-connector
 * status): `active` is the one every hook and action works on, `connected` ones are a switch away,
 * `disconnected` ones reconnect through their own connector.
 */
export type ConnectorStatus = 'connected' | 'active' | 'disconnected'

/**
 * One wallet connection (the spec's Connection), as listed by `getConnections` from
 * `@portico/headless/wallets`: with the `multiWallet` feature on, a namespace can hold several.
 *
 * @example
 * const connection: Connection = {
 *   namespace: 'eip155',
 *   connectorId: 'io.metamask',
 *   accounts: ['0xf39F…2266'],
 *   name: 'MetaMask',
 *   status: 'active',
 * }
 */
export type Connection = {
  namespace: ChainNamespace
  connectorId: string
  /** Native-format addresses, the wallet's active one first. */
  accounts: readonly string[]
  /** The login behind an embedded wallet (an email or a social handle), when there is one. */
  authName?: string | undefined
  /**
   * How that login was made: `'email'`, or the social provider (`'google'`, `'github'`,
   * `'farcaster'`…), so a disconnected embedded wallet can log in again the same way.
   */
  authProvider?: string | undefined
  /** The wallet's name and icon, kept so a disconnected one can still be shown. */
  name: string
  icon?: string | undefined
  status: ConnectorStatus
}

/** Global connection status per namespace (the spec, plus `reconnecting` on page load). */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** Information about the connected wallet, for display. */
export type ConnectedWalletInfo = {
  name: string
  icon?: string | undefined
  identifier?: string | undefined
  social?: string | undefined
}

/**
 * Account state of one namespace (the spec). Balances are not copied in here: they are
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
  /** The id of the connector that made the connection (persisted, to reconnect on the next page). */
  connectorId?: string | undefined
  /**
   * The connector that made the connection: actions reach the wallet through it. Several
   * namespaces hold the same connector when one approval connected them all (WalletConnect).
   */
  connector?: Connector | undefined
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

/** Account types (the spec). */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

/**
 * A token balance (the spec). `quantity.numeric` is the exact decimal string; use the
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

/**
 * The host's app as wallets show it when asked to connect (WalletConnect's metadata).
 *
 * @example
 * const metadata: Metadata = { name: 'Acme', description: 'Acme app', url: 'https://acme.example', icons: ['https://acme.example/icon.png'] }
 * createPortico({ networks: [mainnet], adapters: [eip155Adapter()], projectId: 'YOUR_PROJECT_ID', metadata })
 */
export type Metadata = { name: string; description: string; url: string; icons: readonly string[] }

/**
 * A wallet the host lists in the Connect view itself (not from the wallet directory): picking it
 * opens WalletConnect with its links, like a featured wallet. Listed in the connector order's
 * `custom` group.
 *
 * @example
 * const acme: CustomWallet = {
 *   id: 'acme',
 *   name: 'Acme Wallet',
 *   image_url: 'https://acme.example/icon.png',
 *   mobile_link: 'acme://',
 *   webapp_link: 'https://app.acme.example',
 * }
 * createPortico({ networks: [mainnet], adapters: [eip155Adapter()], customWallets: [acme] })
 */
export type CustomWallet = {
  /** Unique among the custom wallets; also how a recent connection to it is remembered. */
  id: string
  name: string
  /** The wallet's icon: an http(s) URL, or a data:image URI of a type the kit shows (png, jpeg, gif, webp, svg+xml, avif). */
  image_url?: string | undefined
  /** The wallet's site (http or https). */
  homepage?: string | undefined
  /** The app's deep link or universal link, opened with the pairing URI on phones. */
  mobile_link?: string | undefined
  /** The desktop app's link, offered as "Open desktop app". */
  desktop_link?: string | undefined
  /** The web app's link (http or https), offered as "Open web app". */
  webapp_link?: string | undefined
}

/**
 * The embedded wallet's settings (the `embeddedWallet` option): where its secure frame is served.
 *
 * @example
 * createPortico({ networks: [mainnet], adapters: [eip155Adapter()], embeddedWallet: { frameUrl: 'https://secure.example.com' } })
 */
export type EmbeddedWalletOptions = { frameUrl: string; enableLogger?: boolean | undefined }
