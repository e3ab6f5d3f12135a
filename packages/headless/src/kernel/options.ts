// The options of createPortico: their types, and `parseOptions`, the one entry of their
// validation: each option's check (optionsChecks.ts), then what no single option shows.

import type { ApiUrls, ConnectorGroup, Features } from './defaults.js'
import { InvalidOptionsError, SiwxConflictError } from './errors/config.js'
import { checkOptions, networkCheck } from './optionsChecks.js'
import type { ChainAdapter } from './portico.js'
import type { PorticoTransport } from './rpc/types.js'
import type { SiwxConfig } from './siwxConfig.js'
import type { StorageLike } from './state/storage.js'
import type { AccountType, CustomWallet, EmbeddedWalletOptions, Metadata, PorticoNetwork } from './types.js'
import type { CaipNetworkId, ChainNamespace } from './utils/caip.js'
import type { WalletConnectOptions } from './walletConnectOptions.js'

/** Options of {@link createPortico}. Everything but `networks` and `adapters` has a default. */
export type PorticoOptions = {
  /** Project id for the hosted services. Missing: the 'Project ID Not Configured' alert, local settings only. */
  projectId?: string | undefined
  /** The networks the app supports, first one the default unless `defaultNetwork` says otherwise. */
  networks: readonly [PorticoNetwork, ...PorticoNetwork[]]
  /** One adapter per namespace used by `networks` (`eip155Adapter()`, `solanaAdapter()`, …). */
  adapters: readonly ChainAdapter[]
  defaultNetwork?: PorticoNetwork | CaipNetworkId | undefined
  metadata?: Metadata | undefined
  /** Local feature settings; replaced by the remote configuration unless `keepLocalFeatures`. */
  features?: Partial<Features> | undefined
  /** Keep `features` even when the remote project configuration loads. Default `false`. */
  keepLocalFeatures?: boolean | undefined
  /** JSON-RPC URL per CAIP-2 network id, overriding the hosted endpoint and the network's own. */
  rpcMap?: Readonly<Record<string, string>> | undefined
  /**
   * ERC-4337 bundler per CAIP-2 network id, for the embedded wallet's smart account: an http(s) URL,
   * `'hosted'` for the blockchain API's bundler endpoint (`{blockchain}/v1/bundler`), or `false` for
   * no smart account on that network. A network not listed uses the hosted bundler when the instance
   * has a `projectId`, `blockchainApi` is on and the blockchain API serves the network (its
   * `GET /v1/supported-chains`, so the devnet's emulator serves its own chain); otherwise it has no
   * smart account (the embedded user signs with the EOA there).
   *
   * @example
   * bundlerMap: { 'eip155:8453': 'https://bundler.example.com/rpc', 'eip155:1': false }
   */
  bundlerMap?: Readonly<Record<string, string | false>> | undefined
  /**
   * ERC-7677 paymaster service per CAIP-2 network id: the embedded smart account's operations there
   * ask it to pay the gas (the user pays when it refuses).
   */
  paymasterMap?: Readonly<Record<string, string>> | undefined
  /**
   * The host's own transport per CAIP-2 network id, used instead of the one Portico builds from
   * `rpcMap`, the hosted endpoint and the network's URLs (like wagmi's `transports`): a viem
   * `Transport` for eip155 networks, an `@solana/kit` `RpcTransport` for Solana ones.
   */
  transports?: Readonly<Record<string, PorticoTransport>> | undefined
  /**
   * Send the JSON-RPC 'test' ping when a network's client is first made (the spec's registration
   * ping); an endpoint that does not answer it is reported with a warning. Default `true`.
   */
  rpcPing?: boolean | undefined
  /**
   * Use the blockchain API for the networks it serves (needs a project id): balances with prices,
   * names and identities, swaps (tokens, quotes, allowance, gas price and the swap itself), and
   * the account's activity and NFTs, and the hosted bundler of networks `bundlerMap` does not name.
   * Default `true`. With `false` balances come from the network's RPC, name and identity lookups
   * stay idle, the activity and NFT lists fail with `TransactionHistoryError` and
   * `NftsUnavailableError`, and swaps with `SwapBlockchainApiDisabledError` ('Swaps need the
   * blockchain API'), each before any request.
   *
   * @example
   * createPortico({ networks, adapters, projectId, blockchainApi: false })
   */
  blockchainApi?: boolean | undefined
  /** Page through the wallet directory in All Wallets (needs a project id). Default `true`. */
  walletDirectory?: boolean | undefined
  /**
   * Fetch the remote project configuration (`GET /appkit/v1/config`) when it is first needed, and
   * check the page's origin against the project's allowed origins when the modal first opens.
   * Default `true`.
   */
  remoteConfig?: boolean | undefined
  connectorOrder?: readonly ConnectorGroup[] | undefined
  /**
   * Directory wallets listed in the Connect view after the installed ones, in this order: the first
   * 4 that suit the view (the rest are in All Wallets).
   */
  featuredWalletIds?: readonly string[] | undefined
  /** Only these directory wallets are listed, recommended or searched (featured ones aside). */
  includeWalletIds?: readonly string[] | undefined
  /** These directory wallets are never listed, recommended or found by a search. */
  excludeWalletIds?: readonly string[] | undefined
  /**
   * The host's own wallets, listed in the Connect view in the connector order's `custom` group;
   * each opens WalletConnect with its links. Ids must be unique.
   */
  customWallets?: readonly CustomWallet[] | undefined
  /**
   * The host's terms of service, linked from the Connect view (http or https). With the
   * `legalCheckbox` feature on, connecting waits until the user ticks that they agree.
   */
  termsConditionsUrl?: string | undefined
  /** The host's privacy policy, linked beside the terms (http or https). */
  privacyPolicyUrl?: string | undefined
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>> | undefined
  /** Sign out of the embedded wallet when disconnecting. Default `true`. */
  signOutOnDisconnect?: boolean | undefined
  /** Allow staying connected on a network not in `networks`. Default `false`. */
  allowUnsupportedChain?: boolean | undefined
  /** Let the user switch networks. Default `true`. */
  enableNetworkSwitch?: boolean | undefined
  /** Discover EIP-6963 and Wallet Standard wallets. Default `true`. */
  enableInjected?: boolean | undefined
  /** Sign-in with Ethereum config (legacy). Mutually exclusive with `siwx`. */
  siweConfig?: unknown
  /**
   * Sign-in with X config (`localSiwx()`, `serverSiwx({ url })` or your own). With it, connecting
   * asks the user to sign in. Mutually exclusive with `siweConfig`.
   */
  siwx?: SiwxConfig | null | undefined
  /**
   * Zones a registered name may end in, the first one the default (`alice` registers
   * `alice.reown.id`). Default `['.reown.id', '.wcn.id']`.
   */
  nameSuffixes?: readonly string[] | undefined
  /** Base URLs of the hosted services (defaults: the hosted ones). */
  apiUrls?: Partial<ApiUrls> | undefined
  /** Storage for persistence; `null` disables it. Default: `localStorage` in a browser. */
  storage?: StorageLike | null | undefined
  /**
   * Read storage (the saved session, recent wallets, active networks) in {@link initialize},
   * which `<PorticoProvider>` runs after hydration, instead of in `createPortico`. Default `true`,
   * so a server-rendered page and the client's first render agree (both "disconnected") and a
   * reload that restores a session never mismatches. `false` restores already while creating the
   * instance: only for client-only apps that read the state before anything renders.
   */
  ssr?: boolean | undefined
  /** `fetch` used for every HTTP call (tests, proxies). Default: the global one. */
  fetch?: typeof fetch | undefined
  /** `st` parameter of hosted calls. */
  sdkType?: string | undefined
  /** `sv` parameter of hosted calls. */
  sdkVersion?: string | undefined
  /**
   * WalletConnect (on when a `projectId` is set): relay, Verify and storage settings, or `false`
   * to leave WalletConnect out. The SDK is loaded only when the user picks WalletConnect.
   */
  walletConnect?: WalletConnectOptions | false | undefined
  /**
   * The embedded wallet (email login): where its secure frame is served, an origin of its own
   * (`@portico/secure`, e.g. devnet's `auth.frameUrl`). Checked when email login first loads.
   */
  embeddedWallet?: EmbeddedWalletOptions | undefined
}
/**
 * @internal The options as createPortico reads them (`checkOptions`' output): the ones it knows,
 * plain data copied, `projectId` trimmed, `ssr` defaulting to `true`.
 */
