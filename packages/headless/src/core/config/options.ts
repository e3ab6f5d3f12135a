import { z } from 'zod'
import type { StorageLike } from '../state/storage.js'
import type { AccountType, ChainAdapter, PorticoNetwork } from '../types.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { chainNamespaces, parseCaipNetworkId } from '../utils/caip.js'
import {
  type ApiUrls,
  type ConnectMethod,
  type ConnectorGroup,
  defaultConnectorOrder,
  defaultSocials,
  type Features,
  type WalletFeature,
} from './defaults.js'

/** Dapp metadata sent to wallets (spec section 3). */
export type Metadata = { name: string; description: string; url: string; icons: readonly string[] }

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
  /** Fetch the remote project configuration (`GET /appkit/v1/config`) when it is first needed. Default `true`. */
  remoteConfig?: boolean | undefined
  connectorOrder?: readonly ConnectorGroup[] | undefined
  featuredWalletIds?: readonly string[] | undefined
  includeWalletIds?: readonly string[] | undefined
  excludeWalletIds?: readonly string[] | undefined
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
  /** Sign-in with X config. Mutually exclusive with `siweConfig`. */
  siwx?: unknown
  /** Base URLs of the hosted services (defaults: the hosted ones). */
  apiUrls?: Partial<ApiUrls> | undefined
  /** Storage for persistence; `null` disables it. Default: `localStorage` in a browser. */
  storage?: StorageLike | null | undefined
  /** Defer reading storage until {@link initialize} runs on the client (server rendering). */
  ssr?: boolean | undefined
  /** `fetch` used for every HTTP call (tests, proxies). Default: the global one. */
  fetch?: typeof fetch | undefined
  /** `st` parameter of hosted calls. */
  sdkType?: string | undefined
  /** `sv` parameter of hosted calls. */
  sdkVersion?: string | undefined
}

const httpUrl = z.string().refine((value) => {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}, 'must be an http(s) URL')

const tokenSchema = z.object({
  address: z.string().min(1),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).max(255).optional(),
  iconUrl: z.string().optional(),
})

/** @internal */
export const networkSchema = z
  .object({
    id: z.union([z.number().int().positive(), z.string().min(1)]),
    caipNetworkId: z.string(),
    chainNamespace: z.enum(chainNamespaces),
    name: z.string().min(1),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().min(1),
      decimals: z.number().int().min(0).max(255),
    }),
    rpcUrls: z.object({ default: z.object({ http: z.array(httpUrl).min(1) }) }),
    blockExplorers: z.object({ default: z.object({ name: z.string(), url: httpUrl }) }).optional(),
    assets: z.object({ imageId: z.string().optional(), imageUrl: z.string().optional() }).optional(),
    testnet: z.boolean().optional(),
    tokens: z.array(tokenSchema).optional(),
  })
  .loose()
  .superRefine((network, ctx) => {
    let parsed: { namespace: string; reference: string }
    try {
      parsed = parseCaipNetworkId(network.caipNetworkId)
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['caipNetworkId'],
        message: (error as Error & { shortMessage?: string }).shortMessage ?? 'Invalid CAIP-2 network id',
      })
      return
    }
    if (parsed.namespace !== network.chainNamespace)
      ctx.addIssue({ code: 'custom', path: ['caipNetworkId'], message: `namespace must be ${network.chainNamespace}` })
    if (parsed.reference !== String(network.id))
      ctx.addIssue({ code: 'custom', path: ['id'], message: `must match the CAIP-2 reference ${parsed.reference}` })
    if (network.chainNamespace === 'eip155' && typeof network.id !== 'number')
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'eip155 network ids are numbers' })
  })

const adapterSchema = z.custom<ChainAdapter>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ChainAdapter).namespace === 'string' &&
    typeof (value as ChainAdapter).connect === 'function' &&
    typeof (value as ChainAdapter).watchConnectors === 'function',
  'must be a chain adapter such as eip155Adapter()',
)

const featuresSchema = z
  .object({
    receive: z.boolean(),
    send: z.boolean(),
    analytics: z.boolean(),
    allWallets: z.boolean(),
    legalCheckbox: z.boolean(),
    smartSessions: z.boolean(),
    collapseWallets: z.boolean(),
    pay: z.boolean(),
    email: z.boolean(),
    socials: z.union([z.literal(false), z.array(z.enum(defaultSocials))]),
    swaps: z.boolean(),
    onramp: z.boolean(),
    activity: z.boolean(),
    reownBranding: z.boolean(),
    multiWallet: z.boolean(),
    connectMethodsOrder: z.array(z.enum(['email', 'social', 'wallet'] satisfies ConnectMethod[])),
    walletFeaturesOrder: z.array(z.enum(['onramp', 'swaps', 'receive', 'send'] satisfies WalletFeature[])),
  })
  .partial()
  .strict()

const storageSchema = z.custom<StorageLike>(
  (value) =>
    value === null ||
    (typeof value === 'object' &&
      typeof (value as StorageLike).getItem === 'function' &&
      typeof (value as StorageLike).setItem === 'function' &&
      typeof (value as StorageLike).removeItem === 'function'),
  'must implement getItem, setItem and removeItem, or be null',
)

/** @internal Runtime validation of {@link PorticoOptions}. */
export const optionsSchema = z.object({
  projectId: z.string().trim().optional(),
  networks: z.array(networkSchema).min(1, 'at least one network is required'),
  adapters: z.array(adapterSchema).min(1, 'at least one adapter is required'),
  defaultNetwork: z.union([z.string(), z.object({ caipNetworkId: z.string() }).loose()]).optional(),
  metadata: z
    .object({ name: z.string(), description: z.string(), url: httpUrl, icons: z.array(z.string()) })
    .optional(),
  features: featuresSchema.optional(),
  keepLocalFeatures: z.boolean().optional(),
  remoteConfig: z.boolean().optional(),
  connectorOrder: z.array(z.enum(defaultConnectorOrder)).optional(),
  featuredWalletIds: z.array(z.string()).optional(),
  includeWalletIds: z.array(z.string()).optional(),
  excludeWalletIds: z.array(z.string()).optional(),
  defaultAccountTypes: z
    .partialRecord(z.enum(chainNamespaces), z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']))
    .optional(),
  signOutOnDisconnect: z.boolean().optional(),
  allowUnsupportedChain: z.boolean().optional(),
  enableNetworkSwitch: z.boolean().optional(),
  enableInjected: z.boolean().optional(),
  siweConfig: z.unknown().optional(),
  siwx: z.unknown().optional(),
  apiUrls: z.object({ api: httpUrl, blockchain: httpUrl, analytics: httpUrl }).partial().optional(),
  storage: storageSchema.optional(),
  ssr: z.boolean().optional(),
  fetch: z.custom<typeof fetch>((value) => typeof value === 'function', 'must be a function').optional(),
  sdkType: z.string().optional(),
  sdkVersion: z.string().optional(),
})
