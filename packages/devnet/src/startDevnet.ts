import type { AuthProject } from '@portico/auth'
import { type DevnetAccountAbstraction, startAccountAbstraction } from './aa/start.js'
import { evmAccounts, evmChainId, solanaAccounts, solanaCaipNetworkId, solanaGenesisHash } from './accounts.js'
import { startAnvil } from './anvil.js'
import type { AnalyticsEvent } from './api/context.js'
import { startApiEmulator } from './api/server.js'
import type { ApiSwitches } from './api/switches.js'
import { devnetDex } from './dex.js'
import type { DevnetFarcaster } from './farcaster/server.js'
import type { DevnetAuth } from './mail/auth.js'
import { resolveLoopbackHost } from './net.js'
import { installCollectibles } from './nfts/install.js'
import { authSocialConfig } from './oidc/authConfig.js'
import type { SocialProviderName } from './oidc/providers.js'
import type { DevnetSocialProvider, SocialProviders } from './oidc/server.js'
import { type OnrampProvider, type OnrampPurchase, startOnrampProvider } from './onramp/provider.js'
import { startSolanaRpc } from './solana/server.js'
import { evmTokens, solanaTokens } from './tokens.js'
import { startWebWallet, type WebWallet } from './wallet/server.js'
import { startRelay, type WalletConnectRelay } from './walletconnect/relay.js'

/**
 * Options for {@link startDevnet}. Ports default to 0 (a free port each).
 *
 * @example
 * ```ts
 * const devnet = await startDevnet({ evm: { port: 8545 }, solana: { port: 8899 } })
 * ```
 */
export interface StartDevnetOptions {
  /** Loopback address for both chains (default `127.0.0.1`); anything else is rejected. */
  host?: string
  evm?: { port?: number }
  solana?: { port?: number }
  /** The hosted-services emulator (started after the chains); `false` to skip it. */
  api?: { port?: number } | false
  /** The local WalletConnect relay + Verify service (started with the chains); `false` to skip it. */
  walletConnect?: { port?: number; walletPort?: number } | false
  /**
   * The embedded wallet's auth server (`@portico/auth` on PGlite in a temp folder) and the mail
   * inbox it sends to (started with the chains); `false` to skip both. The database opens on the
   * first request (or `auth.ready()`), so an unused auth server costs next to nothing.
   */
  auth?:
    | {
        port?: number
        framePort?: number
        smtpPort?: number
        inboxPort?: number
        now?: () => number
        /** Projects the auth server knows (default `devnetAuthProjects`: any loopback page origin). */
        projects?: AuthProject[]
        /** How long the secure frame waits for a user operation's receipt (default the frame's 60 s). */
        receiptTimeoutMs?: number
      }
    | false
  /** The on-ramp provider's checkout server (always started; its own loopback origin). */
  onramp?: { port?: number }
  /**
   * Account abstraction: the ERC-4337 bundler (Alto, started on its first request or
   * `aa.bundler.ready()`) and the paymaster service; `false` to skip both.
   */
  aa?: { bundlerPort?: number; paymasterPort?: number } | false
  /**
   * The six social-login providers (google, github, apple, facebook, x, discord), each on its own
   * port (started with the chains); `false` to skip them. Their clients accept `redirectUris`
   * exactly, and any redirect URI on the devnet auth server's origin.
   */
  social?: { ports?: Partial<Record<SocialProviderName, number>>; redirectUris?: readonly string[] } | false
  /**
   * Sign In With Farcaster: the auth relay and the Farcaster app page (started after anvil, where
   * the IdRegistry is installed); `false` to skip them.
   */
  farcaster?: { relayPort?: number; appPort?: number } | false
}

/**
 * The social-login providers of a running devnet (see `startSocialProviders`).
 *
 * @example
 * ```ts
 * const { social } = await startDevnet()
 * const google = social.providers.google // issuer, clientId, clientSecret, users, ...
 * social.allowRedirectUri('http://127.0.0.1:3000/auth/callback')
 * ```
 */
export interface DevnetSocial {
  providers: Readonly<Record<SocialProviderName, DevnetSocialProvider>>
  /** Lets every devnet client redirect to `uri` (exact match). */
  allowRedirectUri(uri: string): void
  /** Lets every devnet client redirect anywhere under `origin`. */
  allowRedirectOrigin(origin: string): void
  /** Builds the six authorization servers now (signing keys) instead of on their first request. */
  ready(): Promise<void>
}

