import { Suspense } from 'react'
import { usePorticoUI } from './context.js'
import { LazyEmbeddedModal } from './modal/loadModal.js'

/**
 * The modal rendered inline, for `<PorticoUI embedded>`: no overlay, no portal, never closes
 * (closing returns to Account when connected, otherwise Connect).
 *
 * @example
 * <PorticoUI embedded>
 *   <aside><EmbeddedModal /></aside>
 * </PorticoUI>
 */
export function EmbeddedModal() {
  usePorticoUI('EmbeddedModal')
  return (
    <Suspense fallback={null}>
      <LazyEmbeddedModal />
    </Suspense>
  )
}
