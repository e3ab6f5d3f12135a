/**
 * What the devnet wallet does for each WalletConnect request method, with each chain's real
 * cryptography. Isomorphic (no Node imports): the Node wallet and the web wallet page share it.
 * Session handling (chain switching, events) lives in `wallet.ts`; these are pure signers plus
 * the two that broadcast (`eth_sendTransaction` to anvil, `solana_signAndSendTransaction`).
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { base58, base64, hex } from '@scure/base'
import { createWalletClient, type Hex, http, isHex, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetEvmChain } from '../evmChain.js'
import type { DevnetKeys } from './keys.js'

/**
 * A JSON-RPC error the wallet answers with (instead of a result). `code` follows EIP-1193 /
 * the WalletConnect SDK error codes.
 *
 * @example
 * ```ts
 * throw new DevnetWalletError(4902, 'Unrecognized chain ID "0x1"')
 * ```
 */
export class DevnetWalletError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.name = 'DevnetWalletError'
    this.code = code
  }
}

/** Code for methods the devnet cannot serve (no local Bitcoin chain): the SDK's UNSUPPORTED_METHODS range. */
export const NOT_ON_DEVNET_CODE = 5101

const utf8 = new TextEncoder()

function invalid(message: string): never {
  throw new DevnetWalletError(-32602, message)
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(`${what} must be an object`)
  return value as Record<string, unknown>
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') invalid(`${what} must be a string`)
  return value
}

function sameAddress(a: string, b: string, caseInsensitive = false): boolean {
  return caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b
}

function assertSigner(requested: unknown, own: string, what: string, caseInsensitive = false): void {
  if (requested === undefined) return
  if (typeof requested !== 'string' || !sameAddress(requested, own, caseInsensitive))
    throw new DevnetWalletError(4100, `${what} ${String(requested)} is not an account of this wallet (${own})`)
}

// ---------------------------------------------------------------------------------------------
// eip155

/**
 * `personal_sign` [message, address]: EIP-191 signature of the message bytes (a `0x` hex string
 * is taken as bytes, anything else as UTF-8 text, like MetaMask).
 */
export async function eip155PersonalSign(keys: DevnetKeys, params: unknown): Promise<Hex> {
  if (!Array.isArray(params)) invalid('personal_sign params must be [message, address]')
  const [message, address] = params as unknown[]
  assertSigner(address, keys.eip155.address, 'address', true)
  const text = asString(message, 'message')
  const account = privateKeyToAccount(keys.eip155.privateKey)
  return account.signMessage({ message: isHex(text) ? { raw: text } : text })
}

/** `eth_signTypedData_v4` [address, typedData (JSON string or object)]: EIP-712 signature. */
export async function eip155SignTypedData(keys: DevnetKeys, params: unknown): Promise<Hex> {
  if (!Array.isArray(params)) invalid('eth_signTypedData_v4 params must be [address, typedData]')
  const [address, data] = params as unknown[]
  assertSigner(address, keys.eip155.address, 'address', true)
  const typed = asRecord(typeof data === 'string' ? JSON.parse(data) : data, 'typedData')
  const { EIP712Domain: _domainTypes, ...types } = asRecord(typed.types, 'typedData.types')
  const account = privateKeyToAccount(keys.eip155.privateKey)
  // biome-ignore lint/suspicious/noExplicitAny: arbitrary dapp-provided EIP-712 types
  return account.signTypedData({ ...(typed as any), types })
}

/**
 * `eth_sendTransaction` [{from, to, value?, data?, gas?}]: signs with viem and sends it to the
 * chain's RPC (nonce, fees and gas are filled in from that RPC). Resolves with the tx hash.
 */
export async function eip155SendTransaction(
  keys: DevnetKeys,
  params: unknown,
  chainId: number,
  rpcUrl: string | undefined,
): Promise<Hex> {
  if (!rpcUrl) throw new DevnetWalletError(4901, `no RPC URL configured for eip155:${chainId}`)
  if (!Array.isArray(params)) invalid('eth_sendTransaction params must be [transaction]')
  const tx = asRecord(params[0], 'transaction')
  assertSigner(tx.from, keys.eip155.address, 'from', true)
  const chain = devnetEvmChain(rpcUrl, chainId)
  const client = createWalletClient({
    account: privateKeyToAccount(keys.eip155.privateKey),
    chain,
    transport: http(rpcUrl, { retryCount: 0 }),
  })
  const big = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string))
  return client.sendTransaction({
    to: tx.to === undefined || tx.to === null ? undefined : (asString(tx.to, 'to') as Hex),
    value: big(tx.value),
    data: tx.data === undefined ? undefined : (asString(tx.data, 'data') as Hex),
    gas: big(tx.gas ?? tx.gasLimit),
    nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
  } as Parameters<typeof client.sendTransaction>[0])
}

