import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
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
