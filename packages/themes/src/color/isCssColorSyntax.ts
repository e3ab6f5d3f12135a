import { namedColorHex } from './namedColors.js'

// CSS Color 4 as Chromium parses it, written out so the server (Node, SSR) checks with the same
// grammar the browser uses. Deliberately a subset: everything accepted here is parsed by Chromium
// (checked in themes' browser test) and by parseColor, so contrast can always be computed. Not
// accepted: var() (a cycle or an undefined variable leaves the property transparent), calc(),
// color-mix(), relative colours (`from`), color(), currentColor and system colours.

// A CSS <number>: a dot needs digits after it (`1.` is not a number).
const number = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?`
const num = `(?:${number})`
const pct = `(?:${number}%)`
const angle = `(?:${number}(?:deg|grad|rad|turn)?)`
const none = 'none'
const sep = String.raw`\s+`
const comma = String.raw`\s*,\s*`
const open = String.raw`\(\s*`
const close = String.raw`\s*\)`
const alphaModern = String.raw`(?:\s*/\s*(?:${num}|${pct}|${none}))?`
const alphaLegacy = `(?:${comma}(?:${num}|${pct}))?`

const hex = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

const grammars: RegExp[] = [
  // rgb()/rgba() legacy: three numbers or three percentages (never mixed), optional alpha.
  `rgba?${open}(?:${num}${comma}${num}${comma}${num}|${pct}${comma}${pct}${comma}${pct})${alphaLegacy}${close}`,
  // rgb()/rgba() modern: space-separated numbers or percentages (mixing allowed), `none`.
  `rgba?${open}(?:${num}|${pct}|${none})(?:${sep}(?:${num}|${pct}|${none})){2}${alphaModern}${close}`,
  // hsl()/hsla() legacy: hue, then two percentages.
  `hsla?${open}${angle}${comma}${pct}${comma}${pct}${alphaLegacy}${close}`,
  // hsl()/hsla() and hwb() modern: hue, then two percentages (or `none`).
  `(?:hsla?|hwb)${open}(?:${angle}|${none})(?:${sep}(?:${pct}|${none})){2}${alphaModern}${close}`,
  // lab()/oklab(): lightness, a, b as numbers or percentages.
  `(?:ok)?lab${open}(?:${num}|${pct}|${none})(?:${sep}(?:${num}|${pct}|${none})){2}${alphaModern}${close}`,
  // lch()/oklch(): lightness, chroma, hue.
  `(?:ok)?lch${open}(?:${num}|${pct}|${none})${sep}(?:${num}|${pct}|${none})${sep}(?:${angle}|${none})${alphaModern}${close}`,
].map((source) => new RegExp(`^${source}$`, 'i'))

// Longer than any real colour; bounds the regex work on hostile input.
const maxLength = 120

/**
 * Whether `value` is a CSS colour by the CSS Color 4 grammar Chromium implements (a strict,
 * dependency-free subset): hex, a named colour, `transparent`, or rgb()/rgba()/hsl()/hsla()/
 * hwb()/lab()/lch()/oklab()/oklch() with the right number and kind of arguments. `rgb(1,2)`,
 * `hsl(1,2,3)` (legacy hsl needs percentages), `rgb (1 2 3)`, `var(--x)` and `color-mix()` are not.
 *
 * @internal
 * @example
 * isCssColorSyntax('oklch(70% 0.15 250 / 0.8)') // true
 * isCssColorSyntax('rgb(1,2)') // false
 */
export function isCssColorSyntax(value: string): boolean {
  if (typeof value !== 'string' || value.length > maxLength) return false
  const trimmed = value.trim()
  if (hex.test(trimmed)) return true
  const lower = trimmed.toLowerCase()
  if (lower === 'transparent' || namedColorHex(lower)) return true
  return grammars.some((grammar) => grammar.test(trimmed))
}
