import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { SwapStep } from './swap.js'

/**
 * The instance's swap in progress: which step runs (`undefined` when no swap runs) and who
 * listens. Kept in the instance, not in a hook, so a host without React can show the progress of
 * a swap started by `swapMutationOptions` (and several views of one page agree on it).
 */
type SwapStepState = {
  step: SwapStep | undefined
  /** The swap the step belongs to: only that swap's end clears it. */
  owner: object | undefined
  listeners: Set<(step: SwapStep | undefined) => void>
}

const swapStepState = defineFeatureState<SwapStepState>('swapStep', () => ({
  step: undefined,
  owner: undefined,
  listeners: new Set(),
}))

function write(state: SwapStepState, owner: object | undefined, step: SwapStep | undefined) {
  state.owner = owner
  if (state.step === step) return
  state.step = step
  for (const listener of [...state.listeners]) listener(step)
}

export type GetSwapStepReturnType = SwapStep | undefined

/**
 * The step of the swap in progress on this instance ('allowance', 'approve', 'permit', 'swap'),
 * or `undefined` when none runs. Follows swaps started through `swapMutationOptions`.
 *
 * @example
 * getSwapStep(portico) // 'approve' while the wallet is asked to approve the source token
 */
export function getSwapStep(portico: Portico): GetSwapStepReturnType {
  return featureState(portico, swapStepState).step
}

export type WatchSwapStepParameters = { onChange: (step: GetSwapStepReturnType) => void }

/**
 * Calls `onChange` each time the swap in progress moves to another step, and with `undefined`
 * when it ends (success or failure). Returns the function that stops watching.
 *
 * @example
 * const unwatch = watchSwapStep(portico, { onChange: (step) => render(step) })
 */
export function watchSwapStep(portico: Portico, { onChange }: WatchSwapStepParameters): () => void {
  const { listeners } = featureState(portico, swapStepState)
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

/**
 * @internal
 * Runs one swap's work with its steps published as the instance's swap step; the step goes back
 * to `undefined` when that swap ends, unless a later swap has taken over the step meanwhile.
 */
export async function withSwapSteps<result>(
  portico: Portico,
  run: (onStep: (step: SwapStep) => void) => Promise<result>,
): Promise<result> {
  const state = featureState(portico, swapStepState)
  const owner = {}
  try {
    return await run((step) => write(state, owner, step))
  } finally {
    if (state.owner === owner) write(state, undefined, undefined)
  }
}
