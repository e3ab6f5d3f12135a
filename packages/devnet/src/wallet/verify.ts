/**
 * Verifies what the devnet wallet returns, with each chain's own cryptography and written
 * independently of the signing code in `signers.ts` (nothing here imports it), so that a bug in
 * how the wallet builds the signed bytes shows up as a failed verification. Isomorphic.
 *
 * @example
 * ```ts
 * import { verifyDevnetSignature } from '@portico/devnet'
 *
 * const ok = await verifyDevnetSignature({ namespace: 'solana', address, message, signature })
 * ```
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { base58, base64, bech32, hex } from '@scure/base'
import { type Address, type Hex, isHex, type TypedDataDefinition, verifyMessage, verifyTypedData } from 'viem'

const text = new TextEncoder()

function safely(check: () => boolean): boolean {
  try {
    return check()
  } catch {
    return false
  }
}

/**
 * EIP-191 `personal_sign` check with viem. `message` as sent in the request: `0x` hex = bytes,
 * anything else = UTF-8 text.
 *
 * @example
 * ```ts
 * await verifyEip155Message({ address, message: '0x68656c6c6f', signature })
 * ```
 */
export function verifyEip155Message(input: { address: string; message: string; signature: string }): Promise<boolean> {
  return verifyMessage({
    address: input.address as Address,
    message: isHex(input.message) ? { raw: input.message } : input.message,
    signature: input.signature as Hex,
  }).catch(() => false)
}

/**
 * EIP-712 `eth_signTypedData_v4` check with viem; `typedData` as sent (JSON string or object).
 *
 * @example
 * ```ts
 * await verifyEip155TypedData({ address, typedData: JSON.stringify(data), signature })
 * ```
 */
export function verifyEip155TypedData(input: {
  address: string
  typedData: string | Record<string, unknown>
  signature: string
}): Promise<boolean> {
  let data: TypedDataDefinition
  try {
    data = (typeof input.typedData === 'string' ? JSON.parse(input.typedData) : input.typedData) as TypedDataDefinition
  } catch {
    // Typed data that is not JSON is a signature that does not hold.
    return Promise.resolve(false)
  }
  return verifyTypedData({ ...data, address: input.address as Address, signature: input.signature as Hex }).catch(
    () => false,
  )
}

/**
 * ed25519 check of `solana_signMessage`: `message` base58 as sent, `signature` base58 as returned,
 * `address` the base58 public key.
 *
 * @example
 * ```ts
 * verifySolanaMessage({ address: solanaAccounts[0].address, message, signature })
 * ```
 */
export function verifySolanaMessage(input: { address: string; message: string; signature: string }): boolean {
  return safely(() =>
    ed25519.verify(base58.decode(input.signature), base58.decode(input.message), base58.decode(input.address)),
  )
}

/**
 * Checks that a base64 wire transaction carries a valid ed25519 signature by `address` over its
 * message (and, if given, that it is `signature`, base58).
 *
 * @example
 * ```ts
 * verifySolanaTransaction({ address, transaction: result.transaction, signature: result.signature })
 * ```
 */
export function verifySolanaTransaction(input: { address: string; transaction: string; signature?: string }): boolean {
  return safely(() => {
    const wire = base64.decode(input.transaction)
    // Signature count as compact-u16 (one byte below 128 signers, the only case here).
    const count = wire[0] ?? 0
    if (count >= 0x80) return false
    const message = wire.subarray(1 + 64 * count)
    const offset = (message[0] ?? 0) & 0x80 ? 1 : 0
    const keyCount = message[offset + 3] ?? 0
    const keysStart = offset + 4
    const wanted = base58.decode(input.address)
    for (let i = 0; i < Math.min(count, keyCount); i++) {
      const key = message.subarray(keysStart + 32 * i, keysStart + 32 * (i + 1))
      if (hex.encode(key) !== hex.encode(wanted)) continue
      const sig = wire.subarray(1 + 64 * i, 1 + 64 * (i + 1))
      if (input.signature !== undefined && base58.encode(sig) !== input.signature) return false
      return ed25519.verify(sig, message, wanted)
    }
    return false
  })
}

/**
 * Public key of an SS58 address (one-byte prefix), after checking its blake2b checksum.
 *
 * @example
 * ```ts
 * ss58Decode('5CWgaQBxyvxv9rmgnWCs1Dbhjx8LcjnPFdVgMtnoNB3hoZ7K') // { prefix: 42, publicKey }
 * ```
 */
