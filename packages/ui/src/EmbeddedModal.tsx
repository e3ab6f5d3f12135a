import { usePorticoUI } from './context.js'
import { useModalModule } from './modal/loadModal.js'

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
  const ModalModule = useModalModule(true)
  return ModalModule ? <ModalModule.EmbeddedModal /> : null
}
