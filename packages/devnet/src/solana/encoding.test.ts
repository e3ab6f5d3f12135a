// jsonParsed for token accounts and mints as a validator gives it, here for Token-2022's layout with
// extensions, from bytes written out (the devnet's RPC, on real programs, is server.test.ts; a
// wallet's read of a Token-2022 associated account is readSolanaBalances.test.ts in headless).
import { type Address, generateKeyPairSigner, getAddressEncoder } from '@solana/kit'
import { AccountState, getMintEncoder, getTokenEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { expect, test } from 'vitest'
import { encodeAccount, type LedgerAccount, TOKEN_2022_PROGRAM_ADDRESS } from './encoding.js'

const owner = (await generateKeyPairSigner()).address
const authority = (await generateKeyPairSigner()).address
const mintAddress = (await generateKeyPairSigner()).address

function tlv(type: number, data: Uint8Array = new Uint8Array()) {
  const head = new Uint8Array(4)
  new DataView(head.buffer).setUint16(0, type, true)
  new DataView(head.buffer).setUint16(2, data.length, true)
  return [...head, ...data]
}

function mintBytes(extensions?: number[]) {
  const base = getMintEncoder().encode({
    mintAuthority: authority,
    supply: 1_000n,
    decimals: 2,
    isInitialized: true,
    freezeAuthority: null,
  })
  if (!extensions) return new Uint8Array(base)
  // A mint with extensions is padded to an account's 165 bytes, then its type (1) and the entries.
  return new Uint8Array([...base, ...new Uint8Array(165 - base.length), 1, ...extensions])
}

function tokenBytes(extensions?: number[]) {
  const base = getTokenEncoder().encode({
    mint: mintAddress,
    owner,
    amount: 12_345n,
    delegate: null,
    state: AccountState.Initialized,
    isNative: null,
    delegatedAmount: 0n,
    closeAuthority: null,
  })
  return new Uint8Array(extensions ? [...base, 2, ...extensions] : base)
}

function parse(data: Uint8Array, program: Address = TOKEN_2022_PROGRAM_ADDRESS) {
  const mint: LedgerAccount = { lamports: 1n, data: mintBytes(), owner: program, executable: false }
  const account: LedgerAccount = { lamports: 1n, data, owner: program, executable: false }
  const encoded = encodeAccount(account, 'jsonParsed', (address) => (address === mintAddress ? mint : null))
  return (encoded as { data: unknown }).data
}

test("behavior: a Token-2022 associated account (the immutable owner extension its program adds) is parsed with its balance and the extension, as a validator's UiTokenAccount", () => {
  expect(parse(tokenBytes(tlv(7)))).toEqual({
    parsed: {
      info: {
        isNative: false,
        mint: mintAddress,
        owner,
        state: 'initialized',
        tokenAmount: expect.objectContaining({ amount: '12345', decimals: 2, uiAmountString: '123.45' }),
        extensions: [{ extension: 'immutableOwner' }],
      },
      type: 'account',
    },
    program: 'spl-token-2022',
    space: 170n,
  })
})

test('behavior: a Token-2022 mint with extensions: an optional address set and unset, a flag, and an extension the devnet does not decode; the padding after them ends the list', () => {
  const closeAuthority = new Uint8Array(getAddressEncoder().encode(authority))
  const extensions = [
    ...tlv(3, closeAuthority),
    ...tlv(12, new Uint8Array(32)),
    ...tlv(10, new Uint8Array(52)),
    ...tlv(0),
  ]
  expect(parse(mintBytes(extensions))).toEqual({
    parsed: {
      info: {
        decimals: 2,
        freezeAuthority: null,
        isInitialized: true,
        mintAuthority: authority,
        supply: '1000',
        extensions: [
          { extension: 'mintCloseAuthority', state: { closeAuthority: authority } },
          { extension: 'permanentDelegate', state: { delegate: null } },
          { extension: 'unparseableExtension' },
        ],
      },
      type: 'mint',
    },
    program: 'spl-token-2022',
    space: BigInt(166 + extensions.length),
  })
})

test('behavior: an account whose flags are set reads them; a classic 165-byte account of either program has no extensions key', () => {
  const flags = [...tlv(8, new Uint8Array([1])), ...tlv(11, new Uint8Array([0]))]
  const parsed = parse(tokenBytes(flags)) as { parsed: { info: { extensions: unknown } } }
  expect(parsed.parsed.info.extensions).toEqual([
    { extension: 'memoTransfer', state: { requireIncomingTransferMemos: true } },
    { extension: 'cpiGuard', state: { lockCpi: false } },
  ])
  for (const program of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]) {
    const classic = parse(tokenBytes(), program) as { parsed: { info: Record<string, unknown> } }
    expect(classic.parsed.info).not.toHaveProperty('extensions')
    expect(classic.parsed.info.tokenAmount).toMatchObject({ amount: '12345' })
  }
})

test('edge: a truncated entry ends the list there; a classic-program account longer than 165 bytes, or an unknown account type, falls back to base64', () => {
  const truncated = [...tlv(7), 8, 0, 1, 0]
  expect(
    (parse(tokenBytes(truncated)) as { parsed: { info: { extensions: unknown } } }).parsed.info.extensions,
  ).toEqual([{ extension: 'immutableOwner' }])
  expect(parse(tokenBytes(tlv(7)), TOKEN_PROGRAM_ADDRESS)).toEqual([expect.any(String), 'base64'])
  const unknownType = tokenBytes(tlv(7))
  unknownType[165] = 3
  expect(parse(unknownType)).toEqual([expect.any(String), 'base64'])
})
