import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'

/** Where an email login stands: the spec's VERIFY_DEVICE and VERIFY_OTP steps, then CONNECT(ed). */
export type EmailLoginStep = 'EMAIL' | 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECTED'

/** Where an email change stands: new address asked, primary code, secondary code, done. */
export type UpdateEmailStep = 'EMAIL' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' | 'DONE'

type FlowStepState<step> = { step: step; listeners: Set<(step: step) => void> }

// The frame holds one pending email login and one pending email change per instance (the code it
// waits for), so their steps are the instance's too: a host without React reads them with
// get/watch, and every view of one page agrees on them.
const emailLoginStepState = defineFeatureState<FlowStepState<EmailLoginStep>>('emailLoginStep', () => ({
  step: 'EMAIL',
  listeners: new Set(),
}))
const updateEmailStepState = defineFeatureState<FlowStepState<UpdateEmailStep>>('updateEmailStep', () => ({
  step: 'EMAIL',
  listeners: new Set(),
}))

function write<step>(state: FlowStepState<step>, step: step) {
  if (state.step === step) return
  state.step = step
  for (const listener of [...state.listeners]) listener(step)
}

function watch<step>(state: FlowStepState<step>, onChange: (step: step) => void): () => void {
  state.listeners.add(onChange)
  return () => {
    state.listeners.delete(onChange)
  }
}

/**
 * The step of this instance's email login: 'EMAIL' until a code is mailed, 'VERIFY_DEVICE' while a
 * new device waits for its approval link, 'VERIFY_OTP', then 'CONNECTED'. Written by
 * `sendEmailLoginMutationOptions` and `verifyEmailOtpMutationOptions`.
 *
 * @example
 * getEmailLoginStep(portico) // 'VERIFY_OTP' once the code is mailed
 */
export function getEmailLoginStep(portico: Portico): EmailLoginStep {
  return featureState(portico, emailLoginStepState).step
}

/**
 * Calls `onChange` each time this instance's email login moves to another step. Returns the
 * function that stops watching.
 *
 * @example
 * const unwatch = watchEmailLoginStep(portico, { onChange: (step) => render(step) })
 */
export function watchEmailLoginStep(
  portico: Portico,
  { onChange }: { onChange: (step: EmailLoginStep) => void },
): () => void {
  return watch(featureState(portico, emailLoginStepState), onChange)
}

/**
 * @internal
 * Moves this instance's email login to `step` (the mutation options, and a reset to 'EMAIL').
 */
export function setEmailLoginStep(portico: Portico, step: EmailLoginStep): void {
  write(featureState(portico, emailLoginStepState), step)
}

/**
 * The step of this instance's email change: 'EMAIL', 'VERIFY_PRIMARY_OTP' (a code mailed to the
 * current address), 'VERIFY_SECONDARY_OTP' (one mailed to the new address), then 'DONE'.
 *
 * @example
 * getUpdateEmailStep(portico) // 'VERIFY_PRIMARY_OTP' once the first code is mailed
 */
export function getUpdateEmailStep(portico: Portico): UpdateEmailStep {
  return featureState(portico, updateEmailStepState).step
}

/**
 * Calls `onChange` each time this instance's email change moves to another step. Returns the
 * function that stops watching.
 *
 * @example
 * const unwatch = watchUpdateEmailStep(portico, { onChange: (step) => render(step) })
 */
export function watchUpdateEmailStep(
  portico: Portico,
  { onChange }: { onChange: (step: UpdateEmailStep) => void },
): () => void {
  return watch(featureState(portico, updateEmailStepState), onChange)
}

/**
 * @internal
 * Moves this instance's email change to `step` (the mutation options, and a reset to 'EMAIL').
 */
export function setUpdateEmailStep(portico: Portico, step: UpdateEmailStep): void {
  write(featureState(portico, updateEmailStepState), step)
}
