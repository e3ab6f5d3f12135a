// The one validator of createPortico's options (`checkOptions`), on the kernel's own checks
// (utils/check.ts): createPortico runs before the connect button's first paint on every page, so
// what it runs and what it imports is page start. Building zod schemas of the options there was its
// largest cost (createPortico took ~44 ms at 4x CPU throttling with zod, ~17 ms with plain checks),
// and importing zod at all put its core at page start (docs/performance.md).

import {
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultFeatures,
  defaultSocials,
  defaultWalletFeaturesOrder,
  nameSuffixPattern,
} from './defaults.js'
import { chainNamespaces, parseCaipNetworkId } from './utils/caip.js'
import * as c from './utils/check.js'
import { isSafeImageUrl } from './utils/imageUrl.js'
import { isHttpUrl, isWsUrl } from './utils/url.js'

/** An object whose listed members are functions. */
const hasMethods = (value: unknown, methods: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  methods.every((m) => typeof (value as Record<string, unknown>)[m] === 'function')

/** @internal A chain adapter such as `eip155Adapter()`: a namespace and the methods Portico calls first. */
export const isAdapter = (value: unknown): boolean =>
  hasMethods(value, ['getBalance', 'watchConnectors']) &&
  typeof (value as { namespace?: unknown }).namespace === 'string'

/** @internal The `storage` option: `null`, or a Web Storage-like object. */
export const isStorage = (value: unknown): boolean =>
  value === null || hasMethods(value, ['getItem', 'setItem', 'removeItem'])

/** @internal WalletConnect's `storage` option: the SDK's key-value storage. */
export const isWalletConnectStorage = (value: unknown): boolean =>
  hasMethods(value, ['getKeys', 'getEntries', 'getItem', 'setItem', 'removeItem'])

const httpUrl = () => c.string({ test: isHttpUrl, message: 'must be an http(s) URL' })
const text = (max: number) => c.string({ min: 1, max })
const isFunction = (value: unknown) => typeof value === 'function'

/**
 * @internal One network as the `networks` option (and `addNetwork`) takes it: its own fields
 * checked, other fields kept, and its CAIP-2 id agreeing with its namespace and id.
 */
export const networkCheck = () =>
  c.refine(
    c.object(
      {
        id: c.union<number | string>(
          [c.number({ int: true, min: 1 }), c.string({ min: 1 })],
          'expected a positive int or a string',
        ),
        caipNetworkId: c.string(),
        chainNamespace: c.oneOf(chainNamespaces),
        name: c.string({ min: 1 }),
        nativeCurrency: c.object({
          name: c.string(),
          symbol: c.string({ min: 1 }),
          decimals: c.number({ int: true, min: 0, max: 255 }),
        }),
        // Namespaces Portico reaches only through WalletConnect (polkadot, bip122, cosmos) need no RPC.
        rpcUrls: c.object({ default: c.object({ http: c.array(httpUrl()) }) }),
        blockExplorers: c.optional(c.object({ default: c.object({ name: c.string(), url: httpUrl() }) })),
        assets: c.optional(c.object({ imageId: c.optional(c.string()), imageUrl: c.optional(c.string()) })),
        testnet: c.optional(c.boolean()),
        tokens: c.optional(
          c.array(
            c.object({
              address: c.string({ min: 1 }),
              name: c.optional(c.string()),
              symbol: c.optional(c.string()),
              decimals: c.optional(c.number({ int: true, min: 0, max: 255 })),
              iconUrl: c.optional(c.string()),
            }),
          ),
        ),
      },
      'loose',
    ),
    (network, report) => {
      let parsed: { namespace: string; reference: string }
      try {
        parsed = parseCaipNetworkId(network.caipNetworkId)
      } catch (error) {
        report(
          (error as Error & { shortMessage?: string }).shortMessage ?? 'Invalid CAIP-2 network id',
          'caipNetworkId',
        )
        return
      }
      if (parsed.namespace !== network.chainNamespace)
        report(`namespace must be ${network.chainNamespace}`, 'caipNetworkId')
      if (parsed.reference !== String(network.id)) report(`must match the CAIP-2 reference ${parsed.reference}`, 'id')
      if (
        (network.chainNamespace === 'eip155' || network.chainNamespace === 'solana') &&
        network.rpcUrls.default.http.length === 0
      )
        report('at least one RPC URL is required', 'rpcUrls', 'default', 'http')
      if (network.chainNamespace === 'eip155' && typeof network.id !== 'number')
        report('eip155 network ids are numbers', 'id')
    },
  )

// The boolean flags are the features whose default is a boolean (the others are lists).
const featureBooleans = () =>
  Object.keys(defaultFeatures).filter(
    (key) => typeof defaultFeatures[key as keyof typeof defaultFeatures] === 'boolean',
  )

/**
 * Each option's check. Built for the one call that uses it and dropped after: options are checked
 * once per instance, and the checks' closures would otherwise stay in the page's heap for its life.
 */
function optionChecks() {
  return {
    projectId: c.optional(c.string({ trim: true })),
    networks: c.array(networkCheck(), { min: 1, message: 'at least one network is required' }),
    adapters: c.array(c.custom(isAdapter, 'must be a chain adapter such as eip155Adapter()'), {
      min: 1,
      message: 'at least one adapter is required',
    }),
    defaultNetwork: c.optional(
      c.union<unknown>(
        [c.string(), c.object({ caipNetworkId: c.string() }, 'loose')],
        'expected a network or its CAIP-2 id',
      ),
    ),
    metadata: c.optional(
      c.object({ name: c.string(), description: c.string(), url: httpUrl(), icons: c.array(c.string()) }),
    ),
    features: c.optional(
      c.object(
        {
          ...Object.fromEntries(featureBooleans().map((key) => [key, c.optional(c.boolean())])),
          socials: c.optional(
            c.union<unknown>(
              [c.oneOf([false]), c.array(c.oneOf(defaultSocials))],
              'expected false or a list of socials',
            ),
          ),
          connectMethodsOrder: c.optional(c.array(c.oneOf(defaultConnectMethodsOrder))),
          walletFeaturesOrder: c.optional(c.array(c.oneOf(defaultWalletFeaturesOrder))),
        },
        'strict',
      ),
    ),
    keepLocalFeatures: c.optional(c.boolean()),
    remoteConfig: c.optional(c.boolean()),
    walletDirectory: c.optional(c.boolean()),
    blockchainApi: c.optional(c.boolean()),
    rpcMap: c.optional(c.record(httpUrl())),
    bundlerMap: c.optional(
      c.record(c.union<unknown>([c.oneOf([false, 'hosted']), httpUrl()], "must be false, 'hosted' or an http(s) URL")),
    ),
    paymasterMap: c.optional(c.record(httpUrl())),
    transports: c.optional(c.record(c.custom(isFunction, 'must be a transport function'))),
    rpcPing: c.optional(c.boolean()),
    connectorOrder: c.optional(c.array(c.oneOf(defaultConnectorOrder))),
    featuredWalletIds: c.optional(c.array(c.string())),
    includeWalletIds: c.optional(c.array(c.string())),
    excludeWalletIds: c.optional(c.array(c.string())),
    customWallets: c.optional(
      c.array(
        c.object(
          {
            id: text(200),
            name: text(500),
            // A custom wallet's icon is held to the kit's one image rule (imageUrl.ts), so an icon
            // the options accept is never one the kit then silently leaves out.
            image_url: c.optional(
              c.string({
                test: isSafeImageUrl,
                message: 'must be an http(s) URL or a data:image/(png|jpe?g|gif|webp|svg+xml|avif) URI',
              }),
            ),
            homepage: c.optional(httpUrl()),
            mobile_link: c.optional(text(2000)),
            desktop_link: c.optional(text(2000)),
            webapp_link: c.optional(httpUrl()),
          },
          'strict',
        ),
      ),
    ),
    termsConditionsUrl: c.optional(httpUrl()),
    privacyPolicyUrl: c.optional(httpUrl()),
    defaultAccountTypes: c.optional(
      c.record(c.oneOf(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']), chainNamespaces),
    ),
    signOutOnDisconnect: c.optional(c.boolean()),
    allowUnsupportedChain: c.optional(c.boolean()),
    enableNetworkSwitch: c.optional(c.boolean()),
    enableInjected: c.optional(c.boolean()),
    siweConfig: c.unknown(),
    siwx: c.unknown(),
    apiUrls: c.optional(
      c.object({ api: c.optional(httpUrl()), blockchain: c.optional(httpUrl()), analytics: c.optional(httpUrl()) }),
    ),
    nameSuffixes: c.optional(
      c.array(c.string({ pattern: nameSuffixPattern, message: 'must be a dot and labels, e.g. .reown.id' }), {
        min: 1,
        message: 'at least one suffix is required',
      }),
    ),
    storage: c.optional(c.custom(isStorage, 'must implement getItem, setItem and removeItem, or be null')),
    // Server-render safe by default: storage is read on the client, after hydration.
    ssr: c.withDefault(c.boolean(), true),
    fetch: c.optional(c.custom(isFunction, 'must be a function')),
    sdkType: c.optional(c.string()),
    sdkVersion: c.optional(c.string()),
    walletConnect: c.optional(
      c.union<unknown>(
        [
          c.oneOf([false]),
          c.object({
            relayUrl: c.optional(c.string({ test: isWsUrl, message: 'must be a ws(s) URL' })),
            verifyUrl: c.optional(c.union<unknown>([c.oneOf([false]), httpUrl()], 'must be false or an http(s) URL')),
            storage: c.optional(
              c.custom(isWalletConnectStorage, 'must implement getKeys, getEntries, getItem, setItem and removeItem'),
            ),
            pairingExpirySeconds: c.optional(
              c.refine(c.number({ max: 3600 }), (n, report) => {
                if (n <= 0) report('too small (must be positive)')
              }),
            ),
            telemetry: c.optional(c.boolean()),
            prepare: c.optional(c.boolean()),
            logLevel: c.optional(c.oneOf(['silent', 'error', 'warn', 'info', 'debug', 'trace'])),
          }),
        ],
        'must be false or WalletConnect options',
      ),
    ),
    // The frame URL is checked again (origin differs from the page's) when email login first loads.
    embeddedWallet: c.optional(c.object({ frameUrl: httpUrl(), enableLogger: c.optional(c.boolean()) })),
  }
}

/**
 * @internal Checks each option the host passed (and the two required ones, and `ssr` for its
 * default): the parsed options (the ones it knows, others dropped; plain data copied; `projectId`
 * trimmed; `ssr` defaulting to `true`), or every issue with its path. options.ts types the output.
 *
 * @example
 * const result = checkOptions({ networks: [mainnet], adapters: [eip155Adapter()] }) // { success: true, data: { networks, adapters, ssr: true } }
 */
export function checkOptions(options: unknown): c.SafeParseResult<Record<string, unknown>> {
  const checks: Record<string, c.Check<unknown>> = optionChecks()
  const keys = new Set(['networks', 'adapters', 'ssr'])
  if (typeof options === 'object' && options !== null) for (const key of Object.keys(options)) keys.add(key)
  return c
    .object(Object.fromEntries([...keys].filter((key) => Object.hasOwn(checks, key)).map((key) => [key, checks[key]!])))
    .safeParse(options)
}
