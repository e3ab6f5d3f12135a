import { hasForbiddenCss, isPorticoVariable } from './hasForbiddenCss.js'
import { isSafeColor } from './isSafeColor.js'
import { splitTopLevel } from './splitTopLevel.js'

/**
 * The kinds of value a theme token can hold; each has its own allow-list.
 *
 * @example
 * import { type CssValueKind, isSafeCssValue } from '@portico/themes'
 *
 * const kind: CssValueKind = 'length'
 * isSafeCssValue(kind, '12px') // true
 */
export type CssValueKind =
  | 'color'
  | 'length'
  | 'fontFamily'
  | 'fontWeight'
  | 'zIndex'
  | 'duration'
  | 'easing'
  | 'shadow'

// Longer than any real token value; bounds the work done on hostile input.
const maxLength = 512
const maxZIndex = 2147483647

const number = String.raw`(?:\d+|\d*\.\d+)`
const length = /* @__PURE__ */ new RegExp(`^(?:0|${number}(?:px|rem|em|%))$`, 'i')
const signedLength = /* @__PURE__ */ new RegExp(`^(?:0|-?${number}(?:px|rem|em|%))$`, 'i')
const duration = /* @__PURE__ */ new RegExp(`^${number}(?:ms|s)$`, 'i')
const fontWeight = /^(?:[1-9]\d{0,2}|1000|normal|bold|bolder|lighter)$/i
const zIndex = /^-?\d{1,10}$/
const easingKeyword = /^(?:linear|ease|ease-in|ease-out|ease-in-out|step-start|step-end)$/i
const cubicBezier = /* @__PURE__ */ new RegExp(
  `^cubic-bezier\\(\\s*(${number})\\s*,\\s*(-?${number})\\s*,\\s*(${number})\\s*,\\s*(-?${number})\\s*\\)$`,
  'i',
)
const steps = /^steps\(\s*[1-9]\d{0,3}\s*(?:,\s*(?:jump-start|jump-end|jump-none|jump-both|start|end)\s*)?\)$/i
// Letters in any script (font names such as "Noto Sans JP" or "微软雅黑"), digits, spaces, hyphens.
const fontName = /^(?:"[\p{L}\p{N} -]+"|'[\p{L}\p{N} -]+'|[\p{L}\p{N} -]+)$/u

const validators: Record<CssValueKind, (value: string) => boolean> = {
  color: isSafeColor,
  length: (value) => length.test(value),
  // Families split on commas; each is one quoted or unquoted name. Quotes must pair up, because an
  // open string in generated CSS text would swallow the declarations after it.
  fontFamily: (value) => splitTopLevel(value, ',').every((family) => fontName.test(family)),
  fontWeight: (value) => fontWeight.test(value),
  zIndex: (value) => zIndex.test(value) && Math.abs(Number(value)) <= maxZIndex,
  duration: (value) => duration.test(value),
  easing: (value) => {
    if (easingKeyword.test(value) || steps.test(value)) return true
    const bezier = cubicBezier.exec(value)
    // x1 and x2 must lie in 0..1 or the browser drops the declaration.
    return Boolean(bezier && Number(bezier[1]) <= 1 && Number(bezier[3]) <= 1)
  },
  shadow: (value) => {
    if (value.toLowerCase() === 'none') return true
    return splitTopLevel(value, ',').every((layer) => {
      const parts = splitTopLevel(layer, ' ').filter((part) => part.toLowerCase() !== 'inset')
      const lengths = parts.filter((part) => signedLength.test(part))
      const colors = parts.filter((part) => !signedLength.test(part))
      return lengths.length >= 2 && lengths.length <= 4 && colors.length <= 1 && colors.every(isSafeColor)
    })
  },
}

/**
 * Whether a host-supplied value is safe to place in a Portico theme token of the given kind.
 * Every value that reaches a CSS variable passes through this check.
 *
 * - `color`: hex (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), named colours, `transparent`,
 *   rgb()/rgba()/hsl()/hsla()/hwb()/lab()/lch()/oklab()/oklch() by the CSS Color 4 grammar, and
 *   in a browser `CSS.supports('color', value)`: `rgb(1,2)` and `hsl(1,2,3)` are refused.
 * - `length`: `0` or a non-negative number with `px`, `rem`, `em` or `%`.
 * - `fontFamily`: comma-separated names of letters, digits, spaces and hyphens, optionally quoted.
 * - `fontWeight`: 1–1000 or `normal` / `bold` / `bolder` / `lighter`.
 * - `zIndex`: an integer (string or number) within the 32-bit range browsers use.
 * - `duration`: a number with `ms` or `s`. `easing`: keywords, `cubic-bezier()`, `steps()`.
 * - `shadow`: `none` or layers of 2–4 lengths, an optional colour and `inset`.
 *
 * Any kind but `color` also accepts a whole `var(--portico-…)` token reference. Values containing `;`, `{`,
 * `}`, `<`, `>`, `\`, `/*`, `url(`, `expression(`, `@import`, `!important`, another `var()` or a
 * control character (newlines included) are always rejected.
 *
 * @example
 * import { isSafeCssValue } from '@portico/themes'
 *
 * isSafeCssValue('color', '#3396ff') // true
 * isSafeCssValue('color', 'red;background:url(https://evil)') // false
 * isSafeCssValue('fontFamily', 'Inter, "Helvetica Neue", sans-serif') // true
 * isSafeCssValue('zIndex', 2147483000) // true
 */
export function isSafeCssValue(kind: CssValueKind, value: unknown): boolean {
  if (kind === 'zIndex' && typeof value === 'number') return Number.isInteger(value) && Math.abs(value) <= maxZIndex
  if (typeof value !== 'string' || value.length > maxLength || hasForbiddenCss(value)) return false
  // Checked before trimming: a trailing newline or form feed is an injection attempt, not padding.
  const trimmed = value.trim()
  if (trimmed === '') return false
  // Colours never: a `var()` cycle or unset variable leaves a colour transparent (contrast 1:1).
  if (kind !== 'color' && isPorticoVariable(trimmed)) return true
  const validate = validators[kind]
  return validate ? validate(trimmed) : false
}
