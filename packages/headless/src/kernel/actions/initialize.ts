import type { Portico } from '../portico.js'
import { startDiscovery } from '../state/discovery.js'
import { hydrate } from '../state/hydrate.js'
import { reconnect } from './reconnect.js'

export type InitializeReturnType = () => void

/**
 * Starts a Portico instance on the client: reads persisted state (when created with `ssr: true`),
 * starts wallet discovery and silently reconnects the wallets that were connected before the page
 * loaded (status `reconnecting`, then `connected` or `disconnected`). `<PorticoProvider>` calls it
 * for you; call it yourself when using the core without React. Returns the stop function.
 *
 * @example
 * const stop = initialize(portico)
 * // later, e.g. on unmount
 * stop()
 */
export function initialize(portico: Portico): InitializeReturnType {
  hydrate(portico)
  const release = startDiscovery(portico)
  reconnect(portico).catch((error) => console.warn('[portico] Reconnect failed', error))
  return () => {
    release()
  }
}