/** Capabilities per hex chain id (`wallet_getCapabilities` [address, chainIds?], EIP-5792). */
export function eip155GetCapabilities(keys: DevnetKeys, params: unknown, chainIds: readonly number[]) {
  if (!Array.isArray(params)) invalid('wallet_getCapabilities params must be [address, chainIds?]')
  const [address, wanted] = params as unknown[]
  if (typeof address !== 'string') invalid('wallet_getCapabilities needs an address')
  assertSigner(address, keys.eip155.address, 'address', true)
  const ids = Array.isArray(wanted) ? wanted.map((id) => Number(BigInt(asString(id, 'chainId')))) : chainIds
  // Calls run one after the other as ordinary transactions: never atomically.
  return Object.fromEntries(
    ids.filter((id) => chainIds.includes(id)).map((id) => [toHex(id), { atomic: { status: 'unsupported' } }]),
  )
}

// A batch id carries what the status needs (chain, call count, sent hashes), so the wallet keeps
// no state: 32-byte words, ending with a marker word.
const callsIdMarker = '5792'.padStart(64, '0')
const word = (value: number) => value.toString(16).padStart(64, '0')

async function rpcCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw new DevnetWalletError(body.error.code, body.error.message)
  return body.result
}

/**
 * `wallet_sendCalls` [{chainId, from?, atomicRequired, calls, capabilities?}] (EIP-5792 2.0.0): the
 * calls are sent one by one as real transactions, each waiting for its receipt (later calls
 * usually build on earlier ones); a call that cannot be sent or reverts stops the rest.
 * `atomicRequired` is refused (5760), and so is any non-optional capability (5700).
 */
