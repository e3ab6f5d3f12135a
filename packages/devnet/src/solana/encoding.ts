/**
 * Account encodings of the Solana RPC (`base58`, `base64`, `base64+zstd`, `jsonParsed`) and the
 * SPL Token `jsonParsed` shapes. The parsed shapes follow the validator's `UiTokenAccount` /
 * `UiMint` serialization field for field, because wallets read them directly.
 */
// viem's formatUnits prints amounts as the validator does: trailing fractional zeros removed ("5000", "0.25").

import zlib from 'node:zlib'
import { type Address, getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { formatUnits } from 'viem'
import { invalidParams, JsonFloat, type JsonValue, RpcError } from './json.js'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
/** What current validators report for every rent-exempt account (rent collection is gone). */
const RENT_EPOCH_EXEMPT = 18446744073709551615n

/** An account as the RPC layer sees it (litesvm state, or a simulation's post-state). */
export interface LedgerAccount {
  lamports: bigint
  data: Uint8Array
  owner: Address
  executable: boolean
}

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed' | 'binary'
export interface DataSlice {
  offset: number
  length: number
}
/** Looks an account up by address; needed to read a mint's decimals while parsing token accounts. */
export type AccountLookup = (address: Address) => LedgerAccount | null

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS
}

export function parseEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback
  if (
    value === 'base58' ||
    value === 'base64' ||
    value === 'base64+zstd' ||
    value === 'jsonParsed' ||
    value === 'binary'
  ) {
    return value
  }
  throw invalidParams(
    `Invalid params: unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``,
  )
}

export function parseDataSlice(value: unknown): DataSlice | undefined {
  if (value === undefined || value === null) return undefined
  const slice = value as { offset?: unknown; length?: unknown }
  if (!Number.isInteger(slice.offset) || !Number.isInteger(slice.length)) {
    throw invalidParams('Invalid params: dataSlice needs integer `offset` and `length`')
  }
  return { offset: slice.offset as number, length: slice.length as number }
}

/** The `UiAccount` JSON of one account, or throws -32602 when the encoding cannot express it. */
export function encodeAccount(
  account: LedgerAccount,
  encoding: AccountEncoding,
  lookup: AccountLookup,
  dataSlice?: DataSlice,
): JsonValue {
  return {
    data: encodeData(account, encoding, lookup, dataSlice),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EPOCH_EXEMPT,
    space: BigInt(account.data.length),
  }
}

function encodeData(
  account: LedgerAccount,
  encoding: AccountEncoding,
  lookup: AccountLookup,
  slice?: DataSlice,
): JsonValue {
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenData(account, lookup)
    // Like the validator: accounts without a parser fall back to base64.
    return parsed ?? encodeData(account, 'base64', lookup, slice)
  }
  const bytes = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data
  switch (encoding) {
    case 'base64':
      return [getBase64Decoder().decode(bytes), 'base64']
    case 'base64+zstd': {
      // zstd arrived in node:zlib with Node 22.15; on older runtimes refuse rather than lie.
      const compress = (zlib as { zstdCompressSync?: (data: Uint8Array) => Buffer }).zstdCompressSync
      if (!compress)
        throw invalidParams('Invalid params: base64+zstd encoding is not supported by this devnet (Node < 22.15)')
      return [compress(bytes).toString('base64'), 'base64+zstd']
    }
    case 'base58':
    case 'binary': {
      if (bytes.length > 128) {
        // -32600 (invalid request), as a validator's encode_account answers it.
        throw new RpcError(
          -32600,
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      }
      const text = getBase58Decoder().decode(bytes)
      // `binary` is the legacy default encoding: a bare string instead of a [data, encoding] pair.
      return encoding === 'binary' ? text : [text, 'base58']
    }
  }
}

/** `UiTokenAmount`: the same amount as raw base units, float and trimmed decimal string. */
export function uiTokenAmount(amount: bigint, decimals: number): JsonValue {
  const uiAmountString = formatUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: new JsonFloat(Number(uiAmountString)), uiAmountString }
}

/** A decoded, initialized SPL token account together with its mint's decimals. */
export interface TokenAccountInfo {
  mint: Address
  owner: Address
  amount: bigint
  decimals: number
  programId: Address
}

/** Reads an SPL token account (either token program), or null if `account` is not an initialized one. */
export function readTokenAccount(account: LedgerAccount | null, lookup: AccountLookup): TokenAccountInfo | null {
  if (!account || !isTokenProgram(account.owner) || account.data.length < TOKEN_ACCOUNT_SIZE) return null
  // Token-2022 accounts with extensions are longer; their first 165 bytes keep the classic layout.
  if (account.data.length > TOKEN_ACCOUNT_SIZE && account.data[TOKEN_ACCOUNT_SIZE] !== 2) return null
  const token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
  if (token.state === AccountState.Uninitialized) return null
  const decimals = token.mint === NATIVE_MINT ? 9 : readMint(lookup(token.mint))?.decimals
  if (decimals === undefined) return null
  return { mint: token.mint, owner: token.owner, amount: token.amount, decimals, programId: account.owner }
}

/** Reads an SPL mint (either token program), or null. */
export function readMint(account: LedgerAccount | null): { supply: bigint; decimals: number } | null {
  if (!account || !isTokenProgram(account.owner) || account.data.length < MINT_SIZE) return null
  if (account.data.length > MINT_SIZE && account.data[TOKEN_ACCOUNT_SIZE] !== 1) return null
  const mint = getMintDecoder().decode(account.data.subarray(0, MINT_SIZE))
  return mint.isInitialized ? { supply: mint.supply, decimals: mint.decimals } : null
}

/** Token-2022's extension types the devnet decodes, by their TLV type number (`ExtensionType`). */
const extensionNames: Record<number, string> = {
  3: 'mintCloseAuthority',
  7: 'immutableOwner',
  8: 'memoTransfer',
  9: 'nonTransferable',
  11: 'cpiGuard',
  12: 'permanentDelegate',
  13: 'nonTransferableAccount',
}

/**
 * The `extensions` list of a Token-2022 account or mint, as the validator's `UiExtension`s: the
 * TLV entries after the account-type byte, up to the first uninitialized one (padding). Extensions
 * without state, and those whose state is one optional address or one flag, are decoded; any other
 * is `unparseableExtension` (the devnet seeds none of them).
 */
function parseExtensions(tlv: Uint8Array): JsonValue[] {
  const extensions: JsonValue[] = []
  const view = new DataView(tlv.buffer, tlv.byteOffset, tlv.byteLength)
  for (let at = 0; at + 4 <= tlv.length; ) {
    const type = view.getUint16(at, true)
    const length = view.getUint16(at + 2, true)
    const data = tlv.subarray(at + 4, at + 4 + length)
    if (type === 0 || data.length < length) break
    at += 4 + length
    const name = extensionNames[type]
    if (!name || ![0, 1, 32].includes(length)) {
      extensions.push({ extension: 'unparseableExtension' })
      continue
    }
    // An optional address is 32 zero bytes when unset.
    const address = () => (data.some((byte) => byte !== 0) ? getBase58Decoder().decode(data) : null)
    const state: Record<string, JsonValue> | undefined =
      type === 3
        ? { closeAuthority: address() }
        : type === 12
          ? { delegate: address() }
          : type === 8
            ? { requireIncomingTransferMemos: data[0] === 1 }
            : type === 11
              ? { lockCpi: data[0] === 1 }
              : undefined
    extensions.push(state ? { extension: name, state } : { extension: name })
  }
  return extensions
}

/**
 * `jsonParsed` data for token accounts and mints of either program (a Token-2022 one with its
 * extensions), or null when the account is not one (it then falls back to base64).
 */
function parseTokenData(account: LedgerAccount, lookup: AccountLookup): JsonValue | null {
  if (!isTokenProgram(account.owner)) return null
  const program = account.owner === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022'
  const space = BigInt(account.data.length)
  // Token-2022 with extensions: the classic layout (a mint padded to 165 bytes), the account type
  // (1 mint, 2 account), then the extensions.
  const extended = account.data.length > TOKEN_ACCOUNT_SIZE && program === 'spl-token-2022'
  const accountType = extended ? account.data[TOKEN_ACCOUNT_SIZE] : undefined
  const extensions = () =>
    extended ? { extensions: parseExtensions(account.data.subarray(TOKEN_ACCOUNT_SIZE + 1)) } : {}

  if (account.data.length === TOKEN_ACCOUNT_SIZE || accountType === 2) {
    const info = readTokenAccount(account, lookup)
    if (!info) return null
    const token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
    const parsedInfo: Record<string, JsonValue> = {
      isNative: token.isNative.__option === 'Some',
      mint: token.mint,
      owner: token.owner,
      state: token.state === AccountState.Frozen ? 'frozen' : 'initialized',
      tokenAmount: uiTokenAmount(token.amount, info.decimals),
    }
    if (token.delegate.__option === 'Some') {
      parsedInfo.delegate = token.delegate.value
      parsedInfo.delegatedAmount = uiTokenAmount(token.delegatedAmount, info.decimals)
    }
    if (token.isNative.__option === 'Some')
      parsedInfo.rentExemptReserve = uiTokenAmount(token.isNative.value, info.decimals)
    if (token.closeAuthority.__option === 'Some') parsedInfo.closeAuthority = token.closeAuthority.value
    return { parsed: { info: { ...parsedInfo, ...extensions() }, type: 'account' }, program, space }
  }

  if (account.data.length === MINT_SIZE || accountType === 1) {
    const mint = getMintDecoder().decode(account.data.subarray(0, MINT_SIZE))
    return {
      parsed: {
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
          supply: mint.supply.toString(),
          ...extensions(),
        },
        type: 'mint',
      },
      program,
      space,
    }
  }
  return null
}
