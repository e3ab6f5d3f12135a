// The one validator of createPortico's options. It has two halves, both here:
// - plain checks (`parseOptionsFast`): every page load passes valid options, and createPortico runs
//   before the connect button's first paint. Building and running zod schemas of the options there
//   was its largest cost: createPortico took ~44 ms at 4x CPU throttling with zod, ~17 ms with the
//   plain checks (~7 and ~3 ms unthrottled), for +1.2 KiB gzip of page start (the budget comment in
//   packages/ui/src/exports/pageStart.test.ts). `createPortico.noZod.test.ts` proves valid options
//   build no zod schema.
// - the zod schema (`zodOptionsSchema`): it runs only when the plain checks refuse, decides, and
//   words the issues (paths and messages). So the plain checks may be stricter than the schema
//   (a stricter one only sends more input to zod) but never looser: `options.test.ts` checks on
//   generated options that whatever passes them passes the schema with the same output.
// Writing the issues without zod would keep zod's option schemas off page start too, but zod is at
// page start anyway (stored sessions are read through zod at hydration), so one plain validator
// would save only the schema's own code; until that is measured worth it, zod words the mistakes.

import * as z from 'zod/mini'
import {
  type ApiUrls,
  type ConnectorGroup,
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultFeatures,
  defaultSocials,
  defaultWalletFeaturesOrder,
  type Features,
} from './defaults.js'
import { InvalidOptionsError, SiwxConflictError } from './errors/config.js'
import type { PorticoTransport } from './rpc/types.js'
import type { SiwxConfig } from './siwxConfig.js'
import type { StorageLike } from './state/storage.js'
import type { AccountType, ChainAdapter, PorticoNetwork } from './types.js'
import type { CaipNetworkId, ChainNamespace } from './utils/caip.js'
import { chainNamespaces, parseCaipNetworkId } from './utils/caip.js'
import { isHttpUrl, isWsUrl } from './utils/url.js'
import type { WalletConnectOptions } from './walletConnectOptions.js'

/** An object whose listed members are functions. */
const hasMethods = (value: unknown, methods: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  methods.every((m) => typeof (value as Record<string, unknown>)[m] === 'function')

/** A chain adapter such as `eip155Adapter()`: a namespace and the methods Portico calls first. */
const isAdapter = (value: unknown): boolean =>
  hasMethods(value, ['getBalance', 'watchConnectors']) &&
  typeof (value as { namespace?: unknown }).namespace === 'string'

/** The `storage` option: `null`, or a Web Storage-like object. */
const isStorage = (value: unknown): boolean => value === null || hasMethods(value, ['getItem', 'setItem', 'removeItem'])

/** WalletConnect's `storage` option: the SDK's key-value storage. */
const isWalletConnectStorage = (value: unknown): boolean =>
  hasMethods(value, ['getKeys', 'getEntries', 'getItem', 'setItem', 'removeItem'])

/** Dapp metadata sent to wallets (the spec). */
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
  /** JSON-RPC URL per CAIP-2 network id, overriding the hosted endpoint and the network's own. */
  rpcMap?: Readonly<Record<string, string>> | undefined
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
  /** Read balances (with prices) from the blockchain API for the networks it serves (needs a project id). Default `true`. */
  blockchainApi?: boolean | undefined
  /** Page through the wallet directory in All Wallets (needs a project id). Default `true`. */
  walletDirectory?: boolean | undefined
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
  /**
   * Sign-in with X config (`localSiwx()`, `serverSiwx({ url })` or your own). With it, connecting
   * asks the user to sign in. Mutually exclusive with `siweConfig`.
   */
  siwx?: SiwxConfig | null | undefined
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
  embeddedWallet?: { frameUrl: string; enableLogger?: boolean | undefined } | undefined
}

const httpUrl = () => z.string().check(z.refine(isHttpUrl, 'must be an http(s) URL'))

const wsUrl = () => z.string().check(z.refine(isWsUrl, 'must be a ws(s) URL'))

const tokenSchema = () =>
  z.object({
    address: z.string().check(z.minLength(1)),
    name: z.optional(z.string()),
    symbol: z.optional(z.string()),
    decimals: z.optional(z.int().check(z.minimum(0), z.maximum(255))),
    iconUrl: z.optional(z.string()),
  })

