import {
  InvalidCaip10AddressError,
  type InvalidCaip10AddressErrorType,
  InvalidCaipAddressError,
  type InvalidCaipAddressErrorType,
  InvalidCaipNetworkIdError,
  type InvalidCaipNetworkIdErrorType,
} from '../errors/validation.js'
import { isCaip10AccountAddress, isEvmAddress, isSolanaAddress } from './address.js'
import { type ChainNamespace, chainNamespaces } from './namespace.js'

export { type ChainNamespace, chainNamespaces }

/** A CAIP-2 chain id, `namespace:reference` (e.g. `eip155:1`). */
export type CaipNetworkId = `${string}:${string}`

/** A CAIP-10 account id, `namespace:reference:address` (e.g. `eip155:1:0xab…`). */
export type CaipAddress = `${string}:${string}:${string}`

// Grammar from CAIP-2 / CAIP-10.
const namespaceRegex = /^[-a-z0-9]{3,8}$/
const referenceRegex = /^[-_a-zA-Z0-9]{1,32}$/
// EIP-155 chain ids are positive decimal integers; leading zeros would make two ids for one chain.
const eip155ReferenceRegex = /^[1-9][0-9]*$/

/**
 * Checks whether `value` is one of the {@link chainNamespaces}. Never throws.
 *
 * @example
 * isChainNamespace('solana') // true
 * isChainNamespace('tron') // false
 */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (chainNamespaces as readonly string[]).includes(value)
}

export type ParseCaipNetworkIdReturnType = {
  /** CAIP-2 namespace, e.g. `eip155`. Any well-formed namespace, not only {@link ChainNamespace}. */
  namespace: string
  /** CAIP-2 reference, e.g. `1` or a Solana genesis-hash prefix. */
  reference: string
}
export type ParseCaipNetworkIdErrorType = InvalidCaipNetworkIdErrorType

/**
 * Splits a CAIP-2 chain id into namespace and reference. Throws `InvalidCaipNetworkIdError`
 * ('Invalid CAIP-2 network id') unless the input is a string of exactly two colon-separated
 * parts, the namespace matches `[-a-z0-9]{3,8}` and the reference `[-_a-zA-Z0-9]{1,32}`.
 * For `eip155` the reference must also be a positive decimal chain id without leading zeros.
 *
 * @example
 * parseCaipNetworkId('eip155:1') // { namespace: 'eip155', reference: '1' }
 * parseCaipNetworkId('eip155') // throws InvalidCaipNetworkIdError
 */
export function parseCaipNetworkId(value: unknown): ParseCaipNetworkIdReturnType {
  if (typeof value !== 'string') throw new InvalidCaipNetworkIdError({ value, reason: 'expected a string' })
  const parts = value.split(':')
  if (parts.length !== 2) throw new InvalidCaipNetworkIdError({ value })
  const [namespace = '', reference = ''] = parts
  const reason = networkIdProblem(namespace, reference)
  if (reason) throw new InvalidCaipNetworkIdError({ value, reason })
  return { namespace, reference }
}

export type BuildCaipNetworkIdReturnType<
  namespace extends string = string,
  reference extends string | number = string | number,
> = `${namespace}:${reference}`
export type BuildCaipNetworkIdErrorType = InvalidCaipNetworkIdErrorType

/**
 * Joins a namespace and reference into a CAIP-2 chain id, validating the result like
 * {@link parseCaipNetworkId} (throws `InvalidCaipNetworkIdError`). A numeric reference is
 * stringified, which suits EVM chain ids.
 *
 * @example
 * buildCaipNetworkId('eip155', 1) // 'eip155:1'
 * buildCaipNetworkId('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
 */
export function buildCaipNetworkId<const namespace extends string, const reference extends string | number>(
  namespace: namespace,
  reference: reference,
): BuildCaipNetworkIdReturnType<namespace, reference> {
  const id = `${namespace}:${reference}` as const
  const reason =
    typeof namespace !== 'string' || (typeof reference !== 'string' && typeof reference !== 'number')
      ? 'expected a string namespace and a string or number reference'
      : networkIdProblem(namespace, String(reference))
  if (reason) throw new InvalidCaipNetworkIdError({ value: id, reason })
  return id
}

/**
 * Checks whether `value` is a valid CAIP-2 chain id (same rules as {@link parseCaipNetworkId}).
 * Never throws.
 *
 * @example
 * isCaipNetworkId('eip155:137') // true
 * isCaipNetworkId('eip155:0x89') // false (eip155 references are decimal)
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 2 && networkIdProblem(parts[0] ?? '', parts[1] ?? '') === undefined
}

export type ParseCaipAddressOptions = {
  /**
   * Also validate the address part against its namespace's own format:
   * - `eip155`: `0x` followed by 40 hex characters, with a valid EIP-55 checksum when mixed-case;
   * - `solana`: base58 that decodes to 32 bytes.
   *
   * Other namespaces only get the CAIP-10 grammar either way. Without `strict`, any address
   * matching the CAIP-10 grammar (`[-.%a-zA-Z0-9]{1,128}`) is accepted, which tolerates fixtures
   * and wallets that send unusual but well-formed ids.
   * @default false
   */
  strict?: boolean | undefined
}

