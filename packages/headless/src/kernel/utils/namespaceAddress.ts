import { blake2b } from '@noble/hashes/blake2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base58, bech32, bech32m, createBase58check } from '@scure/base'

const base58check = /* @__PURE__ */ createBase58check(sha256)
const ss58Prefix = new TextEncoder().encode('SS58PRE')

/**
 * Whether `address` is a Cosmos SDK bech32 address: a lowercase human-readable part (`cosmos`,
 * `osmo`…; `hrp` to require one), a valid bech32 checksum and a 20-byte (account) or 32-byte
 * (module/contract) payload.
 *
 * @example
 * isCosmosAddress('cosmos146hdf239nsk96408ejk3xql5mcqrdx3x9zve65') // true
 */
export function isCosmosAddress(address: string, hrp?: string): boolean {
  if (typeof address !== 'string' || address !== address.toLowerCase()) return false
  const decoded = bech32.decodeUnsafe(address, 90)
  if (!decoded || !/^[a-z]+$/.test(decoded.prefix) || (hrp !== undefined && decoded.prefix !== hrp)) return false
  const bytes = bech32.fromWordsUnsafe(decoded.words)
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32)
}

/**
 * Whether `address` is an SS58 (Substrate/Polkadot) address: base58, a one- or two-byte network
 * prefix, a 32-byte key (33 for ecdsa) and the two-byte blake2b-512 checksum over
 * `'SS58PRE' ‖ prefix ‖ key`.
 *
 * @example
 * isSs58Address('5CWgaQBxyvxv9rmgnWCs1Dbhjx8LcjnPFdVgMtnoNB3hoZ7K') // true
 */
export function isSs58Address(address: string): boolean {
  if (typeof address !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{40,52}$/.test(address)) return false
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return false
  }
  const first = bytes[0] ?? 255
  // Prefixes 0..63 take one byte, 64..16383 two (first byte 64..127); 128+ is reserved.
  const prefixLength = first < 64 ? 1 : first < 128 ? 2 : 0
  const keyLength = bytes.length - prefixLength - 2
  if (!prefixLength || (keyLength !== 32 && keyLength !== 33)) return false
  const body = bytes.subarray(0, bytes.length - 2)
  const checksum = blake2b(new Uint8Array([...ss58Prefix, ...body]), { dkLen: 64 })
  return checksum[0] === bytes[bytes.length - 2] && checksum[1] === bytes[bytes.length - 1]
}

const segwitPrefixes = ['bc', 'tb', 'bcrt']
// P2PKH and P2SH version bytes: mainnet 0x00/0x05, testnet/signet/regtest 0x6f/0xc4.
const base58Versions = [0x00, 0x05, 0x6f, 0xc4]

/**
 * Whether `address` is a Bitcoin address: segwit v0 in bech32 (20- or 32-byte program), v1+
 * (taproot…) in bech32m, or a base58check P2PKH/P2SH address, on mainnet, testnet/signet or
 * regtest.
 *
 * @example
 * isBitcoinAddress('bcrt1qhk8u0y6wnmhr6gacvvp9w4r3mpl9c36wlm0e29') // true
 */
export function isBitcoinAddress(address: string): boolean {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) return false
  const lower = address.toLowerCase()
  if (segwitPrefixes.some((p) => lower.startsWith(`${p}1`))) {
    // Mixed case is invalid in bech32; all-uppercase is valid (QR codes).
    if (address !== lower && address !== address.toUpperCase()) return false
    return isSegwit(lower)
  }
  try {
    const payload = base58check.decode(address)
    return payload.length === 21 && base58Versions.includes(payload[0] ?? -1)
  } catch {
    return false
  }
}

function isSegwit(address: string): boolean {
  const v0 = bech32.decodeUnsafe(address, 90)
  const decoded = v0 ?? bech32m.decodeUnsafe(address, 90)
  if (!decoded || !segwitPrefixes.includes(decoded.prefix)) return false
  const [version, ...rest] = decoded.words
  if (version === undefined || version > 16) return false
  // BIP-350: version 0 must use bech32, versions 1..16 bech32m.
  if ((version === 0) !== (v0 !== undefined)) return false
  const program = bech32.fromWordsUnsafe(rest)
  if (!program || program.length < 2 || program.length > 40) return false
  return version !== 0 || program.length === 20 || program.length === 32
}
