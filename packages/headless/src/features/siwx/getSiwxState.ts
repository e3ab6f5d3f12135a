import type { Portico } from '../../kernel/portico.js'
import { type SiwxState, siwxStateAtom, startSiwxFlow } from './siwxFlow.js'

export type { SiwxState, SiwxStatus, SiwxStep } from './siwxFlow.js'
export type GetSiwxStateReturnType = SiwxState

/**
 * The sign-in state of the connected account on its network: `status` (`unauthenticated`,
 * `authenticating`, `authenticated`), the sign `step` a UI shows, the sessions and the last
 * error. Without a `siwx` option it stays `unauthenticated` / `idle`.
 *
 * @example
 * const { status, step } = getSiwxState(portico)
 * if (step === 'prompt') openSignStep()
 */
export function getSiwxState(portico: Portico): GetSiwxStateReturnType {
  startSiwxFlow(portico)
  return portico.store.get(siwxStateAtom)
}
