import type { StartedFeatureLifecycle } from '../../kernel/featureLifecycle.js'
import { startConnections } from './connections.js'

/**
 * @internal What the kernel loads when an instance turns `multiWallet` on: the list of wallet
 * connections, which must follow the kernel from the first connection on (and restore the stored
 * list on reload). Its readers start it too (`startConnections` runs once per instance), for an
 * instance whose remote configuration turns the feature on.
 *
 * @example
 * lifecycle.start(portico)
 */
export const lifecycle: StartedFeatureLifecycle = {
  start(portico) {
    startConnections(portico)
  },
}