/**
 * The on-ramp provider of a running devnet (see `startOnrampProvider`): the checkout page that
 * `POST /v1/generators/onrampurl` links to. Paying there mints USDC (or sends SOL) for real.
 *
 * @example
 * ```ts
 * const { onramp, evm } = await startDevnet()
 * const checkout = `${onramp.url}/checkout?walletAddress=${evm.accounts[0].address}&destinationCurrencyCode=USDC`
 * ```
 */
export interface DevnetOnramp {
  /** Origin of the checkout, e.g. `http://127.0.0.1:43130` (the page is `/checkout`). */
  url: string
  /** Checkouts so far (completed and declined), oldest first. */
  purchases(): OnrampPurchase[]
}

/**
 * The local WalletConnect relay of a running devnet (see `startRelay`).
 *
 * @example
 * ```ts
 * const { walletConnect } = await startDevnet()
 * const dapp = await SignClient.init({ projectId: 'p', relayUrl: walletConnect.relayUrl, telemetryEnabled: false, metadata })
 * await walletConnect.restartRelay() // clients reconnect; pending messages survive
 * ```
 */
export interface DevnetWalletConnect {
  /** Websocket URL for the SDK's `relayUrl`, e.g. `ws://127.0.0.1:43125`. */
  relayUrl: string
  /** Base URL of the local Verify API on the same port (v3 routes under `/v3`). */
  verifyUrl: string
  /**
   * The devnet web wallet: a page where a person pastes a pairing URI and approves or rejects the
   * proposal and each request, signing with the devnet keys (append `#uri=` to pair at once).
   */
  walletUrl: string
  /** Drops every connection and listens again on the same port, keeping the mailbox. */
  restartRelay(): Promise<void>
}

/**
 * The hosted-services emulator of a running devnet (see `startApiEmulator`).
 *
 * @example
 * ```ts
 * const { api } = await startDevnet()
 * api.switches.origins = 403
 * const events = api.analytics.events()
 * ```
 */
export interface DevnetApi {
  /** Base URL for the directory, analytics and blockchain API hosts, e.g. `http://127.0.0.1:43123`. */
  url: string
  analytics: { events(): AnalyticsEvent[]; clear(): void }
  switches: ApiSwitches
}

/**
 * An ERC20 on the devnet EVM chain.
 *
 * @example
 * ```ts
 * const usdc: DevnetEvmToken = devnet.evm.tokens.find((t) => t.symbol === 'USDC')!
 * ```
 */
export interface DevnetEvmToken {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
}

/**
 * An SPL token mint on the devnet Solana chain.
 *
 * @example
 * ```ts
 * const [usdc]: DevnetSolanaToken[] = devnet.solana.tokens
 * ```
 */
export interface DevnetSolanaToken {
  mint: string
  name: string
  symbol: string
  decimals: number
}

/**
 * Both running devnet chains and what is on them. Plain data apart from `stop`, so it can be
 * serialized (e.g. handed from a test's global setup to the tests).
 *
 * @example
 * ```ts
 * const devnet: Devnet = await startDevnet()
 * const wallet = createWalletClient({ account: privateKeyToAccount(devnet.evm.accounts[0].privateKey), transport: http(devnet.evm.rpcUrl) })
 * ```
 */
export interface Devnet {
  evm: {
    rpcUrl: string
    chainId: typeof evmChainId
    caipNetworkId: `eip155:${typeof evmChainId}`
    accounts: typeof evmAccounts
    tokens: DevnetEvmToken[]
    /** The Uniswap V2 deployment (see `devnetDex`; the treasury key is not repeated here). */
    dex: { router: `0x${string}`; factory: `0x${string}`; weth: `0x${string}`; pairs: Record<string, `0x${string}`> }
  }
  solana: {
    rpcUrl: string
    caipNetworkId: typeof solanaCaipNetworkId
    genesisHash: typeof solanaGenesisHash
    accounts: typeof solanaAccounts
    tokens: DevnetSolanaToken[]
  }
  /** The hosted-services emulator (not plain data: `analytics` has methods, `switches` is live). */
  api: DevnetApi
  /** The local WalletConnect relay and Verify service (`restartRelay` is a method). */
  walletConnect: DevnetWalletConnect
  /** The auth server and its mail inbox (`inbox`, `ready` and `stop` are not plain data). */
  auth: DevnetAuth
  /** The on-ramp provider's checkout (`purchases` is a method). */
  onramp: DevnetOnramp
  /** The ERC-4337 bundler and paymaster, with their switches (not plain data). */
  aa: DevnetAccountAbstraction
  /** The six social-login providers (methods: `allowRedirectUri`, `ready`, each provider's error switch). */
  social: DevnetSocial
  /** Sign In With Farcaster: the auth relay, the Farcaster app and the IdRegistry on the EVM chain. */
  farcaster: Omit<DevnetFarcaster, 'stop'>
  /** Stops the relay and the API emulator, then both chains; resolves once processes and ports are released. */
  stop(): Promise<void>
}

