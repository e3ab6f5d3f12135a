import type { StartedFeatureLifecycle } from '../../kernel/featureLifecycle.js'
import { startSiwxFlow } from './siwxFlow.js'

/**
 * @internal What the kernel loads when an instance has a `siwx` option: the sign-in flow, started
 * with the instance (a sign step after connect, sign-out on disconnect).
 *
 * @example
 * lifecycle.start(portico)
 */
export const lifecycle: StartedFeatureLifecycle = {
  start(portico) {
    startSiwxFlow(portico)
  },
}
