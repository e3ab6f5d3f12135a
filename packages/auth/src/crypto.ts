import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { OTP_LENGTH } from './constants.js'

/** A random 6-digit code, uniformly drawn (leading zeros kept). */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0')
}

/** An unguessable URL-safe token (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 in hex: what the database keeps of device ids and link tokens. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** The stored form of a code: keyed by the server secret and bound to its challenge. */
export function hashOtp(secret: Uint8Array, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex')
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The 32-byte AES key sealing recovery shares: `recoveryKey` itself when given (hashed to 32 bytes
 * through HKDF), else derived from the session secret (one secret to keep, but then whoever holds
 * it can open the recovery shares too: set a separate one in production).
 */
export function recoveryKeyFrom(recoveryKey: Uint8Array | undefined, secret: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', recoveryKey ?? secret, new Uint8Array(0), 'portico-auth recovery share', 32))
}

/** Seals `plain` with AES-256-GCM bound to `context` (user, namespace, address): iv ‖ tag ‖ cipher. */
export function seal(key: Uint8Array, context: string, plain: Uint8Array): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

/** Opens what {@link seal} made for the same `context`; throws when it was altered or moved. */
export function unseal(key: Uint8Array, context: string, sealed: Uint8Array): Buffer {
  const bytes = Buffer.from(sealed)
  // The whole 16-byte tag, always: GCM would otherwise check a cut one (4 bytes from 2^32 tries).
  if (bytes.length < 28) throw new Error('A sealed value holds at least its IV and its 16-byte tag.')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), { authTagLength: 16 })
  decipher.setAAD(Buffer.from(context, 'utf8'))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()])
}
