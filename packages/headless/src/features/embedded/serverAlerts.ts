import type { AlertCode } from '../../kernel/alerts.js'
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
