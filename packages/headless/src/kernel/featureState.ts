import type { FeatureStateKey, Portico } from './portico.js'

/**
 * @internal
 * Declares a feature's per-instance state: `create` runs the first time an instance asks for it.
 *
 * @example
 * const sendState = defineFeatureState('send', () => ({ pending: 0 }))
 * featureState(portico, sendState).pending++
 */
export function defineFeatureState<value>(name: string, create: (portico: Portico) => value): FeatureStateKey<value> {
  return { name, create }
}

/**
 * @internal
 * The state `key` names, in `portico`'s runtime (made on first use). Features keep their
 * per-instance fields here, never in module-level maps keyed by the instance.
 *
 * @example
 * const flow = featureState(portico, siwxFlowState)
 */
export function featureState<value>(portico: Portico, key: FeatureStateKey<value>): value {
  const slots = portico._internal.features
  if (!slots.has(key)) slots.set(key, key.create(portico))
  return slots.get(key) as value
}