/** @internal Built on each use, not at import: nothing of it runs before the button paints unless needed. */
export const networkSchema = () =>
  z
    .looseObject({
      id: z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))]),
      caipNetworkId: z.string(),
      chainNamespace: z.enum(chainNamespaces),
      name: z.string().check(z.minLength(1)),
      nativeCurrency: z.object({
        name: z.string(),
        symbol: z.string().check(z.minLength(1)),
        decimals: z.int().check(z.minimum(0), z.maximum(255)),
      }),
      // Namespaces Portico reaches only through WalletConnect (polkadot, bip122, cosmos) need no RPC.
      rpcUrls: z.object({ default: z.object({ http: z.array(httpUrl()) }) }),
      blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: httpUrl() }) })),
      assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
      testnet: z.optional(z.boolean()),
      tokens: z.optional(z.array(tokenSchema())),
    })
    .check(
      z.superRefine((network, ctx) => {
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
          ctx.addIssue({
            code: 'custom',
            path: ['caipNetworkId'],
            message: `namespace must be ${network.chainNamespace}`,
          })
        if (parsed.reference !== String(network.id))
          ctx.addIssue({ code: 'custom', path: ['id'], message: `must match the CAIP-2 reference ${parsed.reference}` })
        if (
          (network.chainNamespace === 'eip155' || network.chainNamespace === 'solana') &&
          network.rpcUrls.default.http.length === 0
        )
          ctx.addIssue({
            code: 'custom',
            path: ['rpcUrls', 'default', 'http'],
            message: 'at least one RPC URL is required',
          })
        if (network.chainNamespace === 'eip155' && typeof network.id !== 'number')
          ctx.addIssue({ code: 'custom', path: ['id'], message: 'eip155 network ids are numbers' })
      }),
    )

const adapterSchema = () => z.custom<ChainAdapter>(isAdapter, 'must be a chain adapter such as eip155Adapter()')

const featuresSchema = () =>
  z.partial(
    z.strictObject({
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
      connectMethodsOrder: z.array(z.enum(defaultConnectMethodsOrder)),
      walletFeaturesOrder: z.array(z.enum(defaultWalletFeaturesOrder)),
    }),
  )

const storageSchema = () =>
  z.custom<StorageLike>(isStorage, 'must implement getItem, setItem and removeItem, or be null')

