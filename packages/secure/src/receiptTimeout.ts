// How long the frame waits for a user operation's receipt: the frame operator's setting, written
// into the frame's own page (a host page cannot reach it), read by the frame's script.

/** The frame's wait for a receipt when its operator sets none. */
export const defaultReceiptTimeoutMs = 60_000
/** The bounds an operator may set: a second (a devnet's bundler answers in far less) to ten minutes. */
export const receiptTimeoutBoundsMs = { min: 1_000, max: 600_000 } as const

/**
 * Whether `value` is a wait the frame accepts: a whole number of milliseconds within
 * {@link receiptTimeoutBoundsMs}.
 *
 * @example
 * isReceiptTimeout(5_000) // true
 * isReceiptTimeout(0) // false: the frame would give up before any bundler answers
 */
export function isReceiptTimeout(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= receiptTimeoutBoundsMs.min &&
    value <= receiptTimeoutBoundsMs.max
  )
}

/**
 * The frame's reading of its page's `portico-receipt-timeout-ms` meta: the operator's wait, or
 * `undefined` (the default, {@link defaultReceiptTimeoutMs}) when there is none or it is not a wait
 * the frame accepts.
 *
 * @example
 * readReceiptTimeout('5000') // 5000
 * readReceiptTimeout('soon') // undefined
 */
export function readReceiptTimeout(content: string | null | undefined): number | undefined {
  if (content == null || !/^\d+$/.test(content)) return undefined
  const value = Number(content)
  return isReceiptTimeout(value) ? value : undefined
}
