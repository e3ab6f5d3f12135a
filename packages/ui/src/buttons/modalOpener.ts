import type { MouseEvent, PointerEvent } from 'react'
import type { ModalStore } from '../state/modalStore.js'

/** What a button that opens the modal spreads on its `<button>`. */
type OpenerProps = {
  onPointerEnter(): void
  onFocus(): void
  onPointerDown(event: PointerEvent<HTMLElement>): void
  onClick(event: MouseEvent<HTMLElement>): void
}

/**
 * @internal
 * Event props for the kit's buttons that open the modal:
 * - pointing at or focusing the button starts loading the modal and the view it opens on;
 * - a mouse press (primary button, no modifier key) opens the modal at once, as Radix's menus do,
 *   so the view is on screen while the button is still held (issue 18: the press is what the user
 *   feels; a press lasts ~100 ms). Focus stays off the button, the dialog takes it and gives it
 *   back to the button on close. Touch and pen open on click, so a scroll that starts on the
 *   button never opens anything; the keyboard opens on click (Enter, Space) as before;
 * - the click that ends a press which already opened the modal does nothing more.
 */
export function modalOpener(store: ModalStore, open: () => void, preload: () => void): OpenerProps {
  return {
    onPointerEnter: preload,
    onFocus: preload,
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType !== 'mouse' || event.button !== 0) return
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return
      if (store.getState().open) return
      event.preventDefault()
      open()
      store.trigger = event.currentTarget
    },
    onClick() {
      if (!store.getState().open) open()
    },
  }
}
