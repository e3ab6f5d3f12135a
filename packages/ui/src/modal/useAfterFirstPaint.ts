import { useEffect, useState } from 'react'

/**
 * @internal
 * Runs `work` once the browser has painted the next frame: rAF runs just before that paint, and a
 * task queued from it runs after. For work an opening starts that its first frame does not need
 * (requests whose answers arrive later anyway); started in the opening commit, it runs between the
 * click and the first paint (issue 18: click -> list). Returns a cancel function.
 *
 * @example
 * afterNextPaint(() => void sendAnalyticsEvent(portico, { event: 'MODAL_OPEN' }))
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * @internal
 * `false` on the first render and until the browser has painted it, then `true` (see
 * {@link afterNextPaint}).
 *
 * @example
 * const painted = useAfterFirstPaint()
 * useWalletDirectory({ search: '', enabled: painted })
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted])
  return painted
}

/**
 * @internal
 * `ready`, but only once a frame has been painted since it became true: false on the render where
 * it turns true and until that frame is painted (see {@link afterNextPaint}). A first render with
 * `ready` already true gives true at once.
 *
 * @example
 * // A search's answer asks for its icons after the frame that lists it.
 * const answerPainted = usePaintedSince(!provisional)
 */
export function usePaintedSince(ready: boolean): boolean {
  const [painted, setPainted] = useState(ready)
  if (!ready && painted) setPainted(false)
  useEffect(() => (ready && !painted ? afterNextPaint(() => setPainted(true)) : undefined), [ready, painted])
  return ready && painted
}
