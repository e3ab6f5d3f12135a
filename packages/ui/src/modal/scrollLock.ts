/** @internal The attribute on `<html>` that the static stylesheet (scrollLock.css.ts) keys off. */
export const scrollLockAttribute = 'data-portico-scroll-lock'

let locks = 0

/** The page's scrollbar as of its last layout, kept by {@link watchPageScrollbar}. */
let scrollbar: boolean | undefined
let watching = false

function measureScrollbar(): boolean {
  return window.innerWidth - document.documentElement.clientWidth > 0
}

/**
 * @internal
 * Keeps {@link pageHasScrollbar}'s answer current without reading layout when the modal opens: a
 * ResizeObserver on `<html>`, whose width changes when the page's scrollbar comes or goes (and when
 * the window resizes). Its callbacks run after the browser's own layout, where the read is free.
 * Started once, when the closed modal is rendered ahead; it lives as long as the page.
 *
 * @example
 * useEffect(watchPageScrollbar, [])
 */
export function watchPageScrollbar(): void {
  if (watching || typeof document === 'undefined' || typeof ResizeObserver === 'undefined') return
  watching = true
  new ResizeObserver(() => {
    scrollbar = measureScrollbar()
  }).observe(document.documentElement)
}

/**
 * @internal
 * Whether the page shows a scrollbar that takes room (it keeps its gutter while locked). The
 * watcher's answer when there is one; else it reads layout. That read was not free even while
 * rendering, before any DOM change: the press that opens the modal leaves the button's style to
 * recompute, and the read forced it (~10 ms of the bench's click → list at 4x CPU throttling).
 */
export function pageHasScrollbar(): boolean {
  if (typeof document === 'undefined') return false
  return scrollbar ?? measureScrollbar()
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
