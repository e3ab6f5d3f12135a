import { useReducer } from 'react'
import { button } from './components/primitives.css.js'
import { ThemeRoot } from './components/ThemeRoot.js'
import { usePorticoUI } from './context.js'
import { useModalModule } from './modal/loadModal.js'

/**
 * The modal rendered inline, for `<PorticoUI embedded>`: no overlay, no portal, never closes
 * (closing returns to Account when connected, otherwise Connect). When its code cannot arrive
 * (offline, a deploy that replaced its chunk) it shows Try again, which fetches it anew, rather
 * than an empty place (with the warning "Could not load the modal").
 *
 * @example
 * <PorticoUI embedded>
 *   <aside><EmbeddedModal /></aside>
 * </PorticoUI>
 */
export function EmbeddedModal() {
  const { messages } = usePorticoUI('EmbeddedModal')
  const [attempt, retry] = useReducer((n: number) => n + 1, 0)
  const ModalModule = useModalModule(true, attempt)
  if (ModalModule === null)
    return (
      <ThemeRoot>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          onClick={retry}
          data-slot="embedded-modal-retry"
        >
          {messages.tryAgain}
        </button>
      </ThemeRoot>
    )
  return ModalModule ? <ModalModule.EmbeddedModal /> : null
}
