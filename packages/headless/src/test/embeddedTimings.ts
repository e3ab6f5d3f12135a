import type { FrameTimings } from '../features/embedded/frameClient.js'
import { embeddedState } from '../features/embedded/state.js'
import { featureState } from '../kernel/featureState.js'
import type { Portico } from '../kernel/portico.js'

/**
 * Shorter frame timings for one instance's embedded wallet (e.g. a 300 ms load timeout), for tests
 * of the failure paths. Set before the wallet is first used: its frame reads them when it is made.
 * A test helper, not part of any public entry.
 */
export const embeddedTimings = {
  set(portico: Portico, timings: Partial<FrameTimings>): void {
    featureState(portico, embeddedState).timings = timings
  },
}
