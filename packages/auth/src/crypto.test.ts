// The auth server's primitives on their own: codes and link tokens (format, leading zeros,
// uniqueness), the hashes the database keeps (device ids, link tokens, HMAC'd codes bound to their
// challenge and the secret), the constant-time digest comparison, the recovery key derivation and
// the AES-GCM seal of recovery shares (bound to key and context, refusing any alteration). How
// the login flow uses them (attempts, expiry, one winner of a race) is in
// login/challenges.pglite.test.ts and test/suite.ts; sealed shares over HTTP in
// keys/userHeldRecovery.pglite.test.ts.

import { createHash, createHmac, hkdfSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { OTP_LENGTH } from './constants.js'
import { generateOtp, hashOtp, randomToken, recoveryKeyFrom, sameDigest, seal, sha256, unseal } from './crypto.js'

const SECRET = new TextEncoder().encode('a test secret of at least thirty-two bytes!')
const CHALLENGE = '0b8f5c0e-6a0e-4d43-9a1c-2f1f9e7c5d21'
const bytes = (text: string) => new TextEncoder().encode(text)

describe('generateOtp', () => {
  test('behavior: always OTP_LENGTH ASCII digits, leading zeros kept', () => {
    const codes = Array.from({ length: 3000 }, generateOtp)
    const shape = new RegExp(`^[0-9]{${OTP_LENGTH}}$`)
    expect(codes.filter((code) => !shape.test(code))).toEqual([])
    // One code in ten starts with 0: 3000 draws without one would mean the zeros are dropped.
    expect(codes.some((code) => code.startsWith('0'))).toBe(true)
    expect(codes.some((code) => code.startsWith('9'))).toBe(true)
  })

  test('behavior: codes are drawn over the whole range, not a narrow or repeating one', () => {
    const codes = Array.from({ length: 3000 }, generateOtp)
    // 3000 draws from a million: a few collisions at most, never a short cycle.
    expect(new Set(codes).size).toBeGreaterThan(2950)
    const firstDigits = new Set(codes.map((code) => code[0]))
    expect(firstDigits.size).toBe(10)
    const lastDigits = new Set(codes.map((code) => code.at(-1)))
    expect(lastDigits.size).toBe(10)
  })
})

describe('randomToken', () => {
  test('behavior: 32 random bytes as unpadded base64url, never repeated', () => {
    const tokens = Array.from({ length: 2000 }, randomToken)
    expect(tokens.filter((token) => !/^[A-Za-z0-9_-]{43}$/.test(token))).toEqual([])
    expect(tokens.filter((token) => Buffer.from(token, 'base64url').length !== 32)).toEqual([])
    expect(new Set(tokens).size).toBe(tokens.length)
  })
})

describe('sha256', () => {
  test('behavior: the SHA-256 of the UTF-8 text, in lowercase hex', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256('zoë 😀')).toBe(createHash('sha256').update(Buffer.from('zoë 😀', 'utf8')).digest('hex'))
  })

  test('edge: case and unicode normalisation change the hash (a device id is compared as sent)', () => {
    expect(sha256('Device')).not.toBe(sha256('device'))
    expect(sha256('\u00e9')).not.toBe(sha256('e\u0301'))
  })
})

describe('hashOtp', () => {
  test('behavior: an HMAC-SHA256 keyed by the secret over `challengeId:code`, in hex', () => {
    const expected = createHmac('sha256', SECRET).update(`${CHALLENGE}:012345`).digest('hex')
    expect(hashOtp(SECRET, CHALLENGE, '012345')).toBe(expected)
    expect(hashOtp(SECRET, CHALLENGE, '012345')).toMatch(/^[0-9a-f]{64}$/)
  })

  test('security: the stored hash is bound to its challenge and to the secret', () => {
    const stored = hashOtp(SECRET, CHALLENGE, '123456')
    // The same code under another challenge (a code of one login replayed on another).
    expect(hashOtp(SECRET, '0b8f5c0e-6a0e-4d43-9a1c-2f1f9e7c5d22', '123456')).not.toBe(stored)
    // Another server's secret (or none known): the database alone does not let anyone check a guess.
    const other = new Uint8Array(SECRET)
    other[0]! ^= 1
    expect(hashOtp(other, CHALLENGE, '123456')).not.toBe(stored)
    // Not a plain hash of the code, which a database reader could brute-force offline.
    expect(stored).not.toBe(sha256('123456'))
    expect(stored).not.toBe(sha256(`${CHALLENGE}:123456`))
  })

  test('security: codes that differ only by a leading zero, a digit or whitespace hash apart', () => {
    const stored = hashOtp(SECRET, CHALLENGE, '012345')
    for (const guess of ['12345', '012346', '0123450', ' 012345', '012345 ', '０１２３４５']) {
      expect(sameDigest(stored, hashOtp(SECRET, CHALLENGE, guess)), guess).toBe(false)
    }
    expect(sameDigest(stored, hashOtp(SECRET, CHALLENGE, '012345'))).toBe(true)
  })

  test('security: the stored hash holds neither the code nor the secret', () => {
    const stored = hashOtp(SECRET, CHALLENGE, '987654')
    expect(stored).not.toContain('987654')
    expect(stored).not.toContain(Buffer.from(SECRET).toString('hex').slice(0, 16))
  })
})

