/**
 * @internal
 * The "All Wallets" badge: the directory's total, rounded down to tens with a `+` from 10 up
 * (`523` → `520+`), so it reads as "this many wallets to choose from" and stays right while the
 * directory grows; undefined (no badge) until the count is known.
 *
 * @example
 * directoryCountLabel(523) // '520+'
 * directoryCountLabel(7) // '7'
 */
export function directoryCountLabel(count: number | undefined): string | undefined {
  if (count === undefined || !Number.isSafeInteger(count) || count <= 0) return undefined
  return count < 10 ? String(count) : `${Math.floor(count / 10) * 10}+`
}