export async function eip155SendCalls(
  keys: DevnetKeys,
  params: unknown,
  chainId: number,
  rpcUrl: string | undefined,
): Promise<{ id: Hex }> {
  if (!rpcUrl) throw new DevnetWalletError(4901, `no RPC URL configured for eip155:${chainId}`)
  if (!Array.isArray(params)) invalid('wallet_sendCalls params must be [batch]')
  const batch = asRecord(params[0], 'batch')
  assertSigner(batch.from ?? undefined, keys.eip155.address, 'from', true)
  if (Number(BigInt(asString(batch.chainId, 'chainId'))) !== chainId)
    throw new DevnetWalletError(5710, `chain ${String(batch.chainId)} is not the request's chain`)
  if (batch.atomicRequired === true) throw new DevnetWalletError(5760, 'Atomicity not supported')
  if (!Array.isArray(batch.calls) || batch.calls.length === 0) invalid('wallet_sendCalls needs calls')
  const calls = batch.calls.map((call) => asRecord(call, 'call'))
  const required = [batch.capabilities, ...calls.map((c) => c.capabilities)]
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .flatMap((c) => Object.entries(c).filter(([, v]) => (v as { optional?: unknown } | null)?.optional !== true))
  if (required.length > 0)
    throw new DevnetWalletError(5700, `Unsupported non-optional capability: ${required.map(([k]) => k).join(', ')}`)
  const hashes: Hex[] = []
  for (const call of calls) {
    let hash: Hex
    try {
      hash = await eip155SendTransaction(keys, [{ ...call, capabilities: undefined }], chainId, rpcUrl)
    } catch (error) {
      if (hashes.length === 0) throw error
      break // the rest is not sent: the status reports a partial failure (600)
    }
    hashes.push(hash)
    let receipt: { status?: string } | null = null
    for (let tries = 0; tries < 600 && !receipt; tries++) {
      receipt = (await rpcCall(rpcUrl, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (receipt?.status !== '0x1') break
  }
  return { id: `0x${word(chainId)}${word(calls.length)}${hashes.map((h) => h.slice(2)).join('')}${callsIdMarker}` }
}

/** `wallet_getCallsStatus` [id]: the batch's EIP-5792 status (100, 200, 500, 600) and its receipts. */
export async function eip155GetCallsStatus(params: unknown, rpcUrls: Readonly<Record<number, string>>) {
  const id = Array.isArray(params) ? params[0] : undefined
  if (typeof id !== 'string' || !/^0x([0-9a-f]{64}){3,}$/.test(id) || !id.endsWith(callsIdMarker))
    throw new DevnetWalletError(5730, 'Unknown bundle id')
  const [chainWord, countWord, ...hashWords] = id.slice(2, -64).match(/.{64}/g) ?? []
  const chainId = Number.parseInt(chainWord as string, 16)
  const count = Number.parseInt(countWord as string, 16)
  const rpcUrl = rpcUrls[chainId]
  if (!rpcUrl) throw new DevnetWalletError(5730, 'Unknown bundle id')
  const receipts = (
    await Promise.all(hashWords.map((h) => rpcCall(rpcUrl, 'eth_getTransactionReceipt', [`0x${h}`])))
  ).filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
  const reverted = receipts.filter((r) => r.status !== '0x1').length
  const complete = hashWords.length === count
  const status =
    receipts.length < hashWords.length
      ? 100
      : reverted === 0 && complete
        ? 200
        : reverted === receipts.length && complete
          ? 500
          : 600
  return {
    version: '2.0.0',
    id,
    chainId: toHex(chainId),
    status,
    atomic: false,
    receipts: receipts.map((r) => ({
      logs: r.logs,
      status: r.status,
      blockHash: r.blockHash,
      blockNumber: r.blockNumber,
      gasUsed: r.gasUsed,
      transactionHash: r.transactionHash,
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// solana

/** `solana_signMessage` {message: base58 bytes, pubkey}: {signature: base58 ed25519 signature}. */
export function solanaSignMessage(keys: DevnetKeys, params: unknown): { signature: string } {
  const p = asRecord(params, 'params')
  assertSigner(p.pubkey, keys.solana.address, 'pubkey')
  const message = base58.decode(asString(p.message, 'message'))
  return { signature: base58.encode(ed25519.sign(message, keys.solana.secretKey)) }
}

function readShortVec(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) invalid('truncated transaction')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  invalid('bad compact-u16 in transaction')
}

/**
 * Signs a Solana wire transaction (legacy or v0) as the wallet's key: the signature goes into the
 * slot of our key among the message's required signers.
 */
export function solanaSignWireTransaction(
  keys: DevnetKeys,
  wire: Uint8Array,
): { signature: Uint8Array; transaction: Uint8Array } {
  const [count, sigStart] = readShortVec(wire, 0)
  const messageStart = sigStart + count * 64
  const message = wire.subarray(messageStart)
  let cursor = 0
  if (((message[0] ?? 0) & 0x80) !== 0) cursor = 1 // versioned message prefix
  const required = message[cursor]
  if (required === undefined) invalid('truncated transaction message')
  const [keyCount, keysStart] = readShortVec(message, cursor + 3)
  let slot = -1
  for (let i = 0; i < Math.min(keyCount, required); i++) {
    const key = message.subarray(keysStart + i * 32, keysStart + (i + 1) * 32)
    if (hex.encode(key) === hex.encode(keys.solana.publicKey)) slot = i
  }
  if (slot < 0 || slot >= count)
    throw new DevnetWalletError(4100, `transaction does not require a signature from ${keys.solana.address}`)
  const signature = ed25519.sign(message, keys.solana.secretKey)
  const signed = wire.slice()
  signed.set(signature, sigStart + slot * 64)
  return { signature, transaction: signed }
}

/** `solana_signTransaction` {transaction: base64 wire}: {signature: base58, transaction: base64 signed}. */
export function solanaSignTransaction(keys: DevnetKeys, params: unknown): { signature: string; transaction: string } {
  const p = asRecord(params, 'params')
  const { signature, transaction } = solanaSignWireTransaction(
    keys,
    base64.decode(asString(p.transaction, 'transaction')),
  )
  return { signature: base58.encode(signature), transaction: base64.encode(transaction) }
}

/** `solana_signAndSendTransaction` {transaction, sendOptions?}: signs, `sendTransaction` (base64) to the RPC; {signature}. */
export async function solanaSignAndSendTransaction(
  keys: DevnetKeys,
  params: unknown,
  rpcUrl: string | undefined,
): Promise<{ signature: string }> {
  if (!rpcUrl) throw new DevnetWalletError(4901, 'no Solana RPC URL configured')
  const p = asRecord(params, 'params')
  const signed = solanaSignTransaction(keys, p)
  const options = typeof p.sendOptions === 'object' && p.sendOptions !== null ? p.sendOptions : {}
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [signed.transaction, { ...options, encoding: 'base64' }],
    }),
  })
  const body = (await response.json()) as { result?: string; error?: { code: number; message: string } }
  if (body.error) throw new DevnetWalletError(body.error.code, `Solana RPC: ${body.error.message}`)
  if (body.result !== signed.signature)
    throw new DevnetWalletError(-32603, `Solana RPC returned ${body.result}, expected ${signed.signature}`)
  return { signature: signed.signature }
}

// ---------------------------------------------------------------------------------------------
// polkadot

const BYTES_PREFIX = utf8.encode('<Bytes>')
const BYTES_SUFFIX = utf8.encode('</Bytes>')

/**
 * The bytes a polkadot.js `signRaw` signs: `<Bytes>` + message + `</Bytes>` (a `0x` hex message
 * contributes its decoded bytes; an already wrapped one is not wrapped again).
 */
export function polkadotWrapBytes(message: string): Uint8Array {
  const raw = /^0x([0-9a-fA-F]{2})*$/.test(message) ? hex.decode(message.slice(2).toLowerCase()) : utf8.encode(message)
  const starts = raw.length >= BYTES_PREFIX.length + BYTES_SUFFIX.length && BYTES_PREFIX.every((b, i) => raw[i] === b)
  const ends = BYTES_SUFFIX.every((b, i) => raw[raw.length - BYTES_SUFFIX.length + i] === b)
  if (starts && ends) return raw
  return new Uint8Array([...BYTES_PREFIX, ...raw, ...BYTES_SUFFIX])
}

/** `polkadot_signMessage` {address, message}: {signature: 0x ed25519 signature of the <Bytes>-wrapped message}. */
export function polkadotSignMessage(keys: DevnetKeys, params: unknown): { signature: `0x${string}` } {
  const p = asRecord(params, 'params')
  assertSigner(p.address, keys.polkadot.address, 'address')
  const signature = ed25519.sign(polkadotWrapBytes(asString(p.message, 'message')), keys.polkadot.secretKey)
  return { signature: `0x${hex.encode(signature)}` }
}

function hexBytes(value: unknown, what: string): Uint8Array {
  const text = asString(value, what)
  if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) invalid(`${what} must be 0x-prefixed hex`)
  return hex.decode(text.slice(2).toLowerCase())
}

function compactU(value: bigint): Uint8Array {
  if (value < 1n << 6n) return new Uint8Array([Number(value << 2n)])
  if (value < 1n << 14n) {
    const v = Number((value << 2n) | 1n)
    return new Uint8Array([v & 0xff, v >> 8])
  }
  if (value < 1n << 30n) {
    const v = Number((value << 2n) | 2n)
    return new Uint8Array([v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24])
  }
  const bytes: number[] = []
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.push(Number(rest & 0xffn))
  return new Uint8Array([((bytes.length - 4) << 2) | 3, ...bytes])
}

function u32le(value: unknown, what: string): Uint8Array {
  const n = Number(typeof value === 'string' && value.startsWith('0x') ? BigInt(value) : value)
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) invalid(`${what} must be a u32`)
  return new Uint8Array([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24])
}

/**
 * SCALE-encodes a polkadot.js `SignerPayloadJSON` into the bytes an extrinsic signature covers:
 * call ‖ era ‖ compact(nonce) ‖ compact(tip) ‖ [mode] ‖ spec_version ‖ transaction_version ‖
 * genesis_hash ‖ block_hash ‖ [metadata_hash option]. The bracketed parts are present when
 * `signedExtensions` lists `CheckMetadataHash`. `ChargeAssetTxPayment` (an asset id) is not supported.
 */
export function polkadotPayloadBytes(payload: Record<string, unknown>): Uint8Array {
  const extensions = Array.isArray(payload.signedExtensions) ? (payload.signedExtensions as unknown[]) : []
  if (extensions.includes('ChargeAssetTxPayment')) invalid('ChargeAssetTxPayment payloads are not supported')
  const withMetadataHash = extensions.includes('CheckMetadataHash')
  const big = (v: unknown) => BigInt((v as string | number | undefined) ?? 0)
  const parts: Uint8Array[] = [
    hexBytes(payload.method, 'method'),
    hexBytes(payload.era ?? '0x00', 'era'),
    compactU(big(payload.nonce)),
    compactU(big(payload.tip)),
  ]
  if (withMetadataHash) parts.push(new Uint8Array([Number(payload.mode ?? 0)]))
  parts.push(
    u32le(payload.specVersion, 'specVersion'),
    u32le(payload.transactionVersion, 'transactionVersion'),
    hexBytes(payload.genesisHash, 'genesisHash'),
    hexBytes(payload.blockHash, 'blockHash'),
  )
  if (withMetadataHash) {
    const metadataHash = payload.metadataHash ? hexBytes(payload.metadataHash, 'metadataHash') : undefined
    parts.push(metadataHash ? new Uint8Array([1, ...metadataHash]) : new Uint8Array([0]))
  }
  return concatBytes(...parts)
}

/** Substrate signs blake2b-256 of a payload longer than 256 bytes, the payload itself otherwise. */
export function polkadotSigningBytes(payload: Uint8Array): Uint8Array {
  return payload.length > 256 ? blake2b(payload, { dkLen: 32 }) : payload
}

/**
 * `polkadot_signTransaction` {address, transactionPayload: SignerPayloadJSON}: {id, signature}.
 * `signature` is a SCALE `MultiSignature`: `0x00` (Ed25519) ‖ the 64-byte signature, as the
 * polkadot.js `signPayload` returns it; `id` is the request id (set by the wallet).
 */
export function polkadotSignTransaction(
  keys: DevnetKeys,
  params: unknown,
  id = 0,
): { id: number; signature: `0x${string}` } {
  const p = asRecord(params, 'params')
  assertSigner(p.address, keys.polkadot.address, 'address')
  const payload = asRecord(p.transactionPayload, 'transactionPayload')
  assertSigner(payload.address, keys.polkadot.address, 'transactionPayload.address')
  const signature = ed25519.sign(polkadotSigningBytes(polkadotPayloadBytes(payload)), keys.polkadot.secretKey)
  return { id, signature: `0x00${hex.encode(signature)}` }
}

// ---------------------------------------------------------------------------------------------
// bip122

function varint(n: number): Uint8Array {
  if (n < 0xfd) return new Uint8Array([n])
  if (n <= 0xffff) return new Uint8Array([0xfd, n & 0xff, n >> 8])
  return new Uint8Array([0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24])
}

/** double-sha256("\x18Bitcoin Signed Message:\n" ‖ varint(len) ‖ message): the BIP-137 message hash. */
export function bitcoinMessageHash(message: string): Uint8Array {
  const body = utf8.encode(message)
  const prefix = utf8.encode('\x18Bitcoin Signed Message:\n')
  return sha256(sha256(new Uint8Array([...prefix, ...varint(body.length), ...body])))
}

/**
 * `signMessage` {account, address?, message, protocol?: 'ecdsa'}: {address, signature, messageHash}.
 * `signature` is base64 of the 65-byte BIP-137 compact signature, header `39 + recovery id`
 * (segwit P2WPKH); `messageHash` is hex. `protocol: 'bip322'` is answered with an error.
 */
export function bip122SignMessage(
  keys: DevnetKeys,
  params: unknown,
): { address: string; signature: string; messageHash: string } {
  const p = asRecord(params, 'params')
  assertSigner(p.address ?? p.account, keys.bip122.address, 'address')
  if (p.protocol !== undefined && p.protocol !== 'ecdsa')
    throw new DevnetWalletError(
      NOT_ON_DEVNET_CODE,
      `signMessage protocol "${String(p.protocol)}" is not supported (ecdsa only)`,
    )
  const digest = bitcoinMessageHash(asString(p.message, 'message'))
  const recovered = secp256k1.sign(digest, keys.bip122.privateKey, { prehash: false, format: 'recovered' })
  const signature = new Uint8Array(65)
  signature[0] = 39 + (recovered[0] ?? 0)
  signature.set(recovered.subarray(1), 1)
  return { address: keys.bip122.address, signature: base64.encode(signature), messageHash: hex.encode(digest) }
}

/** `getAccountAddresses` {account, intentions?}: our one P2WPKH payment address. */
export function bip122GetAccountAddresses(
  keys: DevnetKeys,
  params: unknown,
): { address: string; publicKey: string; path: string; intention: 'payment' }[] {
  const p = params === undefined ? {} : asRecord(params, 'params')
  assertSigner(p.account, keys.bip122.address, 'account')
  const intentions = Array.isArray(p.intentions) ? p.intentions : undefined
  if (intentions && !intentions.includes('payment')) return []
  return [
    {
      address: keys.bip122.address,
      publicKey: hex.encode(keys.bip122.publicKey),
      // Nominal BIP-84 regtest path: the devnet keys are not HD-derived (see accounts.ts).
      path: `m/84'/1'/0'/0/${keys.index}`,
      intention: 'payment',
    },
  ]
}

// ---------------------------------------------------------------------------------------------
// cosmos

/** JSON with object keys sorted recursively and no whitespace, `&<>` escaped like Amino/cosmjs. */
export function sortedJsonStringify(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      )
    return v
  }
  return JSON.stringify(sort(value)).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
}