describe('sameDigest', () => {
  const digest = hashOtp(SECRET, CHALLENGE, '000000')

  test('behavior: equal digests match', () => {
    expect(sameDigest(digest, digest)).toBe(true)
  })

  test('security: a digest differing in any single hex digit does not match', () => {
    for (let i = 0; i < digest.length; i++) {
      const other = (Number.parseInt(digest[i]!, 16) ^ 1).toString(16)
      const changed = `${digest.slice(0, i)}${other}${digest.slice(i + 1)}`
      expect(sameDigest(digest, changed), `digit ${i}`).toBe(false)
      expect(sameDigest(changed, digest), `digit ${i}`).toBe(false)
    }
  })

  test('error: digests of different lengths do not match, and never throw', () => {
    // timingSafeEqual throws on buffers of different lengths: the length check must come first.
    for (const other of ['', digest.slice(0, 62), `${digest}00`, digest.slice(0, 32), '00']) {
      expect(() => sameDigest(digest, other)).not.toThrow()
      expect(sameDigest(digest, other)).toBe(false)
      expect(sameDigest(other, digest)).toBe(false)
    }
  })

  test('behavior: compares the decoded bytes, not the text (uppercase hex is the same digest)', () => {
    // What tells a byte comparison (timingSafeEqual over the decoded digests) from a text `===`,
    // which leaks, character by character, how much of a guess is right.
    expect(sameDigest(digest, digest.toUpperCase())).toBe(true)
  })

  test('edge: a non-hex stored value never matches a real digest', () => {
    for (const stored of ['zz', 'not a digest', 'g'.repeat(64), '😀'.repeat(32)]) {
      expect(sameDigest(stored, digest), stored).toBe(false)
    }
  })
})

describe('recoveryKeyFrom', () => {
  const recovery = bytes('a separate recovery key, kept offline')

  test('behavior: a 32-byte HKDF-SHA256 key, from the recovery key when given, else from the secret', () => {
    const own = recoveryKeyFrom(recovery, SECRET)
    expect(own).toBeInstanceOf(Uint8Array)
    expect(own).toHaveLength(32)
    const info = 'portico-auth recovery share'
    expect(Buffer.from(own)).toEqual(Buffer.from(hkdfSync('sha256', recovery, new Uint8Array(0), info, 32)))
    const derived = recoveryKeyFrom(undefined, SECRET)
    expect(Buffer.from(derived)).toEqual(Buffer.from(hkdfSync('sha256', SECRET, new Uint8Array(0), info, 32)))
    expect(Buffer.from(derived)).not.toEqual(Buffer.from(own))
  })

  test('security: with a recovery key, the session secret plays no part (leaking it opens no share)', () => {
    const other = bytes('another session secret, also thirty-two bytes long')
    expect(Buffer.from(recoveryKeyFrom(recovery, other))).toEqual(Buffer.from(recoveryKeyFrom(recovery, SECRET)))
  })

  test('security: the key derived from the secret is not the secret, nor its HMAC or hash', () => {
    const derived = Buffer.from(recoveryKeyFrom(undefined, SECRET))
    expect(derived).not.toEqual(Buffer.from(SECRET).subarray(0, 32))
    expect(derived.toString('hex')).not.toBe(sha256(new TextDecoder().decode(SECRET)))
    // A recovery key equal to the secret derives the same key: no salt tells them apart.
    expect(Buffer.from(recoveryKeyFrom(SECRET, bytes('x'.repeat(32))))).toEqual(derived)
  })
})

