import { namedColorHex } from '../color/namedColors.js'
import { hasForbiddenCss, isPorticoVariable, stripPorticoVariables } from './hasForbiddenCss.js'

const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const colorFunctions = /* @__PURE__ */ new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color-mix',
])
// Inside a colour function: numbers, units, keywords (`in srgb`, `none`, `from`, named colours),
// hex, separators and nested colour functions. No quotes, so no strings can be smuggled in.
const functionCharacters = /^[a-z0-9#.,%/+\s()-]*$/i
const functionName = /([a-z][a-z-]*)\s*\(/gi

/**
 * Whether `value` is a CSS colour Portico accepts from a host: hex (`#rgb`, `#rgba`, `#rrggbb`,
 * `#rrggbbaa`), a named colour, `transparent`, `currentColor`, `var(--portico-…)`, or one of
 * rgb()/rgba()/hsl()/hsla()/hwb()/lab()/lch()/oklab()/oklch()/color-mix() built only from safe
 * characters, balanced parentheses and (nested) colour functions.
 *
 * @internal
 * @example
 * isSafeColor('oklch(70% 0.15 250 / 0.8)') // true
 * isSafeColor('rgb(0 0 0) url(x)') // false
 */
export function isSafeColor(value: string): boolean {
  if (hasForbiddenCss(value)) return false
  const trimmed = value.trim()
  if (isPorticoVariable(trimmed) || hexColor.test(trimmed)) return true
  const color = stripPorticoVariables(trimmed)
  const lower = color.toLowerCase()
  if (lower === 'transparent' || lower === 'currentcolor' || namedColorHex(lower)) return true
  const open = color.indexOf('(')
  if (open < 1 || !color.endsWith(')') || !functionCharacters.test(color)) return false
  for (const [, name] of color.matchAll(functionName)) {
    if (!colorFunctions.has(name!.toLowerCase())) return false
  }
  // The outer function must span the whole value: `rgb(1 2 3) x(…)` closes early and is rejected.
  let depth = 0
  for (let index = open; index < color.length; index++) {
    const character = color[index]
    if (character === '(') depth++
    else if (character === ')' && --depth === 0 && index !== color.length - 1) return false
    if (depth < 0) return false
  }
  return depth === 0 && /^[a-z-]+\s*\(/i.test(color)
}