function protoVarint(value: bigint): number[] {
  const out: number[] = []
  let rest = value
  while (rest > 0x7fn) {
    out.push(Number((rest & 0x7fn) | 0x80n))
    rest >>= 7n
  }
  out.push(Number(rest))
  return out
}

/**
 * Protobuf encoding of cosmos.tx.v1beta1.SignDoc (1 body_bytes, 2 auth_info_bytes, 3 chain_id,
 * 4 account_number), proto3 style: fields with default values are left out.
 */
export function cosmosSignDocBytes(doc: {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}): Uint8Array {
  const out: number[] = []
  const field = (tag: number, bytes: Uint8Array) => {
    if (bytes.length === 0) return
    out.push(tag, ...protoVarint(BigInt(bytes.length)), ...bytes)
  }
  field(0x0a, doc.bodyBytes)
  field(0x12, doc.authInfoBytes)
  field(0x1a, utf8.encode(doc.chainId))
  if (doc.accountNumber > 0n) out.push(0x20, ...protoVarint(doc.accountNumber))
  return new Uint8Array(out)
}

/** The shape `cosmos_signAmino` and `cosmos_signDirect` answer with. */
export interface CosmosSignResponse<Doc> {
  signed: Doc
  signature: { pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string }; signature: string }
}

function cosmosSign(keys: DevnetKeys, bytes: Uint8Array) {
  const signature = secp256k1.sign(sha256(bytes), keys.cosmos.privateKey, { prehash: false, lowS: true })
  return {
    pub_key: { type: 'tendermint/PubKeySecp256k1' as const, value: base64.encode(keys.cosmos.publicKey) },
    signature: base64.encode(signature),
  }
}