/**
 * A devnet started with `api: false`: the chains only.
 *
 * @example
 * ```ts
 * const chains: DevnetWithoutApi = await startDevnet({ api: false })
 * ```
 */
export type DevnetWithoutApi = Omit<Devnet, 'api'> & { api?: undefined }

/**
 * A devnet started with `walletConnect: false` (and possibly `api: false`): no relay.
 *
 * @example
 * ```ts
 * const chains: DevnetWithout<'api' | 'walletConnect'> = await startDevnet({ api: false, walletConnect: false })
 * ```
 */
export type DevnetWithout<K extends DevnetService> = Omit<Devnet, K> & { [P in K]?: undefined }

/** The devnet's optional services, each turned off with `false` in {@link StartDevnetOptions}. */
export type DevnetService = 'api' | 'walletConnect' | 'auth' | 'social' | 'farcaster' | 'aa'

/** Services that options `O` turn off for sure (`false`). */
type DisabledServices<O> = { [K in DevnetService]: O extends { [P in K]: false } ? K : never }[DevnetService]
/** Services that options `O` may turn off (a widened `StartDevnetOptions`, say). */
type MaybeServices<O> = {
  [K in DevnetService]: K extends keyof O ? (false extends O[K] ? ([O[K]] extends [false] ? never : K) : never) : never
}[DevnetService]

/**
 * What {@link startDevnet} returns for options `O`: services set to `false` are absent.
 *
 * @example
 * ```ts
 * const chains: DevnetFor<{ api: false; walletConnect: false; auth: false }> = await startDevnet({ api: false, walletConnect: false, auth: false })
 * ```
 */
export type DevnetFor<O> = Omit<Devnet, DisabledServices<O> | MaybeServices<O>> & {
  [P in DisabledServices<O>]?: undefined
} & { [P in MaybeServices<O>]?: Devnet[P] }

/** A devnet whose optional services may or may not have been started. */
type MaybeDevnet = Omit<Devnet, DevnetService> & Partial<Pick<Devnet, DevnetService>>

/**
 * Starts the local EVM chain (anvil) and the Solana RPC (litesvm) side by side, with funded
 * accounts and tokens, then the hosted-services emulator (`api`) reading from them. The chains
 * start in parallel; if anything fails the rest is stopped, so a failed start never leaves a
 * stray process or bound port behind.
 *
 * @example
 * ```ts
 * import { startDevnet } from '@portico/devnet'
 *
 * const devnet = await startDevnet()
 * console.log(devnet.evm.rpcUrl, devnet.solana.rpcUrl, devnet.api.url)
 * // ... point wallets / clients at the URLs ...
 * await devnet.stop()
 * ```
 */