export type ParsedOptions = Omit<PorticoOptions, 'ssr' | 'networks' | 'adapters'> & {
  networks: unknown[]
  adapters: unknown[]
  ssr: boolean
}

/** @internal What {@link parseOptions} gives createPortico. */
export type ValidatedOptions = {
  parsed: ParsedOptions
  /** The caller's networks (their shapes checked; their identity kept). */
  networks: readonly PorticoNetwork[]
  adapters: Map<ChainNamespace, ChainAdapter>
  defaultNetwork: PorticoNetwork
}

/**
 * @internal Validates createPortico's options: each option's check, then what no single option shows (an adapter per namespace, no network twice, the default among
 * the networks, a sign-in config with its methods). Throws `SiwxConflictError` or
 * `InvalidOptionsError` (every issue with its path).
 *
 * @example
 * const { parsed, networks, adapters, defaultNetwork } = parseOptions(options)
 */
export function parseOptions(options: PorticoOptions): ValidatedOptions {
  if (options && typeof options === 'object' && options.siweConfig !== undefined && options.siwx !== undefined)
    throw new SiwxConflictError()

  const result = checkOptions(options)
  if (!result.success) throw new InvalidOptionsError({ issues: result.issues })
  const parsed = result.data as ParsedOptions
  // The shapes are checked; keep the caller's objects (adapters hold closures, networks identity).
  const networks = options.networks as readonly PorticoNetwork[]
  const adapters = new Map<ChainNamespace, ChainAdapter>()
  const issues: { path: string; message: string }[] = []

  for (const [index, adapter] of options.adapters.entries()) {
    if (adapters.has(adapter.namespace))
      issues.push({ path: `adapters.${index}`, message: `a second adapter for ${adapter.namespace}` })
    adapters.set(adapter.namespace, adapter)
  }
  const walletIds = new Set<string>()
  for (const [index, wallet] of (options.customWallets ?? []).entries()) {
    if (walletIds.has(wallet.id))
      issues.push({ path: `customWallets.${index}.id`, message: `${wallet.id} is listed twice` })
    walletIds.add(wallet.id)
  }
  const seen = new Set<string>()
  for (const [index, network] of networks.entries()) {
    if (seen.has(network.caipNetworkId))
      issues.push({ path: `networks.${index}`, message: `${network.caipNetworkId} is listed twice` })
    seen.add(network.caipNetworkId)
    if (!adapters.has(network.chainNamespace))
      issues.push({
        path: `networks.${index}`,
        message: `No adapter configured for namespace ${network.chainNamespace}`,
      })
  }
  // The sign-in config's methods are listed here, not imported, so page start never pulls
  // sign-in code (kernel/siwxConfig.ts `siwxConfigMethods` is the same list).
  const siwx = options.siwx as unknown
  if (siwx !== undefined && siwx !== null) {
    const missing = ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'].filter(
      (method) => typeof (siwx as Record<string, unknown> | undefined)?.[method] !== 'function',
    )
    if (typeof siwx !== 'object' || missing.length)
      issues.push({ path: 'siwx', message: `not a SiwxConfig (missing or not a function: ${missing.join(', ')})` })
  }
  const defaultId =
    typeof options.defaultNetwork === 'string' ? options.defaultNetwork : options.defaultNetwork?.caipNetworkId
  const defaultNetwork = defaultId ? networks.find((n) => n.caipNetworkId === defaultId) : networks[0]
  if (!defaultNetwork) issues.push({ path: 'defaultNetwork', message: `${defaultId} is not among the networks` })
  if (issues.length || !defaultNetwork) throw new InvalidOptionsError({ issues })
  return { parsed, networks, adapters, defaultNetwork }
}

/**
 * @internal Validates one network as an entry of the `networks` option is validated: throws
 * `InvalidOptionsError` with each issue under `network`.
 *
 * @example
 * parseNetwork(eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'https://mainnet.optimism.io' }))
 */
export function parseNetwork(network: unknown): PorticoNetwork {
  const result = networkCheck().safeParse(network)
  if (!result.success)
    throw new InvalidOptionsError({
      issues: result.issues.map((i) => ({ path: i.path ? `network.${i.path}` : 'network', message: i.message })),
    })
  return network as PorticoNetwork
}