/** `cosmos_getAccounts`: [{algo: 'secp256k1', address, pubkey: base64 compressed key}]. */
export function cosmosGetAccounts(keys: DevnetKeys): { algo: 'secp256k1'; address: string; pubkey: string }[] {
  return [{ algo: 'secp256k1', address: keys.cosmos.address, pubkey: base64.encode(keys.cosmos.publicKey) }]
}

/** `cosmos_signAmino` {signerAddress, signDoc}: secp256k1 over sha256(sorted JSON of signDoc). */
export function cosmosSignAmino(keys: DevnetKeys, params: unknown): CosmosSignResponse<unknown> {
  const p = asRecord(params, 'params')
  assertSigner(p.signerAddress, keys.cosmos.address, 'signerAddress')
  const signDoc = asRecord(p.signDoc, 'signDoc')
  return { signed: signDoc, signature: cosmosSign(keys, utf8.encode(sortedJsonStringify(signDoc))) }
}

/** `cosmos_signDirect` {signerAddress, signDoc: {chainId, accountNumber, authInfoBytes, bodyBytes} (base64)}. */
export function cosmosSignDirect(keys: DevnetKeys, params: unknown): CosmosSignResponse<unknown> {
  const p = asRecord(params, 'params')
  assertSigner(p.signerAddress, keys.cosmos.address, 'signerAddress')
  const doc = asRecord(p.signDoc, 'signDoc')
  const bytes = cosmosSignDocBytes({
    bodyBytes: base64.decode(asString(doc.bodyBytes ?? '', 'bodyBytes')),
    authInfoBytes: base64.decode(asString(doc.authInfoBytes ?? '', 'authInfoBytes')),
    chainId: asString(doc.chainId ?? '', 'chainId'),
    accountNumber: BigInt((doc.accountNumber as string | number | undefined) ?? 0),
  })
  return { signed: doc, signature: cosmosSign(keys, bytes) }
}

