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
