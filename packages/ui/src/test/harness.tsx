import {
  balanceQueryOptions,
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  type Features,
  initialize,
  type Portico,
  PorticoProvider,
  type SiwxConfig,
  type TokenBalance,
} from '@portico/headless'
import { createTestEip1193Wallet, devnetWalletIcon } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { PorticoUI, type PorticoUIProps } from '../PorticoUI.js'
import { type ModalView, type ModalViewWithData, useModal } from '../useModal.js'
import { chainless } from './chainless.js'

// Public anvil test keys (account #0 and #1 of the standard test mnemonic).
const keys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const

export type HarnessOptions = {
  /** Devnet anvil URL; without it balances come from `balances` (stories need no chain). */
  rpcUrl?: string | undefined
  /** The wallet's first account's key (default: anvil's account #0), e.g. a fresh one a test owns alone. */
  accountKey?: `0x${string}` | undefined
  /** Connect the Devnet Wallet before rendering. */
  connected?: boolean | undefined
  /** The wallet's chain: 31337 (configured) or another id (an unsupported network). */
  walletChainId?: number | undefined
  /** Extra announced wallets for the lists; some have broken or hostile icons on purpose. */
  extraWallets?: number | undefined
  /** Turn the multi-wallet feature on (several wallets per namespace, the ProfileWallets view). */
  multiWallet?: boolean | undefined
  /** Announce the Devnet Wallet. Default true. */
  devnetWallet?: boolean | undefined
  /** Seeded balances, or `error` (the RPC is a closed loopback port: a real failure). */
  balances?: TokenBalance[] | 'error' | undefined
  ui?: Omit<PorticoUIProps, 'children'> | undefined
  storage?: Storage | null | undefined
  /** Passed to createPortico. */
  allowUnsupportedChain?: boolean | undefined
  /** Base URL of a wallet directory (the fixture server); without it there is no directory. */
  directoryUrl?: string | undefined
  /** Base URL of the analytics and project API (the fixture server); analytics is off without it. */
  analyticsUrl?: string | undefined
  /**
   * Base URL of a blockchain API (the devnet emulator); without it the API is off: balances come from
   * the RPC and the Account view offers no NFTs or Activity tab.
   */
  blockchainApiUrl?: string | undefined
  /**
   * The `blockchainApi` option (default: on when `blockchainApiUrl` is given). On without a URL, what
   * asks the API gets a refusal on loopback: for stories whose data is seeded.
   */
  blockchainApi?: boolean | undefined
  /** Project id (default 'harness'). */
  projectId?: string | undefined
  /** Adds a host-supplied wallet whose connection request never answers (the waiting state). */
  pendingWallet?: boolean | undefined
  /**
   * A WalletConnect relay (the devnet's, `ws://127.0.0.1:…`): WalletConnect is on only with one, so
   * nothing ever dials the hosted relay and the lists stay as they were without it.
   */
  walletConnectRelayUrl?: string | undefined
  /** Passed to createPortico: sign in with X (e.g. `localSiwx({ storage: null })`). */
  siwx?: SiwxConfig | undefined
  /**
   * Also offer the Devnet Wallet's accounts as a host-supplied wallet that can register names
   * ('Names Wallet', connector id `names`, `accountNames: true`); `connected` connects through it.
   */
  namesWallet?: boolean | undefined
  /** Passed to createPortico: local feature flags (analytics follows `analyticsUrl` unless given). */
  features?: Partial<Features> | undefined
  /** Passed to createPortico: the host's legal pages. */
  legal?: { termsConditionsUrl?: string | undefined; privacyPolicyUrl?: string | undefined } | undefined
  /** Passed to createPortico: the host's featured directory wallets. */
  featuredWalletIds?: readonly string[] | undefined
  /**
   * Base URL of the project API whose remote configuration (`GET /appkit/v1/config`) applies (the
   * devnet's `apiUrl`, with per-project flags through its `featuresFor` switch); without it the
   * remote configuration is off.
   */
  remoteConfigUrl?: string | undefined
  /** Passed to createPortico: the only directory wallets the host lists. */
  includeWalletIds?: readonly string[] | undefined
  /** Passed to createPortico: directory wallets the host never lists. */
  excludeWalletIds?: readonly string[] | undefined
  /** Passed to createPortico: the host's own wallets (the Connect view's `custom` group). */
  customWallets?: Parameters<typeof createPortico>[0]['customWallets']
  /**
   * Passed to createPortico: email login through the secure frame at `frameUrl`. Its first request
   * goes to the frame as soon as the frame reports ready, without the spec's 500 ms after that
   * report (headless's frameClient.timers.test.ts holds that wait with the real value): the tests
   * and pictures are of what follows it, and every instance would wait it out again.
   */
  embeddedWallet?: { frameUrl: string } | undefined
  /** Keep the spec's 500 ms between the secure frame's ready report and its first request (default: none). */
  realReadyDelay?: boolean | undefined
  /** Passed to createPortico: the instance's `fetch` (e.g. one that holds a hosted answer until the test releases it). */
  fetch?: typeof fetch | undefined
  /** Passed to createPortico: the app's name and icon (else views show the page's host, a random port in tests). */
  metadata?: Parameters<typeof createPortico>[0]['metadata']
}

