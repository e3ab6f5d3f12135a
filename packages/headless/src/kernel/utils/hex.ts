// @noble/hashes' keccak alone, not ox's or viem's address modules: those import public-key
// recovery and SHA-2 too, ~8 KiB gzip of page start that checksumming an address never runs
// (see pageStart.test.ts in @portico/ui).
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex } from '@noble/hashes/utils.js'

/** A `0x`-prefixed hex string. */
export type Hex = `0x${string}`

const encoder = /* @__PURE__ */ new TextEncoder()

/**
 * @internal
 * The EIP-55 mixed-case checksum of an address given as 40 hex digits (any case, with or
 * without `0x`); the caller has checked the length and alphabet.
 *
 * @example
 * checksumHexAddress('d8da6bf26964af9d7eed9e03e53415d37aa96045')
 * // '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
 */
export function checksumHexAddress(address: string): Hex {
  const lower = address.replace(/^0x/, '').toLowerCase()
  const hash = keccak_256(encoder.encode(lower))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    // Each hex digit of the address takes the case its hash nibble says: upper when ≥ 8.
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    out += nibble >= 8 ? (lower[i] as string).toUpperCase() : lower[i]
  }
  return out as Hex
}

/**
 * @internal A non-negative safe integer as `0x` hex, without leading zeros (`1` → `0x1`), as
 * JSON-RPC quantities are written.
 *
 * @example
 * numberToHex(31337) // '0x7a69'
 */
export function numberToHex(value: number | bigint): Hex {
  return `0x${value.toString(16)}`
}

/**
 * @internal Bytes, or a string's UTF-8 bytes, as `0x` hex (what `personal_sign` takes).
 *
 * @example
 * toHex('hi') // '0x6869'
 */
export function toHex(value: string | Uint8Array): Hex {
  return `0x${bytesToHex(typeof value === 'string' ? encoder.encode(value) : value)}`
}
