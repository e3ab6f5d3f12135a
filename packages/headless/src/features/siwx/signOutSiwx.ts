import type { Portico } from '../../kernel/portico.js'
import { runSiwxSignOut } from './siwxFlow.js'

/**
 * Signs the connected account out on its network (revokes its session) and updates the
 * sign-in state; the account stays connected.
 *
 * @example
 * await signOutSiwx(portico) // getSiwxState(portico).status === 'unauthenticated'
 */
export function signOutSiwx(portico: Portico): Promise<void> {
  return runSiwxSignOut(portico)
}
