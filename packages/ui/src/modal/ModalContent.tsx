import * as DismissableLayer from '@radix-ui/react-dismissable-layer'
import * as FocusScope from '@radix-ui/react-focus-scope'
import { hideOthers } from 'aria-hidden'
import { type ReactNode, useEffect, useRef } from 'react'
import type { ModalController } from './controller.js'
import * as css from './modal.css.js'
import { afterNextPaint } from './useAfterFirstPaint.js'

/**
 * @internal
 * The dialog's box: a modal dialog built from the pieces of Radix's `Dialog.Content` (a trapped,
 * looping FocusScope that accepts branches such as the secure frame, a DismissableLayer for Escape
 * and outside presses, `aria-hidden` on the rest of the page), without the parts that cost the
 * opening frame and that this modal does not use (the bench's click → list):
 * - Presence, which reads the computed `animationName` as the content mounts (a forced style pass)
 *   to play exit animations this modal does not have;
 * - the focus guards inserted into `<body>` and `pointer-events: none` on `<body>`, each a restyle
 *   of the host's whole page: the overlay already covers the page and a press on it dismisses;
 * - focusing the first control and hiding the page from assistive tech inside the opening commit,
 *   where focus forces a layout of the page and the modal: both happen once that frame is painted
 *   (a frame later, with layout clean).
 *
 * Closing gives focus back to the element that opened the modal (`modal.trigger`), else to the
 * element that had it when the modal opened.
 *
 * A press outside closes it when it is the first of a click sequence only: the second press of a
 * double click on an opener (whose first press opened the modal) lands on the overlay now over the
 * opener, and must leave open the modal that its first press opened.
 */
export function ModalContent({
  modal,
  titleId,
  open = true,
  children,
}: {
  modal: ModalController
  titleId: string
  /**
   * False while the closed dialog is rendered ahead, hidden (see Modal): it is not a dialog then,
   * to assistive tech or to a page's `[role="dialog"]` query.
   */
  open?: boolean | undefined
  children: ReactNode
}) {
  const content = useRef<HTMLDivElement>(null)
  const { nodes: branches, registry } = FocusScope.useFocusScopeBranchRegistry()
  const branchesRef = useRef(branches)
  branchesRef.current = branches
  // The click count (`detail`) of the latest click: an outside press is decided when its click
  // comes (`deferPointerDownOutside`), and only the click carries the count (Chromium's
  // `pointerdown` has `detail` 0; its `mousedown` is not sent when a handler prevents the press).
  const clickCount = useRef(0)
  useEffect(() => {
    let restore: (() => void) | undefined
    // Focus already in the dialog or one of its branches (the secure frame), or moved on its own
    // meanwhile (a field the user clicked), is left where it is.
    const before = document.activeElement
    // Opened from the keyboard, the opener shows the keyboard ring (`:focus-visible`); pressed with
    // a mouse or a finger, or opened by the page, it does not, and neither does the first control.
    const byKeyboard = before instanceof Element && before !== document.body && before.matches(':focus-visible')
    const cancel = afterNextPaint(() => {
      const node = content.current
      if (!node) return
      // The rest of the page is hidden from assistive tech, except the toasts: announced while
      // the modal is open ("Address copied"), they must stay readable.
      restore = hideOthers([node, ...document.querySelectorAll('[data-portico] [data-slot="toast-region"]')])
      const now = document.activeElement
      const inScope = now && (node.contains(now) || branchesRef.current.some((branch) => branch.contains(now)))
      if (!inScope && (now === before || now === document.body || !now)) focusFirstTabbable(node, byKeyboard)
    })
    // After a press, focus that lands in the dialog is a pointer user's (Radix's tabs and roving
    // groups focus from their own handlers, which Chromium shows as keyboard focus); a key makes
    // the user a keyboard user again.
    const node = content.current
    let pointer = !byKeyboard
    const onPointerDown = () => {
      pointer = true
    }
    const onKeyDown = (event: KeyboardEvent) => {
      pointer = false
      if (node) wrapPastDisabledEdge(node, event)
    }
    const onFocusIn = (event: FocusEvent) => {
      if (pointer && event.target instanceof HTMLElement) markPointerFocus(event.target)
    }
    // The view the latest single click landed on. A double click whose first click moved the modal
    // to another view (a network picked: the Account view comes) has its second click land on
    // whatever that view has there (its Receive button): not the user's choice, so it is dropped
    // before React sees it. Its `mousedown` goes the same way.
    let clickedView: string | null | undefined
    const viewNow = () => node?.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
    const onLaterPress = (event: MouseEvent) => {
      if (event.detail <= 1 || !(event.target instanceof Node) || !node?.contains(event.target)) return
      if (viewNow() === clickedView) return
      event.preventDefault()
      event.stopPropagation()
    }
    // Capture on the document: before Radix's listener, which decides the outside press on click,
    // and before React's, on the root.
    const onClick = (event: MouseEvent) => {
      clickCount.current = event.detail
      if (event.detail <= 1) clickedView = viewNow()
      else onLaterPress(event)
    }
    // That second press, on the overlay, also leaves focus in the dialog: by default it would move
    // focus to the page's body, out of the trap, and Tab would then walk the page under the modal.
    const onMouseDown = (event: MouseEvent) => {
      if (event.detail > 1 && event.target instanceof Element && event.target.matches('[data-slot="modal-overlay"]'))
        event.preventDefault()
      else onLaterPress(event)
    }
    document.addEventListener('click', onClick, true)
    document.addEventListener('mousedown', onMouseDown, true)
    node?.addEventListener('pointerdown', onPointerDown, true)
    node?.addEventListener('keydown', onKeyDown, true)
    node?.addEventListener('focusin', onFocusIn)
    return () => {
      cancel()
      restore?.()
      node?.removeEventListener('pointerdown', onPointerDown, true)
      node?.removeEventListener('keydown', onKeyDown, true)
      node?.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('mousedown', onMouseDown, true)
    }
  }, [])
  return (
    <FocusScope.FocusScopeBranchProvider registry={registry}>
      <FocusScope.Root
        asChild
        loop
        trapped
        branches={branches}
        onMountAutoFocus={(event) => event.preventDefault()}
        onUnmountAutoFocus={(event) => {
          const trigger = modal.trigger
          if (trigger?.isConnected) {
            event.preventDefault()
            trigger.focus()
          }
        }}
      >
        <DismissableLayer.Root
          ref={content}
          role={open ? 'dialog' : undefined}
          aria-modal={open ? 'true' : undefined}
          aria-labelledby={open ? titleId : undefined}
          data-state={open ? 'open' : 'closed'}
          className={css.content}
          data-slot="modal-content"
          // A press outside dismisses once it ends in a click (a drag that starts outside does not).
          deferPointerDownOutside
          onPointerDownOutside={(event) => {
            const { button, ctrlKey } = event.detail.originalEvent
            // A context menu is not a dismissal.
            if (button === 2 || (button === 0 && ctrlKey)) event.preventDefault()
            // Nor is the second press of a double click (the first opened the modal or was in it):
            // a press of the primary button is decided on its click, whose count this is.
            else if (button === 0 && clickCount.current > 1) event.preventDefault()
          }}
          // Focus leaving for a branch (the secure frame) or the browser's UI is not a dismissal.
          onFocusOutside={(event) => event.preventDefault()}
          onDismiss={modal.close}
        >
          {children}
        </DismissableLayer.Root>
      </FocusScope.Root>
    </FocusScope.FocusScopeBranchProvider>
  )
}

