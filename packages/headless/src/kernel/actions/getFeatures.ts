import { defaultFeatures, type Features } from '../defaults.js'
import type { Portico } from '../portico.js'
import { featuresAtom } from '../state/atoms.js'

/**
 * The effective feature flags now: defaults and local settings, and once
 * {@link fetchRemoteFeatures} has loaded, the remote configuration.
 *
 * @example
 * getFeatures(portico).swaps // true
 */
export function getFeatures(portico: Portico): Features {
  return portico.store.get(featuresAtom) ?? defaultFeatures
}