// One factory per option: a schema is built the first time a host passes that option, so a page
// that passes three options builds three (plus `ssr`'s default), not the ~170 zod functions of all
// of them, between navigation and the connect button's first paint.
const optionFields = {
  projectId: () => z.optional(z.string().check(z.trim())),
  networks: () => z.array(networkSchema()).check(z.minLength(1, 'at least one network is required')),
  adapters: () => z.array(adapterSchema()).check(z.minLength(1, 'at least one adapter is required')),
  defaultNetwork: () => z.optional(z.union([z.string(), z.looseObject({ caipNetworkId: z.string() })])),
  metadata: () =>
    z.optional(z.object({ name: z.string(), description: z.string(), url: httpUrl(), icons: z.array(z.string()) })),
  features: () => z.optional(featuresSchema()),
  keepLocalFeatures: () => z.optional(z.boolean()),
  remoteConfig: () => z.optional(z.boolean()),
  walletDirectory: () => z.optional(z.boolean()),
  blockchainApi: () => z.optional(z.boolean()),
  rpcMap: () => z.optional(z.record(z.string(), httpUrl())),
  transports: () =>
    z.optional(
      z.record(
        z.string(),
        z.custom<PorticoTransport>((value) => typeof value === 'function', 'must be a transport function'),
      ),
    ),
  rpcPing: () => z.optional(z.boolean()),
  connectorOrder: () => z.optional(z.array(z.enum(defaultConnectorOrder))),
  featuredWalletIds: () => z.optional(z.array(z.string())),
  includeWalletIds: () => z.optional(z.array(z.string())),
  excludeWalletIds: () => z.optional(z.array(z.string())),
  defaultAccountTypes: () =>
    z.optional(z.partialRecord(z.enum(chainNamespaces), z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']))),
  signOutOnDisconnect: () => z.optional(z.boolean()),
  allowUnsupportedChain: () => z.optional(z.boolean()),
  enableNetworkSwitch: () => z.optional(z.boolean()),
  enableInjected: () => z.optional(z.boolean()),
  siweConfig: () => z.optional(z.unknown()),
  siwx: () => z.optional(z.unknown()),
  apiUrls: () => z.optional(z.partial(z.object({ api: httpUrl(), blockchain: httpUrl(), analytics: httpUrl() }))),
  storage: () => z.optional(storageSchema()),
  // Server-render safe by default: storage is read on the client, after hydration.
  ssr: () => z._default(z.boolean(), true),
  fetch: () => z.optional(z.custom<typeof fetch>((value) => typeof value === 'function', 'must be a function')),
  sdkType: () => z.optional(z.string()),
  sdkVersion: () => z.optional(z.string()),
  walletConnect: () =>
    z.optional(
      z.union([
        z.literal(false),
        z.object({
          relayUrl: z.optional(wsUrl()),
          verifyUrl: z.optional(z.union([z.literal(false), httpUrl()])),
          storage: z.optional(
            z.custom<WalletConnectOptions['storage']>(
              isWalletConnectStorage,
              'must implement getKeys, getEntries, getItem, setItem and removeItem',
            ),
          ),
          pairingExpirySeconds: z.optional(z.number().check(z.positive(), z.maximum(3600))),
          telemetry: z.optional(z.boolean()),
          prepare: z.optional(z.boolean()),
        }),
      ]),
    ),
  // The frame URL is checked again (origin differs from the page's) when email login first loads.
  embeddedWallet: () => z.optional(z.object({ frameUrl: httpUrl(), enableLogger: z.optional(z.boolean()) })),
}

type OptionFields = { [K in keyof typeof optionFields]: ReturnType<(typeof optionFields)[K]> }
type ParsedOptions = z.output<z.ZodMiniObject<OptionFields>>
// Always checked: the two required options, and `ssr` for its default.
const alwaysChecked = ['networks', 'adapters', 'ssr'] as const

/**
 * @internal Runtime validation of {@link PorticoOptions} with zod: a zod/mini object of the options
 * the host passed (unknown keys are dropped, as a zod object does), with the same paths and
 * messages as one schema of every option. {@link parseOptions} runs it only when the plain checks
 * of {@link parseOptionsFast} refuse the options.
 *
 * @example
 * const result = zodOptionsSchema.safeParse(options)
 */
export const zodOptionsSchema = {
  safeParse(options: unknown): z.core.util.SafeParseResult<ParsedOptions> {
    const keys = new Set<keyof OptionFields>(alwaysChecked)
    if (typeof options === 'object' && options !== null)
      for (const key of Object.keys(options)) if (Object.hasOwn(optionFields, key)) keys.add(key as keyof OptionFields)
    // Built afresh for each validation and dropped after it, like every schema here: options are
    // validated once per instance, and kept schemas were ~65 KB of the heap for the page's life.
    const shape = Object.fromEntries([...keys].map((key) => [key, optionFields[key]()]))
    return z.object(shape).safeParse(options) as z.core.util.SafeParseResult<ParsedOptions>
  },
}

// The plain checks.

type Obj = Record<string, unknown>

const isPlainObject = (value: unknown): value is Obj => {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
const isString = (value: unknown): value is string => typeof value === 'string'
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
const optional =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === undefined || check(value)
const arrayOf =
  (check: (value: unknown) => boolean) =>
  (value: unknown): value is unknown[] =>
    Array.isArray(value) && value.every(check)
const oneOf =
  (values: readonly string[]) =>
  (value: unknown): boolean =>
    typeof value === 'string' && values.includes(value)
/** A plain object whose keys are all among `fields`, each passing its check (absent ones must pass `undefined`). */
const shape =
  (fields: Record<string, (value: unknown) => boolean>) =>
  (value: unknown): value is Obj =>
    isPlainObject(value) &&
    Reflect.ownKeys(value).every((key) => typeof key === 'string' && Object.hasOwn(fields, key)) &&
    Object.entries(fields).every(([key, check]) => check(value[key]))
/** A plain object of string keys (among `keys` when given) whose values pass `check`. */
const record =
  (check: (value: unknown) => boolean, keys?: readonly string[]) =>
  (value: unknown): value is Obj =>
    isPlainObject(value) &&
    Reflect.ownKeys(value).every((key) => typeof key === 'string' && (!keys || keys.includes(key)) && check(value[key]))
const isFunction = (value: unknown) => typeof value === 'function'

const isToken = shape({
  address: (value) => isString(value) && value.length > 0,
  name: optional(isString),
  symbol: optional(isString),
  decimals: optional((value) => isInt(value, 0, 255)),
  iconUrl: optional(isString),
})

function isNetwork(value: unknown): boolean {
  if (!isPlainObject(value)) return false
  const { id, caipNetworkId, chainNamespace, name, nativeCurrency, rpcUrls } = value
  if (!(isInt(id, 1, Number.MAX_SAFE_INTEGER) || (isString(id) && id.length > 0))) return false
  if (!isString(caipNetworkId) || !oneOf(chainNamespaces)(chainNamespace) || !isString(name) || !name) return false
  if (
    !isPlainObject(nativeCurrency) ||
    !isString(nativeCurrency.name) ||
    !isString(nativeCurrency.symbol) ||
    !nativeCurrency.symbol ||
    !isInt(nativeCurrency.decimals, 0, 255)
  )
    return false
  const http = isPlainObject(rpcUrls) && isPlainObject(rpcUrls.default) ? rpcUrls.default.http : undefined
  if (!arrayOf(isHttpUrl)(http)) return false
  if ((chainNamespace === 'eip155' || chainNamespace === 'solana') && http.length === 0) return false
  if (chainNamespace === 'eip155' && typeof id !== 'number') return false
  const explorer = value.blockExplorers
  if (
    explorer !== undefined &&
    !(
      isPlainObject(explorer) &&
      isPlainObject(explorer.default) &&
      isString(explorer.default.name) &&
      isHttpUrl(explorer.default.url)
    )
  )
    return false
  const assets = value.assets
  if (
    assets !== undefined &&
    !(isPlainObject(assets) && optional(isString)(assets.imageId) && optional(isString)(assets.imageUrl))
  )
    return false
  if (!optional(isBoolean)(value.testnet) || !optional(arrayOf(isToken))(value.tokens)) return false
  try {
    const parsed = parseCaipNetworkId(caipNetworkId)
    return parsed.namespace === chainNamespace && parsed.reference === String(id)
  } catch {
    return false
  }
}

const isStringArray = arrayOf(isString)
// The boolean flags are the features whose default is a boolean (the others are lists).
const featureBooleans = Object.keys(defaultFeatures).filter(
  (key) => typeof defaultFeatures[key as keyof typeof defaultFeatures] === 'boolean',
)
const isFeatures = shape({
  ...Object.fromEntries(featureBooleans.map((key) => [key, optional(isBoolean)])),
  socials: optional((value) => value === false || arrayOf(oneOf(defaultSocials))(value)),
  connectMethodsOrder: optional(arrayOf(oneOf(defaultConnectMethodsOrder))),
  walletFeaturesOrder: optional(arrayOf(oneOf(defaultWalletFeaturesOrder))),
})

/** Each option's check, at least as strict as its zod schema above. */
const checks: Record<string, (value: unknown) => boolean> = {
  projectId: optional(isString),
  networks: (value) => Array.isArray(value) && value.length > 0 && value.every(isNetwork),
  adapters: (value) => Array.isArray(value) && value.length > 0 && value.every(isAdapter),
  defaultNetwork: optional((value) => isString(value) || (isPlainObject(value) && isString(value.caipNetworkId))),
  metadata: optional(shape({ name: isString, description: isString, url: isHttpUrl, icons: isStringArray })),
  features: optional(isFeatures),
  keepLocalFeatures: optional(isBoolean),
  remoteConfig: optional(isBoolean),
  walletDirectory: optional(isBoolean),
  blockchainApi: optional(isBoolean),
  rpcMap: optional(record(isHttpUrl)),
  transports: optional(record(isFunction)),
  rpcPing: optional(isBoolean),
  connectorOrder: optional(arrayOf(oneOf(defaultConnectorOrder))),
  featuredWalletIds: optional(isStringArray),
  includeWalletIds: optional(isStringArray),
  excludeWalletIds: optional(isStringArray),
  defaultAccountTypes: optional(record(oneOf(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']), chainNamespaces)),
  signOutOnDisconnect: optional(isBoolean),
  allowUnsupportedChain: optional(isBoolean),
  enableNetworkSwitch: optional(isBoolean),
  enableInjected: optional(isBoolean),
  siweConfig: () => true,
  siwx: () => true,
  apiUrls: optional(
    shape({ api: optional(isHttpUrl), blockchain: optional(isHttpUrl), analytics: optional(isHttpUrl) }),
  ),
  storage: optional(isStorage),
  ssr: optional(isBoolean),
  fetch: optional(isFunction),
  sdkType: optional(isString),
  sdkVersion: optional(isString),
  walletConnect: optional(
    (value) =>
      value === false ||
      shape({
        relayUrl: optional(isWsUrl),
        verifyUrl: optional((url) => url === false || isHttpUrl(url)),
        storage: optional(isWalletConnectStorage),
        pairingExpirySeconds: optional((n) => typeof n === 'number' && n > 0 && n <= 3600),
        telemetry: optional(isBoolean),
        prepare: optional(isBoolean),
      })(value),
  ),
  embeddedWallet: optional(shape({ frameUrl: isHttpUrl, enableLogger: optional(isBoolean) })),
}

// What zod's output holds for each option: new objects and arrays for the shapes it parses (plain
// data, copied all the way down), the same reference for what it only tests (`z.custom`,
// `z.unknown`), and new outer objects around such references (adapters, WalletConnect's storage).
const sameReference = new Set(['siweConfig', 'siwx', 'storage', 'fetch'])
const outerCopy = new Set(['networks', 'adapters', 'defaultNetwork', 'walletConnect'])
const copy = (value: unknown, deep: boolean): unknown =>
  Array.isArray(value)
    ? value.map((item) => (deep ? copy(item, true) : item))
    : isPlainObject(value)
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deep ? copy(item, true) : item]))
      : value

/**
 * @internal The options parsed without zod when every option passes its plain check, else
 * `undefined` (then `parseOptions` runs zod, which words the issues). Same output as the schema:
 * the options it knows (unknown keys dropped), `projectId` trimmed, `ssr` defaulting to `true`.
 *
 * @example
 * const parsed = parseOptionsFast({ networks: [mainnet], adapters: [eip155Adapter()] }) // { networks, adapters, ssr: true }
 */
export function parseOptionsFast(options: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(options)) return undefined
  const out: Record<string, unknown> = {}
  for (const key of new Set(['networks', 'adapters', 'ssr', ...Object.keys(options)])) {
    const check = checks[key]
    if (!check) continue
    const value = options[key]
    if (!check(value)) return undefined
    if (value !== undefined || Object.hasOwn(options, key))
      out[key] = sameReference.has(key) ? value : copy(value, !outerCopy.has(key))
  }
  if (typeof out.projectId === 'string') out.projectId = out.projectId.trim()
  out.ssr ??= true
  return out
}

/** @internal What {@link parseOptions} gives createPortico. */
export type ValidatedOptions = {
  parsed: ParsedOptions
  /** The caller's networks (zod validated their shapes; their identity is kept). */
  networks: readonly PorticoNetwork[]
  adapters: Map<ChainNamespace, ChainAdapter>
  defaultNetwork: PorticoNetwork
}

/**
 * @internal Validates createPortico's options: the plain checks, zod's wording when they refuse,
 * then what no single option shows (an adapter per namespace, no network twice, the default among
 * the networks, a sign-in config with its methods). Throws `SiwxConflictError` or
 * `InvalidOptionsError` (every issue with its path).
 *
 * @example
 * const { parsed, networks, adapters, defaultNetwork } = parseOptions(options)
 */
export function parseOptions(options: PorticoOptions): ValidatedOptions {
  if (options && typeof options === 'object' && options.siweConfig !== undefined && options.siwx !== undefined)
    throw new SiwxConflictError()

  const fast = parseOptionsFast(options)
  const result = fast ? ({ success: true, data: fast as ParsedOptions } as const) : zodOptionsSchema.safeParse(options)
  if (!result.success) throw new InvalidOptionsError({ issues: toIssues(result.error) })
  const parsed = result.data
  // zod validated the shapes; keep the caller's objects (adapters hold closures, networks identity).
  const networks = options.networks as readonly PorticoNetwork[]
  const adapters = new Map<ChainNamespace, ChainAdapter>()
  const issues: { path: string; message: string }[] = []

  for (const [index, adapter] of options.adapters.entries()) {
    if (adapters.has(adapter.namespace))
      issues.push({ path: `adapters.${index}`, message: `a second adapter for ${adapter.namespace}` })
    adapters.set(adapter.namespace, adapter)
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

function toIssues(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: describeIssue(issue) }))
}

// zod/mini ships no locale (that is what keeps it small), so its default message is a bare
// "Invalid input"; the issue itself says what was expected.
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  const detail = issue as { expected?: unknown; minimum?: unknown; maximum?: unknown; keys?: unknown; values?: unknown }
  if (issue.code === 'invalid_type') return `expected ${String(detail.expected)}`
  if (issue.code === 'too_small') return `too small (minimum ${String(detail.minimum)})`
  if (issue.code === 'too_big') return `too big (maximum ${String(detail.maximum)})`
  if (issue.code === 'unrecognized_keys') return `unknown keys: ${(detail.keys as string[]).join(', ')}`
  if (issue.code === 'invalid_value') return `expected one of ${(detail.values as unknown[]).map(String).join(', ')}`
  return issue.code
}
