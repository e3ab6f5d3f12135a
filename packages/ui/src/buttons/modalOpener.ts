import type { MouseEvent, PointerEvent } from 'react'
import type { ModalController } from '../modal/controller.js'

/** What a button that opens the modal spreads on its `<button>`. */
type OpenerProps = {
  onPointerEnter(): void
  onFocus(): void
  onPointerDown(event: PointerEvent<HTMLElement>): void
  onClick(event: MouseEvent<HTMLElement>): void
}

/**
 * Buttons whose last press opened the modal. Its click (if it reaches the button) must not ask
 * again: with a controlled `open` the host may not have opened yet, or the modal may already be
 * closed again (Escape while the button is held), and either way a second request is wrong.
 */
const openedByPress = new WeakSet<HTMLElement>()

/**
 * @internal
 * Event props for the kit's buttons that open the modal:
 * - pointing at or focusing the button starts loading the modal and the view it opens on;
 * - a mouse press (primary button, no modifier key) opens the modal at once, as Radix's menus do,
 *   so the view is on screen while the button is still held (the press is what the user
 *   feels; a press lasts ~100 ms). Focus stays off the button, the dialog takes it and gives it
 *   back to the button on close. Touch and pen open on click, so a scroll that starts on the
 *   button never opens anything; the keyboard opens on click (Enter, Space) as before;
 * - the click that ends a press which opened the modal does nothing more.
 */
export function modalOpener(modal: ModalController, open: () => void, preload: () => void): OpenerProps {
  return {
    onPointerDown(event) {
      const opens =
        event.pointerType === 'mouse' &&
        event.button === 0 &&
        !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) &&
        !modal.isOpen()
      if (!opens) {
        openedByPress.delete(event.currentTarget)
        return
      }
      event.preventDefault()
      openedByPress.add(event.currentTarget)
      open()
      modal.trigger = event.currentTarget
    },
    onClick(event) {
      // A click from the keyboard (Enter, Space) has no press: `detail` is 0. It always opens, even
      // when an earlier press's click never reached the button (released over the overlay).
      if (event.detail > 0 && openedByPress.delete(event.currentTarget)) return
      open()
    },
    onPointerEnter: preload,
    onFocus: preload,
  }
}
