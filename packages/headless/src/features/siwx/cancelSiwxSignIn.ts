import type { Portico } from '../../kernel/portico.js'
import { runSiwxCancel } from './siwxFlow.js'

/**
 * The sign step's "Cancel", with the spec's rule: when sign-in is required, the wallet goes back
 * to the last network on which the account has a session, or else it is disconnected; when
 * sign-in is optional, the step just closes (the account stays connected, unauthenticated).
 *
 * @example
 * await cancelSiwxSignIn(portico)
 */
export function cancelSiwxSignIn(portico: Portico): Promise<void> {
  return runSiwxCancel(portico)
}
