import { preloadModal, preloadView, type ViewName, type ViewTable } from './views.js'

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
 * function (for an effect's cleanup). `onLoaded` runs once both have arrived.
 *
 * @example
 * useEffect(() => prefetchModalAtIdle(modal.table, () => (isConnected ? 'Account' : 'Connect')), [])
 */
export function prefetchModalAtIdle(
  table: ViewTable,
  view: () => ViewName = () => 'Connect',
  onLoaded?: () => void,
): () => void {
  return runAtIdle(() => {
    const name = view()
    // preloadModal has the view on its way already: this waits for the one in flight.
    preloadModal(table, name)
      .then(() => preloadView(table, name))
      .then(onLoaded, () => {})
  })
}

/**
 * @internal
 * Runs `work` once the browser is idle (within 2 s on a busy page; after 300 ms where
 * `requestIdleCallback` is missing), never during a server render. Returns a cancel function.
 *
 * @example
 * useEffect(() => runAtIdle(() => void prepareWalletConnect(portico)), [portico])
 */
export function runAtIdle(work: () => void): () => void {
  if (typeof window === 'undefined') return () => {}
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: idleTimeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(work, fallbackDelayMs)
  return () => clearTimeout(id)
}
