import { isCssColor } from '../color/isCssColor.js'
import { hasForbiddenCss } from './hasForbiddenCss.js'

/**
 * Whether `value` is a CSS colour Portico accepts from a host: hex (`#rgb`, `#rgba`, `#rrggbb`,
 * `#rrggbbaa`), a named colour, `transparent`, or rgb()/rgba()/hsl()/hsla()/hwb()/lab()/lch()/
 * oklab()/oklch() by the CSS Color 4 grammar (and, in a browser, `CSS.supports('color', value)`).
 * `var()` is refused, even `var(--portico-…)`: a cycle or an unset variable would leave the colour
 * transparent (contrast 1:1), and its contrast cannot be checked. So are color-mix(), calc() and
 * currentColor, whose value only the browser knows.
 *
 * @internal
 * @example
 * isSafeColor('oklch(70% 0.15 250 / 0.8)') // true
 * isSafeColor('rgb(1,2)') // false
 * isSafeColor('rgb(0 0 0) url(x)') // false
 */
export function isSafeColor(value: string): boolean {
  return !hasForbiddenCss(value) && isCssColor(value)
}
