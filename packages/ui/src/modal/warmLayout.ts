import { runAtIdle } from './runAtIdle.js'

/**
 * Whether a copy of the dialog was laid out on this page. What it fills are the browser's own
 * caches (fonts matched and loaded, text shaped), shared by every later opening: once is enough.
 */
let warmed = false
/** Idle periods to wait for the dialog's view to be rendered ahead before giving up. */
const maxAttempts = 10

/**
 * @internal
 * Lays out a copy of the closed dialog once per page, at idle, so that opening it does not pay for
 * the browser's first layout of its text (the bench's click → list). The closed dialog is rendered
 * ahead but hidden (`display: none`, see Modal), so the browser has never matched its fonts or
 * shaped its text; at 4× CPU throttling that first layout took ~15 ms of the opening press, and
 * 1.5–3.5 ms once a copy had been laid out before. `find` returns the hidden dialog's root once its
 * view is rendered (else null, and it is asked again at the next idle period). Returns a cancel
 * function (for an effect's cleanup).
 *
 * @example
 * useEffect(() => warmLayoutAtIdle(() => document.getElementById(titleId)?.closest('[data-portico]')), [titleId])
 */
export function warmLayoutAtIdle(find: () => HTMLElement | null | undefined): () => void {
  let attempts = 0
  let cancel = () => {}
  const attempt = () => {
    if (warmed) return
    const hidden = find()
    if (!hidden) {
      if (++attempts < maxAttempts) cancel = runAtIdle(attempt)
      return
    }
    warmed = true
    // Opened meanwhile: its own layout has done it.
    if (hidden.style.display === 'none') layOutCopy(hidden)
  }
  cancel = runAtIdle(attempt)
  return () => cancel()
}

/**
 * @internal
 * Lays out a copy of `hidden` beside it and removes it in the same task, so it is never painted
 * nor seen by assistive tech. Frames and media are left out of the copy: they would load.
 */
export function layOutCopy(hidden: HTMLElement): void {
  const copy = hidden.cloneNode(true) as HTMLElement
  for (const node of copy.querySelectorAll('iframe, frame, object, embed, video, audio')) node.remove()
  copy.style.removeProperty('display')
  copy.style.setProperty('visibility', 'hidden', 'important')
  copy.setAttribute('aria-hidden', 'true')
  copy.inert = true
  hidden.after(copy)
  try {
    void copy.offsetHeight
  } finally {
    copy.remove()
  }
}

/** @internal Tests only: lets a page lay out a copy again. */
export function resetWarmLayout(): void {
  warmed = false
}