export function ss58Decode(address: string): { prefix: number; publicKey: Uint8Array } {
  const bytes = base58.decode(address)
  if (bytes.length !== 35 || (bytes[0] ?? 64) > 63) throw new Error(`not a one-byte-prefix SS58 address: ${address}`)
  const body = bytes.subarray(0, 33)
  const checksum = blake2b(concatBytes(text.encode('SS58PRE'), body), { dkLen: 64 })
  if (checksum[0] !== bytes[33] || checksum[1] !== bytes[34]) throw new Error(`bad SS58 checksum: ${address}`)
  return { prefix: bytes[0] ?? 0, publicKey: body.subarray(1) }
}

/**
 * ed25519 check of `polkadot_signMessage` over `<Bytes>message</Bytes>` (a `0x` hex message is
 * taken as its bytes), against the key in the SS58 `address`.
 *
 * @example
 * ```ts
 * verifyPolkadotMessage({ address, message: 'hello', signature: result.signature })
 * ```
 */
export function verifyPolkadotMessage(input: { address: string; message: string; signature: string }): boolean {
  return safely(() => {
    const { publicKey } = ss58Decode(input.address)
    const body = /^0x([0-9a-fA-F]{2})*$/.test(input.message)
      ? hex.decode(input.message.slice(2).toLowerCase())
      : text.encode(input.message)
    const open = text.encode('<Bytes>')
    const close = text.encode('</Bytes>')
    const wrapped = hex.encode(body).startsWith(hex.encode(open)) && hex.encode(body).endsWith(hex.encode(close))
    const signed = wrapped ? body : concatBytes(open, body, close)
    return ed25519.verify(hex.decode(input.signature.replace(/^0x/, '')), signed, publicKey)
  })
}

/**
 * ed25519 check of a `polkadot_signTransaction` signature (`0x00` MultiSignature prefix optional)
 * over `signedBytes`, the SCALE payload (hashed with blake2b-256 here when longer than 256 bytes).
 *
 * @example
 * ```ts
 * verifyPolkadotPayload({ address, signedBytes: payloadBytes, signature: result.signature })
 * ```
 */
export function verifyPolkadotPayload(input: { address: string; signedBytes: Uint8Array; signature: string }): boolean {
  return safely(() => {
    const { publicKey } = ss58Decode(input.address)
    let sig = hex.decode(input.signature.replace(/^0x/, ''))
    if (sig.length === 65) {
      if (sig[0] !== 0) return false // not MultiSignature::Ed25519
      sig = sig.subarray(1)
    }
    const message = input.signedBytes.length > 256 ? blake2b(input.signedBytes, { dkLen: 32 }) : input.signedBytes
    return ed25519.verify(sig, message, publicKey)
  })
}

/**
 * BIP-137 check of `signMessage`: recovers the key from the 65-byte compact signature (base64),
 * requires the P2WPKH header (39..42), and compares hash160 → bech32 with `address`.
 *
 * @example
 * ```ts
 * verifyBip122Message({ address: 'bcrt1q…', message: 'hello', signature: result.signature })
 * ```
 */
export function verifyBip122Message(input: { address: string; message: string; signature: string }): boolean {
  return safely(() => {
    const sig = base64.decode(input.signature)
    const header = sig[0] ?? 0
    if (sig.length !== 65 || header < 39 || header > 42) return false
    const body = text.encode(input.message)
    if (body.length >= 0xfd) return false // varint longer than a byte: not needed for tests
    const prefixed = concatBytes(text.encode('\x18Bitcoin Signed Message:\n'), Uint8Array.of(body.length), body)
    const digest = sha256(sha256(prefixed))
    const recoverable = concatBytes(Uint8Array.of(header - 39), sig.subarray(1))
    const publicKey = secp256k1.recoverPublicKey(recoverable, digest, { prehash: false })
    const { prefix, words } = bech32.decode(input.address as `${string}1${string}`)
    if (words[0] !== 0) return false
    const program = bech32.fromWords(words.slice(1))
    return (
      ['bc', 'tb', 'bcrt'].includes(prefix) &&
      hex.encode(program) === hex.encode(ripemd160(sha256(publicKey))) &&
      secp256k1.verify(sig.subarray(1), digest, publicKey, { prehash: false })
    )
  })
}

/** The `signature` object `cosmos_signAmino` / `cosmos_signDirect` return. */
export interface CosmosStdSignature {
  pub_key: { type: string; value: string }
  signature: string
}

