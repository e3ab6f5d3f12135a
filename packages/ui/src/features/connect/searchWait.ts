/** Spec: search waits at least 300 ms after the last keystroke. */
export const searchMinimumWaitMs = 300

/**
 * @internal
 * How long a committed search that no loaded wallet matches keeps the rows shown before it, waiting
 * for the directory's answer. An answer that comes by then is listed in one render, without a
 * spinner rendered first; a slower one finds the spinner.
 */
export const searchAnswerWaitMs = 50

/**
 * @internal
 * How long a committed search waits for the directory's answer before the loaded wallets that match
 * stand in for it. An answer that comes by then is listed in one render, with no stand-ins rendered
 * and painted first; a slower one finds the stand-ins.
 */
export const searchStandInGraceMs = 20

/**
 * @internal
 * How long the search still waits, counted from the last keystroke (`typedAt`, an event timestamp)
 * rather than from when the keystroke's effect runs: that effect comes after the keystroke's render
 * (~5 ms after the key at 4x CPU throttling on the bench, more when other work is queued), and a
 * timer started there made every search wait that much longer than the spec's 300 ms.
 * A timestamp on another clock, or none, waits the full 300 ms: never less than the spec asks.
 *
 * @example
 * setTimeout(commit, searchWaitMs(event.timeStamp, performance.now()))
 */
export function searchWaitMs(typedAt: number | undefined, now: number): number {
  // No timestamp (0 where a browser gives none), or one on another clock (epoch milliseconds in
  // old engines): the full wait.
  if (typedAt === undefined || !(typedAt > 0) || typedAt > now) return searchMinimumWaitMs
  return Math.max(0, searchMinimumWaitMs - (now - typedAt))
}

/**
 * A keydown further ahead of the input than this did not cause it (a modifier pressed well before
 * a paste with the mouse, a key that edits nothing): the input's own time is used then.
 */
export const keyToInputMaxMs = 100

/**
 * @internal
 * When the keystroke behind an edit happened: its keydown's timestamp when one came just before
 * the input, else the input's own. Between the two the browser edits the field and runs the page's
 * key listeners (~11 ms at 4x CPU throttling on the bench, more on a busy page); the user pressed
 * the key at keydown, so the spec's 300 ms counts from there. Paste, drop and input
 * methods without a key fall back to the input's time.
 *
 * @example
 * typedAt = keystrokeAt(lastKeyDown?.timeStamp, inputEvent.timeStamp)
 */
export function keystrokeAt(keyDownAt: number | undefined, inputAt: number): number {
  return keyDownAt !== undefined && keyDownAt <= inputAt && inputAt - keyDownAt <= keyToInputMaxMs ? keyDownAt : inputAt
}