describe('seal / unseal', () => {
  const key = recoveryKeyFrom(undefined, SECRET)
  const context = 'user-1:eip155:0xabc'
  const share = Uint8Array.from({ length: 33 }, (_, i) => (i * 37 + 11) & 0xff)

  test('behavior: unseal gives back what seal sealed for the same key and context', () => {
    const sealed = seal(key, context, share)
    expect(sealed).toHaveLength(12 + 16 + share.length)
    expect(Buffer.from(unseal(key, context, sealed))).toEqual(Buffer.from(share))
    // From a plain Uint8Array (what the database driver returns) too.
    expect(Buffer.from(unseal(key, context, new Uint8Array(sealed)))).toEqual(Buffer.from(share))
  })

  test('security: each seal draws a new IV, so one share sealed twice gives unrelated bytes', () => {
    const a = seal(key, context, share)
    const b = seal(key, context, share)
    expect(a.subarray(0, 12)).not.toEqual(b.subarray(0, 12))
    expect(a.subarray(28)).not.toEqual(b.subarray(28))
    const ivs = new Set(Array.from({ length: 500 }, () => seal(key, context, share).subarray(0, 12).toString('hex')))
    expect(ivs.size).toBe(500)
  })

  test('security: the sealed bytes do not hold the share in the clear', () => {
    const plain = bytes('share-2 of the user, readable if leaked')
    const sealed = seal(key, context, plain)
    expect(sealed.includes(Buffer.from(plain))).toBe(false)
    expect(sealed.includes(Buffer.from(plain.subarray(0, 8)))).toBe(false)
  })

  test('security: a share moved to another user, namespace or address does not open', () => {
    const sealed = seal(key, context, share)
    for (const moved of [
      'user-2:eip155:0xabc',
      'user-1:solana:0xabc',
      'user-1:eip155:0xabd',
      'user-1:eip155:0xABC',
      '',
    ]) {
      expect(() => unseal(key, moved, sealed), moved).toThrow()
    }
  })

  test('security: another key (another recovery key, or one derived from another secret) does not open it', () => {
    const sealed = seal(key, context, share)
    expect(() => unseal(recoveryKeyFrom(bytes('other recovery key'), SECRET), context, sealed)).toThrow()
    const flipped = new Uint8Array(key)
    flipped[31]! ^= 0x80
    expect(() => unseal(flipped, context, sealed)).toThrow()
  })

  test('security: flipping any single bit of the sealed bytes (IV, tag or body) is refused', () => {
    const sealed = seal(key, context, share)
    for (let i = 0; i < sealed.length; i++) {
      for (const bit of [0x01, 0x80]) {
        const altered = Buffer.from(sealed)
        altered[i]! ^= bit
        expect(() => unseal(key, context, altered), `byte ${i} bit ${bit}`).toThrow()
      }
    }
  })

  test('security: a sealed share cut short, or extended, is refused', () => {
    const sealed = seal(key, context, share)
    for (const length of [0, 11, 12, 28, 29, sealed.length - 1]) {
      expect(() => unseal(key, context, sealed.subarray(0, length)), `${length} bytes`).toThrow()
    }
    expect(() => unseal(key, context, Buffer.concat([sealed, Buffer.from([0])]))).toThrow()
  })

  test('edge: an empty share seals to IV and tag alone and opens to empty', () => {
    const sealed = seal(key, context, new Uint8Array(0))
    expect(sealed).toHaveLength(28)
    expect(unseal(key, context, sealed)).toHaveLength(0)
    expect(() => unseal(key, 'user-2:eip155:0xabc', sealed)).toThrow()
  })

  // GCM accepts tags of 4 to 15 bytes unless the length is pinned: a value cut inside its tag (here
  // the seal of an empty share) would open, and a 4-byte tag is forged in 2^32 tries, not 2^128.
  test('security: a sealed value cut inside its authentication tag is refused', () => {
    const sealed = seal(key, context, new Uint8Array(0))
    for (const length of [16, 20, 24, 27]) {
      expect(() => unseal(key, context, sealed.subarray(0, length)), `${length} bytes`).toThrow()
    }
  })
})
