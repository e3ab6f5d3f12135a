import { lazy } from 'react'

// The modal (Radix Dialog, the view switch, every view) is its own chunk: nothing of it loads
// until the user shows intent (hover or focus on a button) or opens it.
const load = () => import('./Modal.js')
let pending: ReturnType<typeof load> | undefined

/** @internal Starts loading the modal chunk; safe to call often. */
export function preloadModal() {
  pending ??= load()
  return pending
}

/** @internal */
export const LazyModal = lazy(() => preloadModal().then((m) => ({ default: m.Modal })))
/** @internal */
export const LazyEmbeddedModal = lazy(() => preloadModal().then((m) => ({ default: m.EmbeddedModal })))
