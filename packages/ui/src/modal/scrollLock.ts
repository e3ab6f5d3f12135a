/** @internal The attribute on `<html>` that the static stylesheet (scrollLock.css.ts) keys off. */
export const scrollLockAttribute = 'data-portico-scroll-lock'

let locks = 0

/**
 * @internal
 * Whether the page shows a scrollbar that takes room (it keeps its gutter while locked). Reads
 * layout: call it before the DOM changes (e.g. while rendering), where the last frame's layout is
 * still valid and the read is free; after a change it forces a layout.
 */
export function pageHasScrollbar(): boolean {
  if (typeof document === 'undefined') return false
  return window.innerWidth - document.documentElement.clientWidth > 0
}

/**
 * @internal
 * Stops the page scrolling under the modal by marking `<html>` (reference-counted, so nested or
 * overlapping modals share one lock); returns the release. No style is injected and no inline
 * style is set, so it works under `style-src 'self'`. `hasScrollbar` is measured here unless the
 * caller measured it earlier ({@link pageHasScrollbar}).
 *
 * @example
 * const [hasScrollbar] = useState(pageHasScrollbar)
 * useLayoutEffect(() => lockScroll(hasScrollbar), [hasScrollbar])
 */
export function lockScroll(hasScrollbar?: boolean): () => void {
  if (typeof document === 'undefined') return () => {}
  const root = document.documentElement
  if (locks++ === 0) {
    // A visible scrollbar keeps its gutter (no layout shift); a page without one gets none.
    root.setAttribute(scrollLockAttribute, (hasScrollbar ?? pageHasScrollbar()) ? 'gutter' : '')
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--locks === 0) root.removeAttribute(scrollLockAttribute)
  }
}
