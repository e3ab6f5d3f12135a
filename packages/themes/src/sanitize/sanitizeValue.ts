import { describeValue, warn } from '../internal/warn.js'
import { type CssValueKind, isSafeCssValue } from './isSafeCssValue.js'

const kindNames: Record<CssValueKind, string> = {
  color: 'colour',
  length: 'length (px, rem, em or %)',
  fontFamily: 'font family',
  fontWeight: 'font weight',
  zIndex: 'integer z-index',
  duration: 'duration (ms or s)',
  easing: 'easing',
  shadow: 'shadow',
}

/**
 * The host's `value` when it is safe for `kind`, else `fallback` plus a warning naming `label`
 * (the token or option), so bad input neither crashes nor disappears silently. `undefined` means
 * "not given" and returns the fallback quietly.
 *
 * @internal
 * @example
 * sanitizeValue('color', 'red;x', '#3396ff', 'colors.accent') // '#3396ff', and a warning
 */
export function sanitizeValue(kind: CssValueKind, value: unknown, fallback: string, label: string): string {
  if (value === undefined) return fallback
  if (isSafeCssValue(kind, value)) return String(value).trim()
  warn(`${label}: ${describeValue(value)} is not an accepted ${kindNames[kind]}; using ${describeValue(fallback)}.`)
  return fallback
}
