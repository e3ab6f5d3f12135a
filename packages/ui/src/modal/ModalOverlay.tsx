import { cssVariableName } from '@portico/themes'
import { type CSSProperties, useLayoutEffect, useState } from 'react'
import { usePorticoUI } from '../context.js'
import * as css from './modal.css.js'
import { overlayPointer } from './scrollLock.css.js'
import { lockScroll, pageHasScrollbar } from './scrollLock.js'

/**
 * @internal
 * The backdrop behind the dialog, and its scroll lock. It replaces Radix's `Dialog.Overlay`, whose
 * lock (react-remove-scroll) injects a `<style>` element: blocked under a strict CSP, which left
 * the page scrolling under the modal. A press on it is outside the dialog's content, so
 * ModalContent's dismissable layer closes the dialog.
 */
export function ModalOverlay() {
  const { themeStyle } = usePorticoUI('ModalOverlay')
  // Known before this commit puts the modal in the DOM (watchPageScrollbar, started with the closed
  // modal; else read here, before the change). Read in an effect, it forced a layout of page and
  // modal, which the lock's attribute on <html> then invalidated again (the bench's click → list).
  // The lock is set before paint, so that one style pass covers it and the modal.
  const [hasScrollbar] = useState(pageHasScrollbar)
  useLayoutEffect(() => lockScroll(hasScrollbar), [hasScrollbar])
  return (
    <div
      className={`${css.overlay} ${overlayPointer}`}
      data-slot="modal-overlay"
      data-state="open"
      data-blur={blurs(themeStyle) ? '' : undefined}
      aria-hidden="true"
    />
  )
}

const blurVariable = cssVariableName('blurs', 'overlay')

/**
 * The theme blurs the page behind the modal: its `blurs.overlay` is not a zero length (`0`, `0px`,
 * `0.0rem`; the `none` option is `0px`). Without a blur the overlay gets no `backdrop-filter` at all:
 * even `blur(0px)` has the browser re-filter the page behind the modal on every frame (the bench's
 * scroll frames in All Wallets).
 */
function blurs(themeStyle: CSSProperties): boolean {
  const value = (themeStyle as Record<string, unknown>)[blurVariable]
  return typeof value === 'string' && !/^[+-]?(0+\.?0*|\.0+)[a-z%]*$/i.test(value.trim())
}
