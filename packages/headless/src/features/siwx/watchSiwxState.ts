import type { Portico } from '../../kernel/portico.js'
import { type SiwxState, siwxStateAtom, startSiwxFlow } from './siwxFlow.js'

export type WatchSiwxStateParameters = { onChange(state: SiwxState, previous: SiwxState): void }

/**
 * Calls `onChange` whenever the sign-in state changes (a session found or added, the sign step
 * opening, failing or closing). Returns the unsubscribe function.
 *
 * @example
 * const unwatch = watchSiwxState(portico, { onChange: ({ step }) => step === 'prompt' && openSignStep() })
 */
export function watchSiwxState(portico: Portico, { onChange }: WatchSiwxStateParameters): () => void {
  startSiwxFlow(portico)
  let previous = portico.store.get(siwxStateAtom)
  return portico.store.sub(siwxStateAtom, () => {
    const next = portico.store.get(siwxStateAtom)
    if (next === previous) return
    const before = previous
    previous = next
    onChange(next, before)
  })
}
