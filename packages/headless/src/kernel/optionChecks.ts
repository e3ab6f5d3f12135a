/**
 * @internal Predicates over option values that the zod schema (`options.ts`, through `z.custom` and
 * `z.refine`) and the plain checks (`parseOptionsFast.ts`) share, so each rule is written once (the
 * URL checks are in `utils/url.ts`, shared with the image-source check).
 *
 * @example
 * isAdapter(eip155Adapter()) // true
 */

/** An object whose listed members are functions. */
export const hasMethods = (value: unknown, methods: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  methods.every((m) => typeof (value as Record<string, unknown>)[m] === 'function')

/** A chain adapter such as `eip155Adapter()`: a namespace and the methods Portico calls first. */
export const isAdapter = (value: unknown): boolean =>
  hasMethods(value, ['getBalance', 'watchConnectors']) &&
  typeof (value as { namespace?: unknown }).namespace === 'string'

/** The `storage` option: `null`, or a Web Storage-like object. */
export const isStorage = (value: unknown): boolean =>
  value === null || hasMethods(value, ['getItem', 'setItem', 'removeItem'])

/** WalletConnect's `storage` option: the SDK's key-value storage. */
export const isWalletConnectStorage = (value: unknown): boolean =>
  hasMethods(value, ['getKeys', 'getEntries', 'getItem', 'setItem', 'removeItem'])
