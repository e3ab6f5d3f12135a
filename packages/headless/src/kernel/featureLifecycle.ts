// The shape of a feature's `lifecycle.ts`, apart from kernel/lifecycle.ts (which loads them), so a
// feature's import of this type does not close a circle through the loaders.
import type { ConnectorDescriptor } from './lazyConnector.js'
import type { Portico } from './portico.js'
import type { Connector } from './types.js'

/**
 * What a feature whose connectors the kernel lists gives it, from its `lifecycle.ts` (loaded by
 * `featureLoaders` on the first use of one of them).
 */
export type ConnectorFeatureLifecycle = {
  /** The working connector behind one of the descriptors the feature listed. */
  connector(portico: Portico, descriptor: ConnectorDescriptor): Connector
}

/**
 * What a feature without connectors gives the kernel, from its `lifecycle.ts` (loaded by
 * `featureLoaders` with the instance).
 */
export type StartedFeatureLifecycle = {
  /** Runs once when the instance is created (sign-in watches the connection from then on). */
  start(portico: Portico): void
}
