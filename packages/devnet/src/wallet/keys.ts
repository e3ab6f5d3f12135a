/**
 * Key derivation and address encoding for the devnet wallet. Isomorphic (no Node imports).
 * `accounts.ts` holds the precomputed results; `keys.test.ts` re-derives them with these.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base58, bech32, hex } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import {
  bip122Accounts,
  bip122CaipNetworkId,
  cosmosAccounts,
  cosmosCaipNetworkId,
  evmAccounts,
  evmCaipNetworkId,
  polkadotAccounts,
  polkadotCaipNetworkId,
  solanaAccounts,
  solanaCaipNetworkId,
} from '../accounts.js'

/** The five WalletConnect namespaces the devnet wallet serves. */
export type DevnetNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'

/**
 * Every namespace the devnet wallet serves, in a stable order.
 *
 * @example
 * ```ts
 * for (const ns of devnetNamespaces) console.log(ns, wallet.accounts[ns].address)
 * ```
 */
export const devnetNamespaces: readonly DevnetNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']

const utf8 = new TextEncoder()

/** `sha256(label + index)`: how the non-EVM devnet secrets are made. */
export function deriveDevnetSecret(label: 'solana' | 'polkadot' | 'bip122' | 'cosmos', index: number): Uint8Array {
  return sha256(utf8.encode(`portico-devnet-${label}-${index}`))
}

/**
 * SS58 address of a 32-byte public key (simple one-byte prefixes, 0..63).
 *
 * @example
 * ```ts
 * ss58Encode(publicKey) // '5…' with the generic Substrate prefix 42
 * ```
 */
export function ss58Encode(publicKey: Uint8Array, prefix = 42): string {
  if (prefix < 0 || prefix > 63) throw new Error('only one-byte SS58 prefixes (0..63) are supported')
  const body = new Uint8Array([prefix, ...publicKey])
  const checksum = blake2b(new Uint8Array([...utf8.encode('SS58PRE'), ...body]), { dkLen: 64 }).subarray(0, 2)
  return base58.encode(new Uint8Array([...body, ...checksum]))
}

/** hash160 = ripemd160(sha256(bytes)). */
export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes))
}

/**
 * Segwit v0 P2WPKH address (bech32) of a compressed secp256k1 public key; `hrp` 'bcrt' = regtest.
 *
 * @example
 * ```ts
 * p2wpkhAddress(compressedPublicKey) // 'bcrt1q…'
 * ```
 */
export function p2wpkhAddress(compressedPublicKey: Uint8Array, hrp = 'bcrt'): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(hash160(compressedPublicKey))])
}

/**
 * Cosmos SDK address: bech32 of ripemd160(sha256(compressed secp256k1 public key)).
 *
 * @example
 * ```ts
 * cosmosAddress(compressedPublicKey) // 'cosmos1…'
 * ```
 */
export function cosmosAddress(compressedPublicKey: Uint8Array, hrp = 'cosmos'): string {
  return bech32.encode(hrp, bech32.toWords(hash160(compressedPublicKey)))
}

/**
 * The keys of one devnet wallet account (same index in every namespace). Secrets are raw bytes.
 *
 * @example
 * ```ts
 * const keys: DevnetKeys = devnetKeys(0)
 * ```
 */
export interface DevnetKeys {
  index: number
  eip155: { address: `0x${string}`; privateKey: `0x${string}` }
  solana: { address: string; secretKey: Uint8Array; publicKey: Uint8Array }
  polkadot: { address: string; secretKey: Uint8Array; publicKey: Uint8Array }
  bip122: { address: string; privateKey: Uint8Array; publicKey: Uint8Array }
  cosmos: { address: string; privateKey: Uint8Array; publicKey: Uint8Array }
}

/**
 * Keys of devnet account `index` (0..4) from the constants in `accounts.ts`.
 *
 * @example
 * ```ts
 * const { eip155, solana } = devnetKeys(1)
 * ```
 */
export function devnetKeys(index = 0): DevnetKeys {
  const evm = evmAccounts[index]
  const sol = solanaAccounts[index]
  const dot = polkadotAccounts[index]
  const btc = bip122Accounts[index]
  const atom = cosmosAccounts[index]
  if (!evm || !sol || !dot || !btc || !atom) throw new RangeError(`devnet account index ${index} out of range (0..4)`)
  return {
    index,
    eip155: { address: evm.address, privateKey: evm.privateKey },
    solana: { address: sol.address, secretKey: hex.decode(sol.seed), publicKey: base58.decode(sol.address) },
    polkadot: { address: dot.address, secretKey: hex.decode(dot.seed), publicKey: hex.decode(dot.publicKey.slice(2)) },
    bip122: { address: btc.address, privateKey: hex.decode(btc.privateKey), publicKey: hex.decode(btc.publicKey) },
    cosmos: { address: atom.address, privateKey: hex.decode(atom.privateKey), publicKey: hex.decode(atom.publicKey) },
  }
}

/**
 * Re-derives account `index` from scratch (for tests): secrets from their labels, public keys
 * and addresses with each chain's own rules.
 */
export function rederiveDevnetAccount(index: number) {
  const solana = deriveDevnetSecret('solana', index)
  const polkadot = deriveDevnetSecret('polkadot', index)
  const bip122 = deriveDevnetSecret('bip122', index)
  const cosmos = deriveDevnetSecret('cosmos', index)
  const dotPublic = ed25519.getPublicKey(polkadot)
  const btcPublic = secp256k1.getPublicKey(bip122, true)
  const atomPublic = secp256k1.getPublicKey(cosmos, true)
  const evm = evmAccounts[index]
  return {
    eip155: evm ? { address: privateKeyToAccount(evm.privateKey).address } : undefined,
    solana: { address: base58.encode(ed25519.getPublicKey(solana)), seed: hex.encode(solana) },
    polkadot: { address: ss58Encode(dotPublic), publicKey: `0x${hex.encode(dotPublic)}`, seed: hex.encode(polkadot) },
    bip122: { address: p2wpkhAddress(btcPublic), publicKey: hex.encode(btcPublic), privateKey: hex.encode(bip122) },
    cosmos: { address: cosmosAddress(atomPublic), publicKey: hex.encode(atomPublic), privateKey: hex.encode(cosmos) },
  }
}

/** Default CAIP-2 chain per namespace. */
export const devnetChainIds = {
  eip155: evmCaipNetworkId,
  solana: solanaCaipNetworkId,
  polkadot: polkadotCaipNetworkId,
  bip122: bip122CaipNetworkId,
  cosmos: cosmosCaipNetworkId,
} as const satisfies Record<DevnetNamespace, string>
