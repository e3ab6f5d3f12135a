import { useEffect, useState } from 'react'

/**
 * @internal
 * Runs `work` once the browser has painted the next frame: rAF runs just before that paint, and a
 * task queued from it runs after. For work an opening starts that its first frame does not need
 * (requests whose answers arrive later anyway); started in the opening commit, it runs between the
 * click and the first paint (the bench's click -> list). Returns a cancel function.
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

/** No frame painted for any content yet (see {@link usePaintedSince}). */
const unpainted = Symbol('unpainted')

/**
 * @internal
 * `ready`, but only once a frame has been painted since it became true for this `content`: false
 * on the render where it turns true or `content` changes, and until that frame is painted (see
 * {@link afterNextPaint}). A first render with `ready` already true gives true at once.
 *
 * @example
 * // A search's answer asks for its icons after the frame that lists it.
 * const answerPainted = usePaintedSince(!provisional, query)
 */
export function usePaintedSince(ready: boolean, content?: unknown): boolean {
  // Set through functions: `content` may itself be one, which useState would call.
  const [paintedFor, setPaintedFor] = useState<unknown>(() => (ready ? content : unpainted))
  if (!ready && paintedFor !== unpainted) setPaintedFor(() => unpainted)
  const painted = ready && Object.is(paintedFor, content)
  useEffect(
    () => (ready && !painted ? afterNextPaint(() => setPaintedFor(() => content)) : undefined),
    [ready, painted, content],
  )
  return painted
}
