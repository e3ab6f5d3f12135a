// The zod schema createPortico's options had before the kernel's own checks replaced it
// (kernel/optionsChecks.ts): kept for the tests only, as the reference the one validator must agree
// with (same verdict, same output, same issue paths). Never imported by the product.

import * as z from 'zod/mini'
import {
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultSocials,
  defaultWalletFeaturesOrder,
  nameSuffixPattern,
} from '../kernel/defaults.js'
import { isAdapter, isStorage, isWalletConnectStorage } from '../kernel/optionsChecks.js'
import type { ChainAdapter } from '../kernel/portico.js'
import type { PorticoTransport } from '../kernel/rpc/types.js'
import type { StorageLike } from '../kernel/state/storage.js'
import { chainNamespaces, parseCaipNetworkId } from '../kernel/utils/caip.js'
import { isSafeImageUrl } from '../kernel/utils/imageUrl.js'
import { isHttpUrl, isWsUrl } from '../kernel/utils/url.js'
import type { WalletConnectOptions } from '../kernel/walletConnectOptions.js'

// zod's record drops a `"__proto__"` key without a word; the kernel's record refuses it (utils/check.ts),
// and the reference with it.
const hasProtoKey = (value: unknown) => typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__')
const record = <V extends z.core.SomeType>(value: V) =>
  z.pipe(
    z.unknown().check(z.refine((input) => !hasProtoKey(input), 'not a key: __proto__')),
    z.record(z.string(), value),
  )

const httpUrl = () => z.string().check(z.refine(isHttpUrl, 'must be an http(s) URL'))

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))

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

/**
 * The reference: one zod/mini object of every option (unknown keys dropped, as a zod object does),
 * built once. The product built a schema of only the options passed, afresh for each validation
 * (its heap mattered there); the paths, messages and output are the same, and one kept schema makes
 * the property tests' thousands of validations about ten times cheaper.
 *
 * @example
 * const result = zodOptionsSchema.safeParse(options)
 */
export const zodOptionsSchema = z.object({
  projectId: z.optional(z.string().check(z.trim())),
  networks: z.array(networkSchema()).check(z.minLength(1, 'at least one network is required')),
  adapters: z.array(adapterSchema()).check(z.minLength(1, 'at least one adapter is required')),
  defaultNetwork: z.optional(z.union([z.string(), z.looseObject({ caipNetworkId: z.string() })])),
  metadata: z.optional(
    z.object({ name: z.string(), description: z.string(), url: httpUrl(), icons: z.array(z.string()) }),
  ),
  features: z.optional(featuresSchema()),
  keepLocalFeatures: z.optional(z.boolean()),
  remoteConfig: z.optional(z.boolean()),
  walletDirectory: z.optional(z.boolean()),
  blockchainApi: z.optional(z.boolean()),
  rpcMap: z.optional(record(httpUrl())),
  bundlerMap: z.optional(record(z.union([z.literal(false), z.literal('hosted'), httpUrl()]))),
  paymasterMap: z.optional(record(httpUrl())),
  transports: z.optional(
    record(z.custom<PorticoTransport>((value) => typeof value === 'function', 'must be a transport function')),
  ),
  rpcPing: z.optional(z.boolean()),
  connectorOrder: z.optional(z.array(z.enum(defaultConnectorOrder))),
  featuredWalletIds: z.optional(z.array(z.string())),
  includeWalletIds: z.optional(z.array(z.string())),
  excludeWalletIds: z.optional(z.array(z.string())),
  customWallets: z.optional(
    z.array(
      z.strictObject({
        id: text(200),
        name: text(500),
        image_url: z.optional(z.string().check(z.refine(isSafeImageUrl, 'must be an http(s) URL or a data:image URI'))),
        homepage: z.optional(httpUrl()),
        mobile_link: z.optional(text(2000)),
        desktop_link: z.optional(text(2000)),
        webapp_link: z.optional(httpUrl()),
      }),
    ),
  ),
  termsConditionsUrl: z.optional(httpUrl()),
  privacyPolicyUrl: z.optional(httpUrl()),
  defaultAccountTypes: z.optional(
    z.partialRecord(z.enum(chainNamespaces), z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])),
  ),
  signOutOnDisconnect: z.optional(z.boolean()),
  allowUnsupportedChain: z.optional(z.boolean()),
  enableNetworkSwitch: z.optional(z.boolean()),
  enableInjected: z.optional(z.boolean()),
  siweConfig: z.optional(z.unknown()),
  siwx: z.optional(z.unknown()),
  apiUrls: z.optional(z.partial(z.object({ api: httpUrl(), blockchain: httpUrl(), analytics: httpUrl() }))),
  nameSuffixes: z.optional(
    z
      .array(z.string().check(z.regex(nameSuffixPattern, 'must be a dot and labels, e.g. .reown.id')))
      .check(z.minLength(1, 'at least one suffix is required')),
  ),
  storage: z.optional(storageSchema()),
  // Server-render safe by default: storage is read on the client, after hydration.
  ssr: z._default(z.boolean(), true),
  fetch: z.optional(z.custom<typeof fetch>((value) => typeof value === 'function', 'must be a function')),
  sdkType: z.optional(z.string()),
  sdkVersion: z.optional(z.string()),
  walletConnect: z.optional(
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
        logLevel: z.optional(z.enum(['silent', 'error', 'warn', 'info', 'debug', 'trace'])),
      }),
    ]),
  ),
  // The frame URL is checked again (origin differs from the page's) when email login first loads.
  embeddedWallet: z.optional(z.object({ frameUrl: httpUrl(), enableLogger: z.optional(z.boolean()) })),
})
