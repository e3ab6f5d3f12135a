import type { ViewName } from '../state/modalStore.js'
import { preloadModal } from './loadModal.js'

/** Fallback delay where `requestIdleCallback` is missing (Safari before 18.2): after first paint. */
const fallbackDelayMs = 300
/** Idle callbacks may never come on a busy page; fetch anyway by then. */
const idleTimeoutMs = 2000

/**
 * @internal
 * Fetches the modal chunk and the view it will open on once the browser is idle after the first
 * render, so a click finds them loaded instead of waiting on the network and parsing. Only the
 * host's own chunks are fetched (dynamic imports of this package); nothing goes to another host.
 * It never blocks rendering, and a failed fetch is retried when the modal opens. Returns a cancel
 * function (for an effect's cleanup).
 *
 * @example
 * useEffect(() => prefetchModalAtIdle(() => (isConnected ? 'Account' : 'Connect')), [])
 */
export function prefetchModalAtIdle(view: () => ViewName = () => 'Connect'): () => void {
  if (typeof window === 'undefined') return () => {}
  const run = () => {
    preloadModal(view()).catch(() => {})
  }
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: idleTimeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(run, fallbackDelayMs)
  return () => clearTimeout(id)
}