export type ParseCaipAddressReturnType = ParseCaipNetworkIdReturnType & {
  /** The account address, exactly as written in the CAIP-10 id (no case normalisation). */
  address: string
  /** The `namespace:reference` prefix. */
  caipNetworkId: CaipNetworkId
}
export type ParseCaipAddressErrorType = InvalidCaipAddressErrorType | InvalidCaip10AddressErrorType

/**
 * Splits a CAIP-10 account id into its parts.
 *
 * Throws `InvalidCaipAddressError` ('Invalid CAIP Address') when the input is not a string of
 * exactly three colon-separated parts, and `InvalidCaip10AddressError` ('Invalid CAIP-10
 * address') when it has three parts but the namespace, reference (including the decimal rule
 * for `eip155`) or address is malformed. See {@link ParseCaipAddressOptions.strict} for
 * namespace-specific address checks.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * // { namespace: 'eip155', reference: '1', address: '0xab16…fcdb', caipNetworkId: 'eip155:1' }
 * parseCaipAddress('eip155:1:0x123', { strict: true }) // throws InvalidCaip10AddressError
 */
export function parseCaipAddress(value: unknown, options: ParseCaipAddressOptions = {}): ParseCaipAddressReturnType {
  if (typeof value !== 'string') throw new InvalidCaipAddressError({ value })
  const parts = value.split(':')
  if (parts.length !== 3) throw new InvalidCaipAddressError({ value })
  const [namespace = '', reference = '', address = ''] = parts
  const reason = networkIdProblem(namespace, reference) ?? addressProblem(namespace, address, options.strict ?? false)
  if (reason) throw new InvalidCaip10AddressError({ value, reason })
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

export type BuildCaipAddressReturnType<
  caipNetworkId extends string = CaipNetworkId,
  address extends string = string,
> = `${caipNetworkId}:${address}`
export type BuildCaipAddressErrorType = ParseCaipAddressErrorType

/**
 * Joins a CAIP-2 chain id and an address into a CAIP-10 account id. The result is validated
 * with {@link parseCaipAddress} and the same `options`, so an invalid chain id or address
 * throws the same typed errors.
 *
 * @example
 * buildCaipAddress('eip155:1', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * // 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
 */
export function buildCaipAddress<const caipNetworkId extends CaipNetworkId, const address extends string>(
  caipNetworkId: caipNetworkId,
  address: address,
  options: ParseCaipAddressOptions = {},
): BuildCaipAddressReturnType<caipNetworkId, address> {
  const value = `${caipNetworkId}:${address}` as const
  if (typeof caipNetworkId !== 'string' || typeof address !== 'string') throw new InvalidCaipAddressError({ value })
  parseCaipAddress(value, options)
  return value
}

/**
 * Checks whether `value` is a valid CAIP-10 account id (same rules and options as
 * {@link parseCaipAddress}). Never throws.
 *
 * @example
 * isCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112') // true
 * isCaipAddress('eip155:1') // false
 */
export function isCaipAddress(value: unknown, options: ParseCaipAddressOptions = {}): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  if (parts.length !== 3) return false
  const [namespace = '', reference = '', address = ''] = parts
  return (
    (networkIdProblem(namespace, reference) ?? addressProblem(namespace, address, options.strict ?? false)) ===
    undefined
  )
}

/** @internal Why `namespace:reference` is not a valid CAIP-2 id, or `undefined` when it is. */
function networkIdProblem(namespace: string, reference: string): string | undefined {
  if (!namespaceRegex.test(namespace)) return 'namespace must match [-a-z0-9]{3,8}'
  if (!referenceRegex.test(reference)) return 'reference must match [-_a-zA-Z0-9]{1,32}'
  if (namespace === 'eip155' && !eip155ReferenceRegex.test(reference))
    return 'eip155 reference must be a decimal chain id'
  return undefined
}

/** @internal Why `address` is not valid for `namespace`, or `undefined` when it is. */
function addressProblem(namespace: string, address: string, strict: boolean): string | undefined {
  if (!isCaip10AccountAddress(address)) return 'address must match [-.%a-zA-Z0-9]{1,128}'
  if (!strict) return undefined
  // CAIP-10 for eip155 writes the 0x prefix, unlike the bare-hex form `isEvmAddress` also allows.
  if (namespace === 'eip155' && !(address.startsWith('0x') && isEvmAddress(address, { strict: true })))
    return 'address is not a valid EVM address'
  if (namespace === 'solana' && !isSolanaAddress(address)) return 'address is not a valid Solana address'
  return undefined
}