export function startDevnet<const O extends StartDevnetOptions = Record<never, never>>(
  options?: O,
): Promise<DevnetFor<O>>
export async function startDevnet(options: StartDevnetOptions = {}): Promise<MaybeDevnet> {
  // Validate before starting anything so a bad host fails fast and cleanly.
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const authOptions = options.auth === false ? undefined : (options.auth ?? {})
  const socialOptions = options.social === false ? undefined : (options.social ?? {})
  const [evmResult, solanaResult, relayResult, authResult, socialResult] = await Promise.allSettled([
    startAnvil({ host, port: options.evm?.port ?? 0 }),
    startSolanaRpc({ host, port: options.solana?.port ?? 0 }),
    options.walletConnect === false ? undefined : startRelay({ host, port: options.walletConnect?.port ?? 0 }),
    // Imported only when wanted: `auth: false` loads none of the auth server's dependencies.
    authOptions
      ? import('./mail/auth.js').then(({ startDevnetAuth }) =>
          startDevnetAuth({
            host,
            port: authOptions.port ?? 0,
            framePort: authOptions.framePort ?? 0,
            inbox: { smtpPort: authOptions.smtpPort ?? 0, httpPort: authOptions.inboxPort ?? 0 },
            ...(authOptions.now ? { now: authOptions.now } : {}),
            ...(authOptions.projects ? { projects: authOptions.projects } : {}),
            ...(authOptions.receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs: authOptions.receiptTimeoutMs }),
          }),
        )
      : undefined,
    // Imported only when wanted, like auth: the providers' servers are built on first use anyway.
    socialOptions
      ? import('./oidc/server.js').then(({ startSocialProviders }) =>
          startSocialProviders({
            host,
            ...(socialOptions.ports ? { ports: socialOptions.ports } : {}),
            ...(socialOptions.redirectUris ? { redirectUris: socialOptions.redirectUris } : {}),
          }),
        )
      : undefined,
  ])
  const results = [evmResult, solanaResult, relayResult, authResult, socialResult] as const
  if (results.some((r) => r.status === 'rejected')) {
    await Promise.allSettled(
      results.map((r) =>
        r.status === 'fulfilled' ? (r.value as { stop(): Promise<void> } | undefined)?.stop() : undefined,
      ),
    )
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    throw failed.reason
  }
  const anvil = (evmResult as PromiseFulfilledResult<Awaited<ReturnType<typeof startAnvil>>>).value
  const solana = (solanaResult as PromiseFulfilledResult<Awaited<ReturnType<typeof startSolanaRpc>>>).value
  const relay = (relayResult as PromiseFulfilledResult<WalletConnectRelay | undefined>).value
  const auth = (authResult as PromiseFulfilledResult<DevnetAuth | undefined>).value
  const social = (socialResult as PromiseFulfilledResult<SocialProviders | undefined>).value
  // The auth server logs in with the providers: its callbacks, whatever their path, are allowed.
  if (auth && social) {
    social.allowRedirectOrigin(auth.url)
    auth.configureSocial(authSocialConfig(social.providers))
  }
  let onramp: OnrampProvider | undefined
  let farcaster: DevnetFarcaster | undefined
  let aa: Awaited<ReturnType<typeof startAccountAbstraction>> | undefined
  const stopStarted = () =>
    Promise.all([
      aa?.stop(),
      onramp?.stop(),
      farcaster?.stop(),
      anvil.stop(),
      solana.stop(),
      relay?.stop(),
      auth?.stop(),
      social?.stop(),
    ]).then(() => undefined)
  try {
    // Storage writes only (no block): the NFTs the Account view lists.
    await installCollectibles(anvil.rpcUrl)
    // These only need the chain's URL; allSettled so a failure in one still stops the others.
    const farcasterOptions = options.farcaster === false ? undefined : (options.farcaster ?? {})
    const aaOptions = options.aa === false ? undefined : (options.aa ?? {})
    const [onrampResult, farcasterResult, aaResult] = await Promise.allSettled([
      startOnrampProvider({
        host,
        port: options.onramp?.port ?? 0,
        evmRpcUrl: anvil.rpcUrl,
        solanaRpcUrl: solana.rpcUrl,
      }),
      farcasterOptions
        ? import('./farcaster/server.js').then(({ startFarcaster }) =>
            startFarcaster({
              host,
              evmRpcUrl: anvil.rpcUrl,
              relayPort: farcasterOptions.relayPort ?? 0,
              appPort: farcasterOptions.appPort ?? 0,
            }),
          )
        : undefined,
      aaOptions
        ? startAccountAbstraction({
            host,
            rpcUrl: anvil.rpcUrl,
            bundlerPort: aaOptions.bundlerPort ?? 0,
            paymasterPort: aaOptions.paymasterPort ?? 0,
          })
        : undefined,
    ])
    if (onrampResult.status === 'fulfilled') onramp = onrampResult.value
    if (farcasterResult.status === 'fulfilled') farcaster = farcasterResult.value
    if (aaResult.status === 'fulfilled') aa = aaResult.value
    if (onrampResult.status === 'rejected') throw onrampResult.reason
    if (farcasterResult.status === 'rejected') throw farcasterResult.reason
    if (aaResult.status === 'rejected') throw aaResult.reason
    if (auth && farcaster) auth.configureFarcaster({ relayUrl: farcaster.relayUrl, rpcUrl: farcaster.rpcUrl })
  } catch (error) {
    await stopStarted().catch(() => undefined)
    throw error
  }
  const provider = onramp as OnrampProvider

  // The web wallet first: the directory lists it with its URL as a deep link.
  let webWallet: WebWallet | undefined
  if (relay) {
    try {
      webWallet = await startWebWallet({
        host,
        port: (options.walletConnect || undefined)?.walletPort ?? 0,
        relayUrl: relay.url,
        verifyUrl: relay.verifyUrl,
        evmRpcUrl: anvil.rpcUrl,
        solanaRpcUrl: solana.rpcUrl,
      })
    } catch (error) {
      await stopStarted().catch(() => undefined)
      throw error
    }
  }

  let api: Awaited<ReturnType<typeof startApiEmulator>> | undefined
  if (options.api !== false) {
    try {
      api = await startApiEmulator({
        host,
        port: options.api?.port ?? 0,
        evmRpcUrl: anvil.rpcUrl,
        solanaRpcUrl: solana.rpcUrl,
        onrampUrl: provider.url,
        ...(aa ? { bundlerUrl: aa.bundlerUrl } : {}),
        ...(webWallet ? { webWalletUrl: webWallet.url } : {}),
      })
    } catch (error) {
      await Promise.allSettled([webWallet?.stop(), stopStarted()])
      throw error
    }
  }

  let stopping: Promise<void> | undefined
  return {
    evm: {
      rpcUrl: anvil.rpcUrl,
      chainId: evmChainId,
      caipNetworkId: `eip155:${evmChainId}`,
      accounts: evmAccounts,
      tokens: evmTokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
      dex: {
        router: devnetDex.router,
        factory: devnetDex.factory,
        weth: devnetDex.weth,
        pairs: { ...devnetDex.pairs },
      },
    },
    solana: {
      rpcUrl: solana.rpcUrl,
      caipNetworkId: solanaCaipNetworkId,
      genesisHash: solanaGenesisHash,
      accounts: solanaAccounts,
      tokens: solanaTokens.map(({ mint, name, symbol, decimals }) => ({ mint, name, symbol, decimals })),
    },
    onramp: { url: provider.url, purchases: () => provider.purchases() },
    ...(api ? { api: { url: api.url, analytics: api.analytics, switches: api.switches } } : {}),
    ...(relay && webWallet
      ? {
          walletConnect: {
            relayUrl: relay.url,
            verifyUrl: relay.verifyUrl,
            walletUrl: webWallet.url,
            restartRelay: () => relay.restart(),
          },
        }
      : {}),
    ...(auth ? { auth } : {}),
    ...(aa ? { aa: withoutStop(aa) } : {}),
    ...(social
      ? {
          social: {
            providers: social.providers,
            allowRedirectUri: (uri: string) => social.allowRedirectUri(uri),
            allowRedirectOrigin: (origin: string) => social.allowRedirectOrigin(origin),
            ready: () => social.ready(),
          },
        }
      : {}),
    ...(farcaster
      ? {
          farcaster: {
            relayUrl: farcaster.relayUrl,
            appUrl: farcaster.appUrl,
            rpcUrl: farcaster.rpcUrl,
            idRegistry: farcaster.idRegistry,
            keyRegistry: farcaster.keyRegistry,
            users: farcaster.users,
            authKey: farcaster.authKey,
          },
        }
      : {}),
    stop() {
      // The emulator, the web wallet and the bundler read from the chains, so they go first (the
      // relay stops with the chains).
      stopping ??= Promise.all([api?.stop(), webWallet?.stop(), aa?.stop()]).then(stopStarted)
      return stopping
    },
  }
}

/** The account-abstraction services as the devnet hands them out: `devnet.stop()` stops them. */
function withoutStop(aa: DevnetAccountAbstraction & { stop(): Promise<void> }): DevnetAccountAbstraction {
  const { stop: _stop, ...rest } = Object.getOwnPropertyDescriptors(aa)
  return Object.defineProperties({}, rest) as DevnetAccountAbstraction
}