const devnetNetwork = (rpcUrl: string) =>
  eip155Network({
    id: 31337,
    name: 'Devnet',
    rpcUrl,
    testnet: true,
    blockExplorer: { name: 'Devnet Explorer', url: 'http://127.0.0.1:4000' },
    tokens: [
      { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
    ],
  })

/**
 * The base of every hosted service a test or story names none for: a loopback port Chromium refuses
 * to dial (a restricted port), so a request fails at once and never leaves the machine. Not port 9:
 * tests use `http://127.0.0.1:9` as a host the kit must not load images from, and the `api` and
 * `blockchain` bases are origins it does load images from (imageSource.ts).
 */
const refusingApiUrl = 'http://127.0.0.1:1'

/** Icons that must never load or execute: the fallback glyph shows instead. */
const hostileIcons = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1:9/missing.png',
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='window.__pwned=1'/>",
]

const sampleBalances = (rpcUrl: string): TokenBalance[] => [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: devnetNetwork(rpcUrl).caipNetworkId,
    quantity: { decimals: '18', numeric: '9999.998765432' },
  },
  {
    name: 'USD Coin (Devnet)',
    symbol: 'USDC',
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    chainId: 'eip155:31337',
    quantity: { decimals: '6', numeric: '10000' },
  },
  {
    name: 'Portico Token',
    symbol: 'PTK',
    address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    chainId: 'eip155:31337',
    quantity: { decimals: '18', numeric: '1000' },
  },
]

/**
 * @internal
 * A Portico instance with real test wallets for the UI's browser tests and stories.
 */
