import type { AlertCode } from '../../kernel/alerts.js'
import type { BaseError } from '../../kernel/errors/base.js'
import type { Portico } from '../../kernel/portico.js'

/**
 * The auth server's messages that are the project's or the session's problem, not the request's
 * (the spec's server messages mapped to alerts): the page's origin is not on the project's
 * allow-list, the project id is unknown, or the session's token is not valid (expired, not yet
 * valid: a wrong clock, or tampered with).
 */
const serverAlerts: readonly (readonly [RegExp, AlertCode])[] = [
  [/^Unauthorized: origin not allowed/i, 'ORIGIN_NOT_ALLOWED'],
  [/^Unauthorized: invalid key/i, 'INVALID_PROJECT_ID'],
  [/^JWT validation error/i, 'SESSION_EXPIRED'],
]

/**
 * @internal
 * Raises the alert an auth server message stands for (see {@link serverAlerts}); other messages
 * raise nothing (the failed request reports them). Returns the alert's code, if any.
 *
 * @example
 * alertServerMessage(portico, 'JWT validation error: JWT Token has expired') // 'SESSION_EXPIRED'
 */
export function alertServerMessage(portico: Portico, message: string): AlertCode | undefined {
  const code = serverAlerts.find(([pattern]) => pattern.test(message))?.[1]
  if (code) portico.alerts.emit(code, { details: message })
  return code
}

// The frame's own failures, alerted under the spec's codes: it did not load, a login request got no
// answer, or the auth server does not allow this page's origin.
const frameAlerts = new Set<AlertCode>(['IFRAME_LOAD_FAILED', 'IFRAME_REQUEST_TIMEOUT', 'UNVERIFIED_DOMAIN'])

/**
 * @internal
 * Raises the alert for an error of the secure frame: its own failures by their code (the frame did
 * not load, a login request timed out, an unverified domain), the auth server's messages through
 * {@link alertServerMessage}. Returns the alert's code, if any.
 *
 * @example
 * alertFrameError(portico, new EmbeddedWalletLoadError({ frameUrl })) // 'IFRAME_LOAD_FAILED'
 */
export function alertFrameError(portico: Portico, error: BaseError & { code?: unknown }): AlertCode | undefined {
  const code = error.code as AlertCode
  if (!frameAlerts.has(code)) return alertServerMessage(portico, error.shortMessage)
  portico.alerts.emit(code, { message: error.shortMessage, details: error.details, cause: error })
  return code
}
