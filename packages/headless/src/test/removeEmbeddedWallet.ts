import { embeddedState } from '../features/embedded/state.js'
import { featureState } from '../kernel/featureState.js'
import type { Portico } from '../kernel/portico.js'

/**
 * Takes an instance's embedded wallet off the page for good: its frame removed and its timers
 * cleared (the frame's load timeout among them, which would otherwise fire in a later test and
 * report a frame that never loaded). The instance keeps the destroyed wallet, so that work of the
 * ended test still under way (a warm-up, a reconnect) finds it rather than adding a new frame to
 * the next test's page. A test helper, not part of any public entry: a host's instance keeps its
 * frame for the page's life.
 */
export function removeEmbeddedWallet(portico: Portico): void {
  featureState(portico, embeddedState).wallet?.client.destroy()
}