export async function createHarness(options: HarnessOptions = {}) {
  const rpcUrl = options.balances === 'error' ? chainless.failingRpcUrl : (options.rpcUrl ?? chainless.rpcUrl)
  const stops: (() => void)[] = []
  const wallet = createTestEip1193Wallet({
    accounts: options.accountKey ? [options.accountKey, keys[1]] : [...keys],
    chains: [
      { id: 31337, rpcUrl },
      { id: 31338, rpcUrl },
      { id: 5, rpcUrl },
    ],
    initialChainId: options.walletChainId ?? 31337,
  })
  if (options.devnetWallet ?? true) stops.push(wallet.announce())
  for (let i = 0; i < (options.extraWallets ?? 0); i++) {
    const extra = createTestEip1193Wallet({
      accounts: [keys[1]],
      chains: [{ id: 31337, rpcUrl }],
      info: {
        uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `Test Wallet ${String(i + 1).padStart(2, '0')}`,
        rdns: `dev.portico.test${i}`,
        // Announcements are untrusted input; the test wallet's type is stricter than the wild.
        icon: (i < hostileIcons.length ? hostileIcons[i] : devnetWalletIcon) as `data:image/${string}`,
      },
    })
    stops.push(extra.announce())
  }
  const networks = [
    devnetNetwork(rpcUrl),
    eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl, testnet: true }),
  ] as const
  const portico: Portico = createPortico({
    projectId: options.projectId ?? 'harness',
    networks,
    adapters: [
      eip155Adapter({
        connectors: [
          ...(options.pendingWallet
            ? [{ id: 'slow', name: 'Slow Wallet', provider: { request: () => new Promise<never>(() => {}) } }]
            : []),
          ...(options.namesWallet
            ? [{ id: 'names', name: 'Names Wallet', provider: wallet.provider, accountNames: true }]
            : []),
        ],
      }),
    ],
    storage: options.storage ?? null,
    allowUnsupportedChain: options.allowUnsupportedChain,
    walletDirectory: Boolean(options.directoryUrl),
    featuredWalletIds: options.featuredWalletIds,
    includeWalletIds: options.includeWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    customWallets: options.customWallets,
    blockchainApi: options.blockchainApi ?? Boolean(options.blockchainApiUrl),
    // Without a fixture server no analytics (nothing may leave loopback in tests and stories).
    features: {
      // Off unless a test asks: the branding line under the Connect view is not what the other
      // tests (and the visual references) are about.
      reownBranding: false,
      ...options.features,
      // A test may turn analytics off with the emulator configured, to see that nothing is sent.
      analytics: options.features?.analytics ?? Boolean(options.analyticsUrl),
      ...(options.multiWallet ? { multiWallet: true } : {}),
    },
    ...options.legal,
    // Every service named, so none falls back to its hosted default: a view that asks anyway (the
    // Account view's history and NFTs, a directory wallet's image) gets a refusal on loopback.
    apiUrls: {
      api: options.analyticsUrl || options.remoteConfigUrl || options.directoryUrl || refusingApiUrl,
      blockchain: options.blockchainApiUrl || refusingApiUrl,
      analytics: options.analyticsUrl || refusingApiUrl,
    },
    remoteConfig: Boolean(options.remoteConfigUrl),
    siwx: options.siwx,
    metadata: options.metadata,
    embeddedWallet: options.embeddedWallet,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    walletConnect: options.walletConnectRelayUrl
      ? { relayUrl: options.walletConnectRelayUrl, verifyUrl: false }
      : false,
  })
  if (options.embeddedWallet && !options.realReadyDelay) {
    // Loaded only here: an instance without the embedded wallet keeps its modules off the page.
    const { embeddedTimings } = await import('../../../headless/src/test/embeddedTimings.js')
    embeddedTimings.set(portico, { readyDelayMs: 0 })
  }
  if (options.embeddedWallet) {
    // At cleanup the frame goes with its timers: one removed while loading would report, in a
    // later test, that it never loaded.
    const { removeEmbeddedWallet } = await import('../../../headless/src/test/removeEmbeddedWallet.js')
    stops.push(() => removeEmbeddedWallet(portico))
  }
  stops.push(initialize(portico))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (options.connected) {
    await connect(portico, {
      connectorId: options.namesWallet ? 'names' : 'dev.portico.devnet',
      namespace: 'eip155',
    })
    const key = balanceQueryOptions(portico, {
      address: wallet.address,
      caipNetworkId: `eip155:${options.walletChainId ?? 31337}`,
    }).queryKey
    if (Array.isArray(options.balances) || (!options.rpcUrl && options.balances !== 'error'))
      queryClient.setQueryData(key, Array.isArray(options.balances) ? options.balances : sampleBalances(rpcUrl))
  }

  // `view`: the modal opens there on mount; the Swap view with its data (e.g. a prefilled swap).
  // biome-ignore lint/correctness/noComponentHookFactories: a harness hands out a wrapper bound to its instance, as Testing Library wrappers are; it is created once per harness, never per render.
  function Wrapper({ children, view }: { children?: ReactNode; view?: ModalView | ModalViewWithData | undefined }) {
    return (
      <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
        <PorticoUI {...options.ui}>
          {view ? <OpenOnMount view={view} /> : null}
          {children}
        </PorticoUI>
      </PorticoProvider>
    )
  }
  return {
    portico,
    wallet,
    queryClient,
    Wrapper,
    cleanup: () => {
      for (const stop of stops.splice(0)) stop()
    },
  }
}

function OpenOnMount({ view }: { view: ModalView | ModalViewWithData }) {
  const { open } = useModal()
  useEffect(() => open(typeof view === 'string' ? { view } : view), [open, view])
  return null
}
