/** @internal The attribute on `<html>` that the static stylesheet (scrollLock.css.ts) keys off. */
export const scrollLockAttribute = 'data-portico-scroll-lock'

let locks = 0

/**
 * @internal
 * Stops the page scrolling under the modal by marking `<html>` (reference-counted, so nested or
 * overlapping modals share one lock); returns the release. No style is injected and no inline
 * style is set, so it works under `style-src 'self'`.
 *
 * @example
 * useEffect(() => lockScroll(), [])
 */
export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => {}
  const root = document.documentElement
  if (locks++ === 0) {
    // A visible scrollbar keeps its gutter (no layout shift); a page without one gets none.
    const hasScrollbar = window.innerWidth - root.clientWidth > 0
    root.setAttribute(scrollLockAttribute, hasScrollbar ? 'gutter' : '')
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--locks === 0) root.removeAttribute(scrollLockAttribute)
  }
}
