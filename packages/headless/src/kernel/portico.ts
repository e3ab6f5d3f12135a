import type { createStore } from 'jotai/vanilla'
import type { AlertBus } from './alerts.js'
import type { ApiUrls, ConnectorGroup, Features } from './defaults.js'
import type { PorticoTransport } from './rpc/types.js'
import type { SingleFlightState } from './state/singleFlight.js'
import type { PorticoStorage } from './state/storage.js'
import type {
  AccountState,
  AccountType,
  Connection,
  Connector,
  CustomWallet,
  EmbeddedWalletOptions,
  Metadata,
  PorticoNetwork,
  TokenBalance,
} from './types.js'
import type { ChainNamespace } from './utils/caip.js'
import type { ResolvedWalletConnectOptions } from './walletConnectOptions.js'

/** Options after validation, with every default filled in. */
export type ResolvedOptions = {
  projectId: string | undefined
  metadata: Metadata | undefined
  localFeatures: Partial<Features> | undefined
  keepLocalFeatures: boolean
  remoteConfig: boolean
  walletDirectory: boolean
  blockchainApi: boolean
  rpcMap: Readonly<Record<string, string>>
  /** ERC-4337 bundler per CAIP-2 network id (`'hosted'`: the blockchain API's endpoint; `false`: none). */
  bundlerMap: Readonly<Record<string, string | false>>
  /** ERC-7677 paymaster service per CAIP-2 network id. */
  paymasterMap: Readonly<Record<string, string>>
  /** The host's own transport per CAIP-2 network id. */
  transports: Readonly<Record<string, PorticoTransport>>
  /** Whether a network's client sends the 'test' ping when it is made. */
  rpcPing: boolean
  connectorOrder: readonly ConnectorGroup[]
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  /** The host's own wallets, listed in the Connect view's `custom` group. */
  customWallets: readonly CustomWallet[]
  /** The host's legal pages, linked from the Connect view. */
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
  defaultAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  signOutOnDisconnect: boolean
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  enableInjected: boolean
  siwx: unknown
  apiUrls: ApiUrls
  /** Zones of registered names, the default first. */
  nameSuffixes: readonly [string, ...string[]]
  sdkType: string
  sdkVersion: string
  /** WalletConnect settings, `undefined` when it is off (no project id, or `walletConnect: false`). */
  walletConnect: ResolvedWalletConnectOptions | undefined
  /** The embedded wallet's settings as given (checked by the lazily loaded email login). */
  embeddedWallet: EmbeddedWalletOptions | undefined
}

/**
 * A Portico instance: validated options, the adapters, and a private state store. Pass it to
 * actions (`connect(portico, …)`) or to `<PorticoProvider config={portico}>`.
 *
 * @example
 * import { createPortico, eip155Adapter, mainnet, type Portico } from '@portico/headless'
 *
 * const portico: Portico = createPortico({ projectId: 'YOUR_PROJECT_ID', networks: [mainnet], adapters: [eip155Adapter()] })
 */
export type Portico = {
  readonly options: ResolvedOptions
  /** The supported networks: the `networks` option, changed at runtime by `addNetwork` and `removeNetwork`. */
  readonly networks: readonly PorticoNetwork[]
  readonly defaultNetwork: PorticoNetwork
  readonly adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
  /** @internal Private jotai store; never the host's. */
  readonly store: ReturnType<typeof createStore>
  /** @internal */
  readonly alerts: AlertBus
  /** @internal */
  readonly storage: PorticoStorage
  /** @internal */
  readonly fetch: typeof fetch
  /** @internal Every other per-instance field: nothing of an instance lives outside it. */
  readonly _internal: PorticoRuntime
}

/**
 * @internal
 * The instance's runtime bookkeeping, in one place: subscriptions, work in flight, caches, and each
 * feature's own state (`features`, read through `featureState`). Module-level maps keyed by the
 * instance are not used anywhere: two instances on one page never share any of this.
 */
export type PorticoRuntime = {
  // What is set on first use is optional, so the instance starts without writing each field out.
  /** Set by the multi-wallet list once started: `disconnect({ connection })` hands the wallet to it. */
  disconnectConnection?: ((connection: Connection) => Promise<void>) | undefined
  hydrated: boolean
  ssr: boolean
  /** The wallet event subscription of each connected namespace. */
  walletSubscriptions: Map<ChainNamespace, () => void>
  /** The page-load reconnect in flight (concurrent calls share it). */
  reconnecting?: Promise<readonly AccountState[]> | undefined
  /** The remote project configuration fetch in flight or done. */
  remoteConfig?: Promise<void> | undefined
  /** Monotonic counter per namespace so a stale connect can't overwrite a newer one. */
  connectAttempts: Map<ChainNamespace, number>
  /** The connect attempt in flight per namespace: the state before it, and the state it set. */
  connectsInFlight: Map<ChainNamespace, { before: AccountState; during: AccountState | undefined }>
  /** Until when balance fetches are refused after a failure (spec: 30 s lockout). */
  balanceRetryAt?: number | undefined
  /** Wallet discovery, shared by every holder (providers, `initialize` calls) and stopped by the last. */
  discovery: { holders: number; stops: (() => void)[] }
  /** The chains the blockchain API serves, asked once (a failed answer is not kept). */
  supportedChains?: Promise<ReadonlySet<string>> | undefined
  /** The page origin's check against the project's allow-list, asked once. */
  originCheck?: Promise<'allowed' | 'not-allowed' | 'unknown'> | undefined
  /** Whether analytics is on for the project, asked once. */
  analyticsEnabled?: Promise<boolean> | undefined
  /** The last analytics event sent: the next one waits for it, so events arrive in their order. */
  analyticsSent?: Promise<unknown> | undefined
  /** Directory image URLs by `kind:id`, and each kind's URL template by `kind`. */
  imageUrls: Map<string, string | undefined>
  /** Each feature's own per-instance state, keyed by its {@link FeatureStateKey}. */
  features: Map<FeatureStateKey<unknown>, unknown>
  /** Wallet work in flight, joined by identical calls so a double click asks the wallet once. */
  singleFlight: SingleFlightState
  /**
   * The one JSON-RPC client of each network (by CAIP-2 id), made on its first read: every feature
   * that reads a chain shares it, so reads batch and a fallback's ranking is learnt once.
   */
  rpcClients: Map<string, unknown>
}

/**
 * @internal
 * The key of one feature's per-instance state and how to make it: a feature defines it once at
 * module level (`defineFeatureState`), the state itself lives in each instance's runtime.
 */
export type FeatureStateKey<value> = {
  readonly name: string
  readonly create: (portico: Portico) => value
}

/**
 * A namespace's adapter: it discovers the wallets of its namespace (as {@link Connector}s) and
 * reads balances from the namespace's chains. Everything a wallet does goes through the connector.
 */
export type ChainAdapter<namespace extends ChainNamespace = ChainNamespace> = {
  readonly namespace: namespace
  /**
   * Starts discovery (browser only) and reports the full list on every change. Returns a stop
   * function. Must not throw when there is no `window`.
   */
  watchConnectors(onChange: (connectors: readonly Connector[]) => void): () => void
  /**
   * Reads the balances of `address` on `network`. `portico` is the instance asking: an adapter
   * reads through its one RPC client of the network (what the `transports`, `rpcMap` and hosted
   * endpoint settings chose), never a client of its own.
   */
  getBalance(parameters: { address: string; network: PorticoNetwork; portico: Portico }): Promise<TokenBalance[]>
}
