import type { Portico } from '../portico.js'
import { setConnectors } from './registry.js'

/**
 * @internal
 * Starts wallet discovery on every adapter (reference-counted, so React StrictMode's double
 * mount and several providers share one discovery). Returns the release function.
 */
export function startDiscovery(portico: Portico): () => void {
  const state = portico._internal.discovery
  state.holders++
  if (state.holders === 1 && portico.options.enableInjected) {
    for (const adapter of portico.adapters.values()) {
      try {
        state.stops.push(
          adapter.watchConnectors((connectors) => setConnectors(portico, `adapter:${adapter.namespace}`, connectors)),
        )
      } catch (error) {
        // One adapter's broken discovery must not take the others down. It is an unknown failure
        // of a provider's start: the spec's INTERNAL_SDK_ERROR alert (once a page), and logged.
        console.error(`[portico] Wallet discovery failed for ${adapter.namespace}`, error)
        portico.alerts.emit('INTERNAL_SDK_ERROR', {
          details: `Wallet discovery failed for ${adapter.namespace}`,
          cause: error,
        })
      }
    }
  }
  let released = false
  return () => {
    if (released) return
    released = true
    state.holders--
    if (state.holders > 0) return
    for (const stop of state.stops.splice(0)) stop()
  }
}