/**
 * The controls of `container` that Radix's FocusScope counts as tab stops (Tab order index, not
 * disabled by their own attribute, not hidden), visible ones only, in document order. Lazy: the
 * opening focus looks at the first few only.
 */
function* tabStops(container: HTMLElement): Generator<HTMLElement> {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_ELEMENT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as HTMLElement & { disabled?: boolean }
    if (element.tabIndex < 0 || element.disabled || element.hidden) continue
    if (element instanceof HTMLInputElement && element.type === 'hidden') continue
    if (typeof element.checkVisibility === 'function' && !element.checkVisibility({ checkVisibilityCSS: true }))
      continue
    yield element
  }
}

/**
 * Tab on the dialog's last control goes to its first, and Shift+Tab on the first to the last, also
 * when the controls beyond that edge are disabled by a disabled `<fieldset>` (the Connect view's
 * wallets until the legal box is ticked). Radix's loop reads a control's own `disabled`, so it takes
 * such a row for the edge and lets the key through, and focus left the dialog for the page's body.
 * Where Radix's edge is the real one, its own loop acts and this does nothing.
 */
function wrapPastDisabledEdge(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
  // Without a disabled fieldset Radix's edges are right: no walk over the dialog on every Tab.
  if (!container.querySelector('fieldset:disabled')) return
  const candidates = [...tabStops(container)]
  const focusable = candidates.filter((element) => !element.matches(':disabled'))
  const edge = event.shiftKey ? focusable[0] : focusable.at(-1)
  const radixEdge = event.shiftKey ? candidates[0] : candidates.at(-1)
  if (!edge || edge === radixEdge || document.activeElement !== edge) return
  event.preventDefault()
  ;(event.shiftKey ? focusable.at(-1) : focusable[0])?.focus()
}

/**
 * Focuses the first control of `container` that takes Tab focus and is visible, links excluded (as
 * Radix's FocusScope does on mount), else the container itself. Not `byKeyboard`, the control is
 * marked `data-pointer-focus` until it loses focus or a key is pressed: Chromium shows script focus
 * as `:focus-visible`, and the kit's ring (base.css.ts) skips a marked control.
 */
function focusFirstTabbable(container: HTMLElement, byKeyboard: boolean): void {
  for (const element of tabStops(container)) {
    if (element instanceof HTMLAnchorElement) continue
    if (!byKeyboard) markPointerFocus(element)
    element.focus({ preventScroll: true })
    if (document.activeElement === element) {
      if (element instanceof HTMLInputElement) element.select()
      return
    }
    element.removeAttribute('data-pointer-focus')
  }
  if (container.tabIndex < 0) container.setAttribute('tabindex', '-1')
  if (!byKeyboard) markPointerFocus(container)
  container.focus({ preventScroll: true })
}

/** Marks `element` as focused for a pointer user until it loses focus or a key is pressed. */
function markPointerFocus(element: HTMLElement): void {
  element.setAttribute('data-pointer-focus', '')
  const clear = () => {
    element.removeAttribute('data-pointer-focus')
    element.removeEventListener('blur', clear)
    element.removeEventListener('keydown', clear)
  }
  element.addEventListener('blur', clear)
  element.addEventListener('keydown', clear)
}
