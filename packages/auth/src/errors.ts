/**
 * The codes the auth server answers with, each with its HTTP status. The JSON body is
 * `{ "error": { "code": …, "message": … } }`, with extra fields where listed in the README.
 */
export type AuthErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_PROJECT_ID'
  | 'ORIGIN_NOT_ALLOWED'
  | 'UNAUTHORIZED'
  | 'JWT_NOT_YET_VALID'
  | 'JWT_EXPIRED'
  | 'JWT_INVALID'
  | 'SESSION_REVOKED'
  | 'DEVICE_NOT_VERIFIED'
  | 'RATE_LIMITED'
  | 'CHALLENGE_NOT_FOUND'
  | 'OTP_INVALID'
  | 'OTP_EXPIRED'
  | 'OTP_USED'
  | 'OTP_ATTEMPTS_EXHAUSTED'
  | 'DEVICE_LINK_INVALID'
  | 'DEVICE_LINK_EXPIRED'
  | 'EMAIL_IN_USE'
  | 'KEY_EXISTS'
  | 'KEY_NOT_FOUND'
  | 'SHARE_NOT_FOUND'
  | 'RECOVERY_NOT_ALLOWED'
  | 'PASSKEY_CHALLENGE_INVALID'
  | 'PASSKEY_CHALLENGE_USED'
  | 'PASSKEY_CHALLENGE_EXPIRED'
  | 'PASSKEY_INVALID'
  | 'PASSKEY_NOT_FOUND'
  | 'PASSKEY_EXISTS'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'MAIL_FAILED'
  | 'UNAVAILABLE'
  | 'INTERNAL'

const STATUS: Record<AuthErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_PROJECT_ID: 401,
  ORIGIN_NOT_ALLOWED: 403,
  UNAUTHORIZED: 401,
  JWT_NOT_YET_VALID: 401,
  JWT_EXPIRED: 401,
  JWT_INVALID: 401,
  SESSION_REVOKED: 401,
  DEVICE_NOT_VERIFIED: 403,
  RATE_LIMITED: 429,
  CHALLENGE_NOT_FOUND: 404,
  OTP_INVALID: 400,
  OTP_EXPIRED: 410,
  OTP_USED: 410,
  OTP_ATTEMPTS_EXHAUSTED: 429,
  DEVICE_LINK_INVALID: 404,
  DEVICE_LINK_EXPIRED: 410,
  EMAIL_IN_USE: 409,
  KEY_EXISTS: 409,
  KEY_NOT_FOUND: 404,
  SHARE_NOT_FOUND: 404,
  RECOVERY_NOT_ALLOWED: 403,
  PASSKEY_CHALLENGE_INVALID: 404,
  PASSKEY_CHALLENGE_USED: 410,
  PASSKEY_CHALLENGE_EXPIRED: 410,
  PASSKEY_INVALID: 400,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_EXISTS: 409,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  MAIL_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
}

/**
 * An answer the auth server gives on purpose: a code, its HTTP status and a short message (the
 * spec's exact texts where the spec has one). Anything else becomes `INTERNAL` without details.
 *
 * @example
 * ```ts
 * throw new AuthError('ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed')
 * ```
 */
export class AuthError extends Error {
  override name = 'AuthError'
  readonly code: AuthErrorCode
  readonly status: number
  /** Extra JSON fields of the error body (e.g. `retryAfter`, `attemptsLeft`). */
  readonly details: Record<string, unknown>
  constructor(code: AuthErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.code = code
    this.status = STATUS[code]
    this.details = details
  }
}

/** The spec's server messages, word for word (the kit maps them to its alerts). */
export const serverMessages = {
  originNotAllowed: 'Unauthorized: origin not allowed',
  invalidKey: 'Unauthorized: invalid key',
  jwtNotYetValid: 'JWT validation error: JWT Token is not yet valid',
  jwtExpired: 'JWT validation error: JWT Token has expired',
  jwtInvalid: 'JWT validation error: invalid token',
} as const
