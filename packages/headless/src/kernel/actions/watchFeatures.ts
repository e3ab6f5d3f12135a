import type { Features } from '../defaults.js'
import type { Portico } from '../portico.js'
import { featuresAtom } from '../state/atoms.js'
import { getFeatures } from './getFeatures.js'

/**
 * Calls `onChange` when the feature flags change (e.g. the remote configuration loaded).
 * Returns the unsubscribe function.
 *
 * @example
 * const unwatch = watchFeatures(portico, { onChange: (features) => render(features) })
 */
export function watchFeatures(portico: Portico, { onChange }: { onChange(features: Features): void }): () => void {
  return portico.store.sub(featuresAtom, () => onChange(getFeatures(portico)))
}