// ---------------------------------------------------------------------------------------------
// dispatch

/** Request methods per namespace, as put into approved session namespaces. */
export const devnetMethods = {
  eip155: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
    'eth_accounts',
    'eth_chainId',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_getCapabilities',
    // Permission grants (ERC-7715), kept and enforced by the wallet (see grants.ts).
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getGrantedExecutionPermissions',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  bip122: ['signMessage', 'getAccountAddresses', 'sendTransfer', 'signPsbt'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signAmino', 'cosmos_signDirect'],
} as const

/** Session events per namespace, as put into approved session namespaces. */
export const devnetEvents = {
  eip155: ['chainChanged', 'accountsChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  polkadot: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged'],
  cosmos: ['accountsChanged', 'chainChanged'],
} as const

/** Where the broadcasting methods send transactions. */
export interface DevnetSignerRpc {
  /** eip155 RPC URL per numeric chain id. */
  evmRpcUrls: Readonly<Record<number, string>>
  solanaRpcUrl?: string
}

/**
 * Computes the result of one request (everything except `wallet_switchEthereumChain`, which
 * needs the session and is handled by the wallet). Throws {@link DevnetWalletError} for a
 * JSON-RPC error answer.
 *
 * @example
 * ```ts
 * const sig = await answerDevnetRequest(devnetKeys(0), { evmRpcUrls: {} }, { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x68656c6c6f', addr] })
 * ```
 */
