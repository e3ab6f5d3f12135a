import type { Address as SolanaAddress } from '@solana/kit'
import type { Address as EvmAddress } from 'viem'
import { InvalidAddressError, type InvalidAddressErrorType } from '../errors/validation.js'
import { checksumHexAddress } from './hex.js'
import type { ChainNamespace } from './namespace.js'

const evmAddressRegex = /^(?:0x)?([0-9a-fA-F]{40})$/
/** The CAIP-10 `account_address` grammar; used where we know no stricter, namespace-specific rule. */
const caip10AccountAddressRegex = /^[-.%a-zA-Z0-9]{1,128}$/

export type IsEvmAddressOptions = {
  /**
   * Verify the EIP-55 checksum when the address is mixed-case. All-lowercase and all-uppercase
   * addresses carry no checksum and are always accepted.
   * @default true
   */
  strict?: boolean | undefined
}

/**
 * Checks whether `value` is an EVM address: 40 hex characters with an optional `0x` prefix
 * (20 bytes). With `strict` (the default) a mixed-case address must also match its EIP-55
 * checksum. Never throws, whatever the input.
 *
 * @example
 * isEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // true
 * isEvmAddress('d8da6bf26964af9d7eed9e03e53415d37aa96045') // true (prefix is optional)
 * isEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046') // false (bad checksum)
 * isEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046', { strict: false }) // true
 */
export function isEvmAddress(value: unknown, options: IsEvmAddressOptions = {}): value is string {
  const { strict = true } = options
  if (typeof value !== 'string') return false
  const hex = evmAddressRegex.exec(value)?.[1]
  if (hex === undefined) return false
  if (!strict) return true
  const lower = hex.toLowerCase()
  if (hex === lower || hex === hex.toUpperCase()) return true
  return checksumHexAddress(lower).slice(2) === hex
}

export type AssertEvmAddressErrorType = InvalidAddressErrorType

/**
 * Throws `InvalidAddressError` ('Address is invalid') unless `value` passes {@link isEvmAddress}.
 *
 * @example
 * assertEvmAddress(input) // input is now typed as string
 * assertEvmAddress('0x123') // throws InvalidAddressError
 */
export function assertEvmAddress(value: unknown, options: IsEvmAddressOptions = {}): asserts value is string {
  if (!isEvmAddress(value, options)) throw new InvalidAddressError({ address: value, namespace: 'eip155' })
}

export type ToChecksumEvmAddressReturnType = EvmAddress
export type ToChecksumEvmAddressErrorType = InvalidAddressErrorType

/**
 * Normalises an EVM address to its `0x`-prefixed EIP-55 checksummed form. Throws
 * `InvalidAddressError` ('Address is invalid') when the input is not 20 bytes of hex or is
 * mixed-case with a wrong checksum (a typo we must not silently "fix").
 *
 * @example
 * toChecksumEvmAddress('d8da6bf26964af9d7eed9e03e53415d37aa96045')
 * // '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
 */
export function toChecksumEvmAddress(value: unknown): ToChecksumEvmAddressReturnType {
  assertEvmAddress(value, { strict: true })
  const hex = value.startsWith('0x') ? value.slice(2) : value
  return checksumHexAddress(hex)
}

/**
 * Checks whether `value` is a Solana address: a base58 string of 32 to 44 characters that
 * decodes to exactly 32 bytes. Never throws, whatever the input.
 *
 * @example
 * isSolanaAddress('So11111111111111111111111111111111111111112') // true
 * isSolanaAddress('0OIl') // false (not base58)
 */
export function isSolanaAddress(value: unknown): value is SolanaAddress {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false
  return base58ByteLength(value) === 32
}

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * How many bytes a base58 string decodes to, or -1 when it is not base58. Leading '1's are zero
 * bytes; the rest is one big number. A few lines of our own rather than a codec library: this
 * module is on every page's start (esbuild splits by file, so a lazy view calling
 * isSolanaAddress brings whatever it imports there); property-tested against @solana/kit.
 */
function base58ByteLength(text: string): number {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  let value = 0n
  for (let i = zeros; i < text.length; i++) {
    const digit = base58Alphabet.indexOf(text[i] as string)
    if (digit === -1) return -1
    value = value * 58n + BigInt(digit)
  }
  return zeros + (value === 0n ? 0 : Math.ceil(value.toString(16).length / 2))
}

export type AssertSolanaAddressErrorType = InvalidAddressErrorType

/**
 * Throws `InvalidAddressError` ('Address is invalid') unless `value` passes {@link isSolanaAddress}.
 *
 * @example
 * assertSolanaAddress(input) // input is now typed as a Solana `Address`
 */
export function assertSolanaAddress(value: unknown): asserts value is SolanaAddress {
  if (!isSolanaAddress(value)) throw new InvalidAddressError({ address: value, namespace: 'solana' })
}

/**
 * Checks whether `value` is an address of the given chain namespace. Never throws.
 *
 * - `eip155`: {@link isEvmAddress} with the checksum enforced (optional `0x` prefix).
 * - `solana`: {@link isSolanaAddress}.
 * - `polkadot`, `bip122`, `cosmos`: only the permissive CAIP-10 `account_address` grammar
 *   (`[-.%a-zA-Z0-9]{1,128}`) is checked here, so a `true` means "well-formed", not "valid". Their
 *   checksums (SS58, bech32, base58check) are checked by `isSs58Address`, `isBitcoinAddress` and
 *   `isCosmosAddress`, which those namespaces' connectors use: kept apart so their hashing never
 *   reaches the page start of an EVM-only host.
 * - any other namespace: `false`.
 *
 * @example
 * isAddressForNamespace('eip155', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // true
 * isAddressForNamespace('solana', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // false
 * isAddressForNamespace('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true (grammar only)
 */
export function isAddressForNamespace(namespace: ChainNamespace, value: unknown): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(value)
    case 'solana':
      return isSolanaAddress(value)
    case 'polkadot':
    case 'bip122':
    case 'cosmos':
      return isCaip10AccountAddress(value)
    default:
      return false
  }
}

/**
 * Checks `value` against the CAIP-10 `account_address` grammar (`[-.%a-zA-Z0-9]{1,128}`),
 * with no namespace-specific rules. Never throws.
 *
 * @example
 * isCaip10AccountAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // true
 * isCaip10AccountAddress('has space') // false
 */
export function isCaip10AccountAddress(value: unknown): value is string {
  return typeof value === 'string' && caip10AccountAddressRegex.test(value)
}

/**
 * @internal
 * An address as one account's key (the stored caches, the sign-in flow's last sign-ins): an EVM
 * address in any case is one account, so it is lower-cased; every other namespace's addresses
 * (Solana's base58, Bitcoin's base58check) are case-sensitive and kept as they are.
 *
 * @example
 * accountKey('0xAb16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'
 * accountKey('FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ') // unchanged
 */
export function accountKey(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address
}
