// The user-held recovery envelope on its own: the code's shape, sealing a recovery share with it,
// and every way a wrong code, another address or altered bytes are refused. Checked against an
// envelope made independently (scrypt N=2^16 r=8, AES-256-GCM bound to the address), so a stored
// share stays openable. The whole flow (keys made, the operator unable to open share 3, a new
// device recovering with the code) is in packages/auth/src/keys/userHeldRecovery.pglite.test.ts;
// keys.ts's use of it in keys.test.ts.
import { scryptAsync } from '@noble/hashes/scrypt.js'
import { bytesToHex } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { rejection } from '../test/rejection.js'
import {
  newRecoveryCode,
  normalizeRecoveryCode,
  openWithCode,
  recoveryKdf,
  sealWithCode,
  WrongRecoveryCodeError,
} from './recovery.js'

const address = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'
const code = 'ABCD-EFGH-JKLM-NPQR-STUV'
/** A 33-byte Shamir share (32 bytes and its x-coordinate). */
const share = Uint8Array.from({ length: 33 }, (_, i) => (i * 29 + 3) & 0xff)
const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)

/** The envelope made by hand, as the spec describes it: `1 | salt | iv | AES-GCM(scrypt(code), aad=address)`. */
async function independentSeal(plain: Uint8Array, typed: string, boundTo: string) {
  const salt = Uint8Array.from({ length: 16 }, (_, i) => i + 1)
  const iv = Uint8Array.from({ length: 12 }, (_, i) => 200 - i)
  const raw = await scryptAsync(new TextEncoder().encode(typed), salt, { N: 2 ** 16, r: 8, p: 1, dkLen: 32 })
  const key = await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt'])
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(boundTo) },
      key,
      plain as BufferSource,
    ),
  )
  return { key, sealed: Uint8Array.from([1, ...salt, ...iv, ...cipher]) }
}

describe('the recovery code', () => {
  test('default: 20 symbols of an alphabet without look-alikes, in five groups of four', () => {
    const codes = Array.from({ length: 200 }, () => newRecoveryCode())
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){4}$/)
    expect(new Set(codes).size).toBe(codes.length)
    // 200 codes of 20 symbols each use (nearly certainly) all 32 symbols: none is left out by a bias.
    expect(new Set(codes.join('').replaceAll('-', '')).size).toBe(32)
  })

  test('behavior: case, spaces and dashes do not matter as typed', () => {
    expect(normalizeRecoveryCode(' abcd efgh-jklm\tnpqr - stuv ')).toBe('ABCDEFGHJKLMNPQRSTUV')
    expect(normalizeRecoveryCode(code)).toBe('ABCDEFGHJKLMNPQRSTUV')
  })
})

describe('sealing and opening', () => {
  test('behavior: a sealed share opens with its code, typed in any case and spacing; the share given is kept', async () => {
    const given = share.slice()
    const sealed = await sealWithCode(given, code, address)
    expect(given).toEqual(share) // the caller wipes it, not sealWithCode
    expect(sealed[0]).toBe(1)
    expect(sealed).toHaveLength(1 + 16 + 12 + share.length + 16)
    expect(await openWithCode(sealed, code, address)).toEqual(share)
    expect(await openWithCode(sealed, 'abcd efgh jklm npqr stuv', address)).toEqual(share)
  })

  test('security: the envelope holds nothing of the share or the code; each seal has its own salt and IV', async () => {
    const first = await sealWithCode(share, code, address)
    const second = await sealWithCode(share, code, address)
    for (const sealed of [first, second]) {
      expect(hex(sealed)).not.toContain(hex(share.subarray(0, 6)))
      expect(hex(sealed)).not.toContain(hex(new TextEncoder().encode('ABCD')))
    }
    expect(hex(first.subarray(1, 17))).not.toBe(hex(second.subarray(1, 17)))
    expect(hex(first.subarray(17, 29))).not.toBe(hex(second.subarray(17, 29)))
    expect(hex(first.subarray(29))).not.toBe(hex(second.subarray(29)))
  })

  test('default: scrypt N=2^16, r=8, p=1 into a 256-bit AES-GCM key; an envelope made by hand opens', async () => {
    expect(recoveryKdf).toEqual({ N: 65536, r: 8, p: 1, dkLen: 32 })
    const { sealed, key } = await independentSeal(share, 'ABCDEFGHJKLMNPQRSTUV', address)
    expect(await openWithCode(sealed, code, address)).toEqual(share)
    // And the other way: what sealWithCode makes opens by hand with the same derivation.
    const made = await sealWithCode(share, code, address)
    const raw = await scryptAsync(new TextEncoder().encode('ABCDEFGHJKLMNPQRSTUV'), made.subarray(1, 17), recoveryKdf)
    const madeKey = await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['decrypt'])
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: made.subarray(17, 29) as BufferSource, additionalData: new TextEncoder().encode(address) },
      madeKey,
      made.subarray(29) as BufferSource,
    )
    expect(new Uint8Array(opened)).toEqual(share)
    expect(key.extractable).toBe(false)
  }, 90_000) // several scrypt runs (64 MiB each)
})

