/**
 * Two animation frames: every task queued before them has run (unhandled-rejection events
 * included), and so have the browser's layout and the ResizeObservers' callbacks after it. A test
 * waits for this rather than for a duration.
 *
 * @example
 * await frames()
 * expect(warnings).toHaveLength(1)
 */
export const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

/**
 * Waits animation frame by animation frame until `condition` holds, for at most `limit` frames, and
 * says whether it held. Unlike `expect.poll`, `expect.element` and `vi.waitFor`, which move a fake
 * clock on by their interval at each try, it leaves a fake clock where the test put it.
 *
 * @example
 * await vi.advanceTimersByTimeAsync(1_050)
 * await untilFrame(() => !button.disabled)
 */
export async function untilFrame(condition: () => boolean, limit = 120): Promise<boolean> {
  for (let frame = 0; frame < limit; frame++) {
    if (condition()) return true
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }
  return condition()
}
