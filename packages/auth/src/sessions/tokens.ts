import { errors, jwtVerify, SignJWT } from 'jose'
import { AuthError, serverMessages } from '../errors.js'

/**
 * The claims of a Portico session token (HS256 JWT).
 *
 * @example
 * ```ts
 * const claims: SessionClaims = { sub: userId, sid, email: 'ada@example.com', pid: 'my-project', did: deviceHash }
 * ```
 */
export interface SessionClaims {
  /** User id. */
  sub: string
  /** Session id (row in `sessions`; revoked on sign-out). */
  sid: string
  email: string
  /** Project id the session was opened for. */
  pid: string
  /** SHA-256 of the device id the session was opened on. */
  did: string
}

/** Issuer and audience of every token, so a token of another service with the same secret is refused. */
const ISSUER = 'portico-auth'

/** Signs a session token valid from `now` until `expiresAt` (both ms). */
export async function signSession(
  secret: Uint8Array,
  claims: SessionClaims,
  now: number,
  expiresAt: number,
): Promise<string> {
  const { sub, ...rest } = claims
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setNotBefore(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secret)
}

/**
 * Verifies a session token at `now` (ms). Throws an {@link AuthError} carrying the spec's message
 * for a token that is not valid yet, and one per other failure.
 */
export async function verifySession(secret: Uint8Array, token: string, now: number): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: ISSUER,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'nbf', 'exp'],
    })
    const { sub, sid, email, pid, did } = payload
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string')
      throw new AuthError('JWT_INVALID', serverMessages.jwtInvalid)
    if (typeof pid !== 'string' || typeof did !== 'string')
      throw new AuthError('JWT_INVALID', serverMessages.jwtInvalid)
    return { sub, sid, email, pid, did }
  } catch (error) {
    if (error instanceof AuthError) throw error
    if (error instanceof errors.JWTExpired) throw new AuthError('JWT_EXPIRED', serverMessages.jwtExpired)
    // Only a token whose nbf is still ahead is "not yet valid"; one without nbf is invalid.
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf' && error.reason === 'check_failed')
      throw new AuthError('JWT_NOT_YET_VALID', serverMessages.jwtNotYetValid)
    throw new AuthError('JWT_INVALID', serverMessages.jwtInvalid)
  }
}
