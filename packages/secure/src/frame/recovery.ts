import { scryptAsync } from '@noble/hashes/scrypt.js'

/**
 * How a key's recovery share (the third Shamir share, which together with the server's share
 * rebuilds the key on a new device) is protected:
 * - `user-held`: encrypted here, in the frame, with a recovery code shown to the user once; the
 *   auth server stores ciphertext it cannot open, so its operator cannot rebuild the key.
 * - `operator-assisted`: sent as is and sealed by the auth server with its recovery key; the user
 *   needs nothing but their mailbox, and the operator (database plus recovery key) can rebuild it.
 */
export type RecoveryMode = 'user-held' | 'operator-assisted'

/**
 * scrypt's cost: N = 2^16, r = 8 (64 MiB of memory per guess, about half a second in a browser),
 * so each guess at a stolen ciphertext costs an attacker the same, and the 100-bit code is far out
 * of reach anyway.
 */
export const recoveryKdf = { N: 2 ** 16, r: 8, p: 1, dkLen: 32 } as const

const VERSION = 1
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' // 32 symbols, none that read alike (no I, O, 0, 1)

/** A new recovery code: 20 symbols of 5 random bits (100 bits), in groups of 4 (`ABCD-EFGH-…`). */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20))
  const symbols = Array.from(bytes, (b) => alphabet[b & 31])
  return Array.from({ length: 5 }, (_, i) => symbols.slice(i * 4, i * 4 + 4).join('')).join('-')
}

/** The code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

async function aesKey(code: string, salt: Uint8Array): Promise<CryptoKey> {
  const raw = await scryptAsync(new TextEncoder().encode(normalizeRecoveryCode(code)), salt, recoveryKdf)
  try {
    return await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt'])
  } finally {
    raw.fill(0)
  }
}

/**
 * Encrypts a recovery share with the code (scrypt, then AES-256-GCM bound to the key's address):
 * `version | salt (16) | iv (12) | ciphertext`.
 */
export async function sealWithCode(share: Uint8Array, code: string, address: string): Promise<Uint8Array> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address) },
    await aesKey(code, salt),
    share as BufferSource,
  )
  const out = new Uint8Array(1 + 16 + 12 + cipher.byteLength)
  out[0] = VERSION
  out.set(salt, 1)
  out.set(iv, 17)
  out.set(new Uint8Array(cipher), 29)
  return out
}

/** Thrown when a recovery code does not open the recovery share (a typo, or another wallet's code). */
export class WrongRecoveryCodeError extends Error {
  constructor() {
    super('This recovery code does not open this wallet')
    this.name = 'WrongRecoveryCodeError'
  }
}

/** Opens what {@link sealWithCode} made; {@link WrongRecoveryCodeError} for a wrong code or altered bytes. */
export async function openWithCode(sealed: Uint8Array, code: string, address: string): Promise<Uint8Array> {
  if (sealed[0] !== VERSION || sealed.length < 30) throw new WrongRecoveryCodeError()
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.slice(17, 29), additionalData: new TextEncoder().encode(address) },
      await aesKey(code, sealed.slice(1, 17)),
      sealed.slice(29) as BufferSource,
    )
    return new Uint8Array(plain)
  } catch {
    throw new WrongRecoveryCodeError()
  }
}
