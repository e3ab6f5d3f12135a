// AuthError and the server messages: every code's HTTP status against the README's error table
// (the auth server's public contract), the spec's server messages word for word (the kit maps them
// to its alerts), and what an AuthError carries. How the app turns an error into its JSON answer
// (Retry-After, INTERNAL without details) is in faults.test.ts and ../test/suite.ts.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { AuthError, type AuthErrorCode, serverMessages } from './errors.js'

/** The `| status | `CODE` | message |` rows of packages/auth/README.md's error table. */
function readmeTable(): Map<string, number> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const rows = new Map<string, number>()
  for (const m of readme.matchAll(/^\|\s*(\d{3})\s*\|\s*`([A-Z_]+)`\s*\|/gm)) rows.set(m[2]!, Number(m[1]))
  return rows
}

// Codes the README names in prose (passkeys) or not at all (routing): their statuses, as documented there.
const documentedElsewhere: Record<string, number> = {
  PASSKEY_CHALLENGE_INVALID: 404,
  PASSKEY_CHALLENGE_USED: 410,
  PASSKEY_CHALLENGE_EXPIRED: 410,
  PASSKEY_INVALID: 400,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_EXISTS: 409,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
}

describe('status codes', () => {
  test('behavior: every code in the README’s error table has that status', () => {
    const table = readmeTable()
    expect(table.size).toBeGreaterThanOrEqual(25)
    for (const [code, status] of table) expect(new AuthError(code as AuthErrorCode, 'x').status, code).toBe(status)
  })

  test('behavior: the codes outside the table have their documented statuses', () => {
    for (const [code, status] of Object.entries(documentedElsewhere))
      expect(new AuthError(code as AuthErrorCode, 'x').status, code).toBe(status)
  })

  test('security: the session and origin refusals are 401 and 403, never a success or a server error', () => {
    for (const code of [
      'UNAUTHORIZED',
      'JWT_NOT_YET_VALID',
      'JWT_EXPIRED',
      'JWT_INVALID',
      'SESSION_REVOKED',
      'INVALID_PROJECT_ID',
      'SOCIAL_LOGIN_FAILED',
    ] as const)
      expect(new AuthError(code, 'x').status, code).toBe(401)
    for (const code of ['ORIGIN_NOT_ALLOWED', 'DEVICE_NOT_VERIFIED', 'RECOVERY_NOT_ALLOWED'] as const)
      expect(new AuthError(code, 'x').status, code).toBe(403)
  })

  test('edge: only the three server-side failures are 5xx, and rate limits are 429', () => {
    const table = readmeTable()
    const all = [...new Set([...table.keys(), ...Object.keys(documentedElsewhere)])] as AuthErrorCode[]
    const fivexx = all.filter((code) => new AuthError(code, 'x').status >= 500).sort()
    expect(fivexx).toEqual(['INTERNAL', 'MAIL_FAILED', 'UNAVAILABLE'])
    expect(new AuthError('RATE_LIMITED', 'x').status).toBe(429)
    expect(new AuthError('OTP_ATTEMPTS_EXHAUSTED', 'x').status).toBe(429)
    for (const code of all) {
      const { status } = new AuthError(code, 'x')
      expect(Number.isInteger(status) && status >= 400 && status < 600, code).toBe(true)
    }
  })
})

describe('AuthError', () => {
  test('default: an Error named AuthError with its code, message and empty details', () => {
    const error = new AuthError('OTP_INVALID', 'Invalid code')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('AuthError')
    expect(error.message).toBe('Invalid code')
    expect(error.code).toBe('OTP_INVALID')
    expect(error.details).toEqual({})
    expect(String(error)).toBe('AuthError: Invalid code')
    expect(error.stack).toContain('AuthError')
  })

  test('behavior: details are carried as given, and no two errors share a details object', () => {
    const limited = new AuthError('RATE_LIMITED', 'Please try again after 3 seconds', { retryAfter: 3 })
    expect(limited.details).toEqual({ retryAfter: 3 })
    const a = new AuthError('BAD_REQUEST', 'a')
    const b = new AuthError('BAD_REQUEST', 'b')
    expect(a.details).not.toBe(b.details)
  })
})

describe('serverMessages', () => {
  test('behavior: the spec’s server messages, word for word', () => {
    // The spec ("Server messages mapped to alerts") lists the first three.
    expect(serverMessages.originNotAllowed).toBe('Unauthorized: origin not allowed')
    expect(serverMessages.jwtNotYetValid).toBe('JWT validation error: JWT Token is not yet valid')
    expect(serverMessages.invalidKey).toBe('Unauthorized: invalid key')
    expect(serverMessages.jwtExpired).toBe('JWT validation error: JWT Token has expired')
    expect(serverMessages.jwtInvalid).toBe('JWT validation error: invalid token')
  })

  test('behavior: each message is the README’s message for its code', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const pairs: [string, string][] = [
      ['INVALID_PROJECT_ID', serverMessages.invalidKey],
      ['ORIGIN_NOT_ALLOWED', serverMessages.originNotAllowed],
      ['JWT_NOT_YET_VALID', serverMessages.jwtNotYetValid],
      ['JWT_EXPIRED', serverMessages.jwtExpired],
      ['JWT_INVALID', serverMessages.jwtInvalid],
    ]
    for (const [code, message] of pairs) {
      const row = new RegExp(`^\\|[^|]*\\|\\s*\`${code}\`\\s*\\|\\s*\`([^\`]*)\``, 'm').exec(readme)
      expect(row?.[1], code).toBe(message)
    }
  })
})