function cosmosCheck(address: string, signature: CosmosStdSignature, signedBytes: Uint8Array): boolean {
  return safely(() => {
    if (signature.pub_key.type !== 'tendermint/PubKeySecp256k1') return false
    const publicKey = base64.decode(signature.pub_key.value)
    const { words } = bech32.decode(address as `${string}1${string}`)
    if (hex.encode(bech32.fromWords(words)) !== hex.encode(ripemd160(sha256(publicKey)))) return false
    return secp256k1.verify(base64.decode(signature.signature), sha256(signedBytes), publicKey, { prehash: false })
  })
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * Amino check of `cosmos_signAmino`: secp256k1 over sha256 of the canonical (sorted keys, no
 * whitespace, `&<>` escaped) JSON of `signDoc`, by the key in `pub_key`, which must hash to `address`.
 *
 * @example
 * ```ts
 * verifyCosmosAmino({ address, signDoc, signature: result.signature })
 * ```
 */
export function verifyCosmosAmino(input: {
  address: string
  signDoc: unknown
  signature: CosmosStdSignature
}): boolean {
  const json = canonicalJson(input.signDoc).replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
  return cosmosCheck(input.address, input.signature, text.encode(json))
}

/**
 * Direct check of `cosmos_signDirect`: secp256k1 over sha256 of the protobuf SignDoc built from
 * the request's `signDoc` ({chainId, accountNumber, authInfoBytes, bodyBytes}, bytes base64).
 *
 * @example
 * ```ts
 * verifyCosmosDirect({ address, signDoc, signature: result.signature })
 * ```
 */
export function verifyCosmosDirect(input: {
  address: string
  signDoc: { chainId: string; accountNumber: string | number | bigint; authInfoBytes: string; bodyBytes: string }
  signature: CosmosStdSignature
}): boolean {
  // The sign document is the request's: bytes that are not base64 or an account number that is
  // no integer are a signature that does not hold, as for the other checks.
  return safely(() => {
    const bytes: number[] = []
    const varint = (n: bigint) => {
      let v = n
      do {
        const low = Number(v % 128n)
        v /= 128n
        bytes.push(v > 0n ? low + 128 : low)
      } while (v > 0n)
    }
    const lengthDelimited = (fieldNumber: number, value: Uint8Array) => {
      if (!value.length) return
      bytes.push((fieldNumber << 3) | 2)
      varint(BigInt(value.length))
      bytes.push(...value)
    }
    lengthDelimited(1, base64.decode(input.signDoc.bodyBytes))
    lengthDelimited(2, base64.decode(input.signDoc.authInfoBytes))
    lengthDelimited(3, text.encode(input.signDoc.chainId))
    const accountNumber = BigInt(input.signDoc.accountNumber)
    if (accountNumber !== 0n) {
      bytes.push(4 << 3)
      varint(accountNumber)
    }
    return cosmosCheck(input.address, input.signature, Uint8Array.from(bytes))
  })
}

/**
 * One signature the devnet wallet returned, with what it signed.
 *
 * @example
 * ```ts
 * const claim: DevnetSignatureClaim = { namespace: 'bip122', address, message: 'hi', signature }
 * ```
 */
export type DevnetSignatureClaim =
  | { namespace: 'eip155'; address: string; message: string; signature: string }
  | { namespace: 'eip155'; address: string; typedData: string | Record<string, unknown>; signature: string }
  | { namespace: 'solana'; address: string; message: string; signature: string }
  | { namespace: 'solana'; address: string; transaction: string; signature?: string }
  | { namespace: 'polkadot'; address: string; message: string; signature: string }
  | { namespace: 'polkadot'; address: string; signedBytes: Uint8Array; signature: string }
  | { namespace: 'bip122'; address: string; message: string; signature: string }
  | { namespace: 'cosmos'; address: string; signDoc: unknown; signature: CosmosStdSignature; mode: 'amino' }
  | {
      namespace: 'cosmos'
      address: string
      signDoc: { chainId: string; accountNumber: string | number | bigint; authInfoBytes: string; bodyBytes: string }
      signature: CosmosStdSignature
      mode: 'direct'
    }

/**
 * Verifies any {@link DevnetSignatureClaim}; resolves `false` (never throws) when it does not hold.
 *
 * @example
 * ```ts
 * expect(await verifyDevnetSignature({ namespace: 'polkadot', address, message: 'hi', signature })).toBe(true)
 * ```
 */
export async function verifyDevnetSignature(claim: DevnetSignatureClaim): Promise<boolean> {
  switch (claim.namespace) {
    case 'eip155':
      return 'typedData' in claim ? verifyEip155TypedData(claim) : verifyEip155Message(claim)
    case 'solana':
      return 'transaction' in claim ? verifySolanaTransaction(claim) : verifySolanaMessage(claim)
    case 'polkadot':
      return 'signedBytes' in claim ? verifyPolkadotPayload(claim) : verifyPolkadotMessage(claim)
    case 'bip122':
      return verifyBip122Message(claim)
    case 'cosmos':
      return claim.mode === 'direct' ? verifyCosmosDirect(claim) : verifyCosmosAmino(claim)
  }
}
