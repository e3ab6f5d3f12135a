import { preloadModal } from './loadModal.js'
import { runAtIdle } from './runAtIdle.js'
import { preloadView, type ViewName, type ViewTable } from './views.js'

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
