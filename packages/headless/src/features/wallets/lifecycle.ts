import type { FeatureLifecycle } from '../../kernel/featureLifecycle.js'
import { startConnections } from './connections.js'

export { disconnectConnection } from './connections.js'

/**
 * @internal What the kernel loads when an instance turns `multiWallet` on: the list of wallet
 * connections, which must follow the kernel from the first connection on (and restore the stored
 * list on reload).
 *
 * @example
 * lifecycle.start?.(portico)
 */
export const lifecycle: FeatureLifecycle = {
  start(portico) {
    startConnections(portico)
  },
}