export async function answerDevnetRequest(
  keys: DevnetKeys,
  rpc: DevnetSignerRpc,
  request: { chainId: string; method: string; params: unknown; id?: number },
): Promise<unknown> {
  const [namespace, reference = ''] = request.chainId.split(':')
  const { method, params } = request
  switch (`${namespace}/${method}`) {
    case 'eip155/personal_sign':
      return eip155PersonalSign(keys, params)
    case 'eip155/eth_signTypedData_v4':
      return eip155SignTypedData(keys, params)
    case 'eip155/eth_sendTransaction':
      return eip155SendTransaction(keys, params, Number(reference), rpc.evmRpcUrls[Number(reference)])
    case 'eip155/wallet_sendCalls':
      return eip155SendCalls(keys, params, Number(reference), rpc.evmRpcUrls[Number(reference)])
    case 'eip155/wallet_getCallsStatus':
      return eip155GetCallsStatus(params, rpc.evmRpcUrls)
    case 'eip155/wallet_getCapabilities':
      return eip155GetCapabilities(
        keys,
        params,
        Object.keys(rpc.evmRpcUrls).map((id) => Number(id)),
      )
    case 'eip155/eth_accounts':
      return [keys.eip155.address]
    case 'eip155/eth_chainId':
      return toHex(Number(reference))
    case 'solana/solana_signMessage':
      return solanaSignMessage(keys, params)
    case 'solana/solana_signTransaction':
      return solanaSignTransaction(keys, params)
    case 'solana/solana_signAndSendTransaction':
      return solanaSignAndSendTransaction(keys, params, rpc.solanaRpcUrl)
    case 'polkadot/polkadot_signMessage':
      return polkadotSignMessage(keys, params)
    case 'polkadot/polkadot_signTransaction':
      return polkadotSignTransaction(keys, params, request.id)
    case 'bip122/signMessage':
      return bip122SignMessage(keys, params)
    case 'bip122/getAccountAddresses':
      return bip122GetAccountAddresses(keys, params)
    case 'bip122/sendTransfer':
    case 'bip122/signPsbt':
      throw new DevnetWalletError(
        NOT_ON_DEVNET_CODE,
        `${method} is not available on the Portico devnet: there is no local Bitcoin chain to build or broadcast on`,
      )
    case 'cosmos/cosmos_getAccounts':
      return cosmosGetAccounts(keys)
    case 'cosmos/cosmos_signAmino':
      return cosmosSignAmino(keys, params)
    case 'cosmos/cosmos_signDirect':
      return cosmosSignDirect(keys, params)
    default:
      throw new DevnetWalletError(5101, `Unsupported method ${method} on ${request.chainId}`)
  }
}
