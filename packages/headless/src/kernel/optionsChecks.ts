// The plain checks of createPortico's options (`parseOptionsFast`): every page load passes valid
// options, and createPortico runs before the connect button's first paint. Building and running
// zod schemas of the options there was its largest cost: createPortico took ~44 ms at 4x CPU
// throttling with zod, ~17 ms with the plain checks (~7 and ~3 ms unthrottled).
// `createPortico.noZod.test.ts` proves valid options build no zod schema. They may be stricter than
// the schema in optionsSchema.ts (a stricter one only sends more input to zod) but never looser:
// `options.test.ts` checks on generated options that whatever passes them passes the schema with
// the same output.

import {
  defaultConnectMethodsOrder,
  defaultConnectorOrder,
  defaultFeatures,
  defaultSocials,
  defaultWalletFeaturesOrder,
  nameSuffixPattern,
} from './defaults.js'
import { chainNamespaces, parseCaipNetworkId } from './utils/caip.js'
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

/** @internal http(s), or a `data:image/` URI. */
export const isImageUrl = (value: unknown): boolean =>
  isHttpUrl(value) || (isString(value) && /^data:image\//i.test(value))

/**
 * Each option's check, at least as strict as its zod schema (optionsSchema.ts). Built for the one
 * call that uses it and dropped after: the checks run once per instance, and the ~60 closures
 * their combinators make (each with its own feedback once it has run) would otherwise stay in the
 * page's heap for its whole life.
 */
function optionChecks(): Record<string, (value: unknown) => boolean> {
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
  const isText = (max: number) => (value: unknown) => isString(value) && value.length > 0 && value.length <= max
  const isCustomWallet = shape({
    id: isText(200),
    name: isText(500),
    image_url: optional(isImageUrl),
    homepage: optional(isHttpUrl),
    mobile_link: optional(isText(2000)),
    desktop_link: optional(isText(2000)),
    webapp_link: optional(isHttpUrl),
  })
  const isNameSuffix = (value: unknown) => isString(value) && nameSuffixPattern.test(value)
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

  return {
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
    bundlerMap: optional(record((value) => value === false || value === 'hosted' || isHttpUrl(value))),
    paymasterMap: optional(record(isHttpUrl)),
    transports: optional(record(isFunction)),
    rpcPing: optional(isBoolean),
    connectorOrder: optional(arrayOf(oneOf(defaultConnectorOrder))),
    featuredWalletIds: optional(isStringArray),
    includeWalletIds: optional(isStringArray),
    excludeWalletIds: optional(isStringArray),
    customWallets: optional(arrayOf(isCustomWallet)),
    termsConditionsUrl: optional(isHttpUrl),
    privacyPolicyUrl: optional(isHttpUrl),
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
    nameSuffixes: optional((value) => Array.isArray(value) && value.length > 0 && value.every(isNameSuffix)),
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
          logLevel: optional(oneOf(['silent', 'error', 'warn', 'info', 'debug', 'trace'])),
        })(value),
    ),
    embeddedWallet: optional(shape({ frameUrl: isHttpUrl, enableLogger: optional(isBoolean) })),
  }
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
  const checks = optionChecks()
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