describe('refusals', () => {
  let sealed: Uint8Array
  beforeAll(async () => {
    sealed = await sealWithCode(share, code, address)
  })

  test('error: a wrong code is refused with WrongRecoveryCodeError, whose message names neither code nor share', async () => {
    const wrong = 'ABCD-EFGH-JKLM-NPQR-STUW' // one symbol off
    const error = await rejection(openWithCode(sealed, wrong, address))
    expect(error).toBeInstanceOf(WrongRecoveryCodeError)
    expect(error).toMatchObject({
      name: 'WrongRecoveryCodeError',
      message: 'This recovery code does not open this wallet',
    })
    const text = `${(error as Error).message} ${(error as Error).stack ?? ''}`
    for (const leak of [wrong, code, 'STUW', 'STUV', hex(share).slice(0, 12)]) expect(text).not.toContain(leak)
  })

  test("error: the right code for another address (another wallet's envelope) is refused", async () => {
    await expect(openWithCode(sealed, code, address.toLowerCase())).rejects.toBeInstanceOf(WrongRecoveryCodeError)
    await expect(openWithCode(sealed, code, '0x0000000000000000000000000000000000000001')).rejects.toBeInstanceOf(
      WrongRecoveryCodeError,
    )
  })

  const flip = (at: (sealed: Uint8Array) => number) => (sealed: Uint8Array) =>
    sealed.map((b, i) => (i === at(sealed) ? b ^ 1 : b))
  const alterations: [string, (sealed: Uint8Array) => Uint8Array][] = [
    ['another version byte', flip(() => 0)],
    ['a flipped salt byte', flip(() => 5)],
    ['a flipped IV byte', flip(() => 20)],
    ['a flipped ciphertext byte', flip(() => 30)],
    ['a flipped tag byte', flip((s) => s.length - 1)],
    ['the tag cut off', (s) => s.slice(0, s.length - 16)],
    ['a byte appended', (s) => Uint8Array.from([...s, 0])],
    ['the header only', (s) => s.slice(0, 29)],
    ['nothing at all', () => new Uint8Array()],
  ]
  test('error: an envelope altered anywhere is refused with WrongRecoveryCodeError, never opened', async () => {
    for (const [name, alter] of alterations) {
      const error = await rejection(openWithCode(alter(sealed), code, address))
      expect(error, name).toBeInstanceOf(WrongRecoveryCodeError)
    }
    // The original still opens: the refusals above came from the alterations.
    expect(await openWithCode(sealed, code, address)).toEqual(share)
  }, 90_000) // several scrypt runs (64 MiB each)

  test('error: an empty code or one of only separators is a wrong code, not a crash', async () => {
    await expect(openWithCode(sealed, '', address)).rejects.toBeInstanceOf(WrongRecoveryCodeError)
    await expect(openWithCode(sealed, ' - - ', address)).rejects.toBeInstanceOf(WrongRecoveryCodeError)
  })
})
