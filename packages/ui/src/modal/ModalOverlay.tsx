import { useEffect } from 'react'
import * as css from './modal.css.js'
import { overlayPointer } from './scrollLock.css.js'
import { lockScroll } from './scrollLock.js'

/**
 * @internal
 * The backdrop behind the dialog, and its scroll lock. It replaces Radix's `Dialog.Overlay`, whose
 * lock (react-remove-scroll) injects a `<style>` element: blocked under a strict CSP, which left
 * the page scrolling under the modal. Clicks on it are outside the dialog's content, so Radix
 * closes the dialog as before; focus trap and `aria-hidden` on the page stay Radix's.
 */
export function ModalOverlay() {
  useEffect(() => lockScroll(), [])
  return (
    <div
      className={`${css.overlay} ${overlayPointer}`}
      data-slot="modal-overlay"
      data-state="open"
      aria-hidden="true"
    />
  )
}
