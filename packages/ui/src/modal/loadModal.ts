import { lazy, useLazy } from './lazy.js'
import type { ViewName, ViewTable } from './viewRegistry.js'
import { preloadView } from './views.js'

// The modal's chunk and how to reach it. Its own module, apart from views.ts, whose view helpers
// the modal itself uses: the loader of a lazy chunk is never imported by that chunk.
const modal = lazy(() => import('./Modal.js'))

/**
 * @internal
 * Starts loading the modal chunk and the view it will open on (Connect unless told otherwise), in
 * parallel; safe to call often.
 */
export function preloadModal(table: ViewTable, view: ViewName = 'Connect'): Promise<typeof import('./Modal.js')> {
  preloadView(table, view).catch(() => {})
  // A hover or focus preloads and forgets: its failure (offline) is no unhandled rejection in the
  // host's page; the opening that needs the modal fetches it again and warns.
  const loading = modal.load()
  loading.catch(() => {})
  return loading
}

/**
 * @internal The modal module once loaded (loading it while `enabled`), else undefined; `null` when
 * it could not load (warned about). A new `attempt` fetches it again.
 */
export function useModalModule(enabled: boolean, attempt?: number): typeof import('./Modal.js') | null | undefined {
  return useLazy(modal, enabled, 'the modal', attempt)
}
