import type { ConnectorFeatureLifecycle } from '../../kernel/featureLifecycle.js'
import { createAuthConnector } from './authConnector.js'

/**
 * @internal What the kernel loads when an embedded-wallet connector (`auth`) is first used, e.g.
 * to restore an email login on reload: its implementation.
 *
 * @example
 * const connector = lifecycle.connector(portico, descriptor)
 */
export const lifecycle: ConnectorFeatureLifecycle = {
  connector: (portico, { chain }) => createAuthConnector(portico, chain),
}
