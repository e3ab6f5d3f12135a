// The shape of a feature's `lifecycle.ts`, apart from kernel/lifecycle.ts (which loads them), so a
// feature's import of this type does not close a circle through the loaders.
import type { ConnectorDescriptor } from './lazyConnector.js'
import type { Portico } from './portico.js'
import type { Connector } from './types.js'

/**
 * What a feature gives the kernel at its lifecycle points, from its `lifecycle.ts` (loaded by
 * `featureLoaders` when first needed).
 */
export type FeatureLifecycle = {
  /** The working connector behind one of the descriptors the feature listed. */
  connector?(portico: Portico, descriptor: ConnectorDescriptor): Connector
  /** Runs once when the instance is created (sign-in watches the connection from then on). */
  start?(portico: Portico): void
}
