import { mixColors } from '../color/mixColors.js'
import type { ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'
import { type CssValueKind, isSafeCssValue } from '../sanitize/isSafeCssValue.js'
import { enforceContrast } from '../themes/enforceContrast.js'
import { withFill } from '../themes/withFill.js'
import { scaleLength } from './scaleLength.js'
import { type PorticoThemeVariable, type ThemeVariables, themeVariableAliases } from './themeVariables.js'

/**
 * What {@link applyThemeVariables} returns: a new, complete token object.
 *
 * @example
 * const tokens: ApplyThemeVariablesReturnType = applyThemeVariables(darkTheme(), { '--w3m-z-index': 100 })
 */
export type ApplyThemeVariablesReturnType = ThemeTokens

// AppKit's reference values: at these masters the scales are unchanged.
const fontSizeReference = 10
const radiusReference = 4
const remInPx = 16
const maxZIndex = 2147483647
const maxMasterPx = 10000
const defaultToastGap = 10

const porticoNames = /* @__PURE__ */ new Set<string>([
  ...Object.values(themeVariableAliases),
  '--portico-accent-foreground',
])

/**
 * Applies AppKit-style theme variables (`--w3m-…` or their `--portico-…` twins, see
 * {@link ThemeVariables}) to a theme and returns a new `ThemeTokens`; `tokens` is not modified.
 *
 * - accent: sets `colors.accent`; `accentForeground` is recomputed (black or white) unless
 *   `--portico-accent-foreground` is given, and a `ring` that tracked the accent follows it.
 * - color mix: blends the colour into `surface`, `surfaceRaised`, `surfaceHover`,
 *   `surfaceSunken` and `border` at `color-mix-strength` percent (as AppKit does, nothing is mixed
 *   without a strength). The result is computed to hex when both colours are opaque and known,
 *   so it works everywhere and stays contrast-checkable; otherwise it is the equivalent
 *   `color-mix(in srgb, <color> <n>%, <surface>)` expression.
 * - font family: sets `fonts.body`.
 * - font-size master: scales every `fontSizes` step by `master / 10px` (AppKit's default).
 * - border-radius master: scales the theme's radii (not `full`) by `master / 4px`; `0px` squares
 *   everything. Masters accept px or rem (16px).
 * - z-index: sets `zIndices.modal`; `toast` keeps its gap above it, capped at 2147483647.
 * - QR colour: sets `colors.qrForeground`.
 *
 * Unsafe values leave their token as it was and unknown keys are ignored, each with a
 * `console.warn` naming the variable. Never throws.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { applyThemeVariables, darkTheme } from '@portico/themes'
 *
 * const tokens = applyThemeVariables(darkTheme(), {
 *   '--w3m-accent': '#00bb7f',
 *   '--w3m-color-mix': '#00bb7f',
 *   '--w3m-color-mix-strength': 20,
 *   '--w3m-border-radius-master': '2px',
 * })
 * tokens.colors.surface // '#103529' (20% green into #141414)
 * tokens.radii.md // '6px' (half of 12px)
 */
export function applyThemeVariables(tokens: ThemeTokens, variables: ThemeVariables): ApplyThemeVariablesReturnType {
  const next: ThemeTokens = {
    colors: { ...tokens.colors },
    radii: { ...tokens.radii },
    fonts: { ...tokens.fonts },
    fontSizes: { ...tokens.fontSizes },
    fontWeights: { ...tokens.fontWeights },
    space: { ...tokens.space },
    shadows: { ...tokens.shadows },
    blurs: { ...tokens.blurs },
    zIndices: { ...tokens.zIndices },
    durations: { ...tokens.durations },
    easings: { ...tokens.easings },
  }
  const input: unknown = variables
  if (input == null) return next
  if (typeof input !== 'object' || Array.isArray(input)) {
    warn(`themeVariables must be an object, got ${describeValue(input)}; ignored.`)
    return next
  }

  // Portico spellings win over AppKit ones, whatever the key order.
  const values = new Map<PorticoThemeVariable, { key: string; value: unknown }>()
  for (const [key, value] of Object.entries(input)) {
    // Hosts often spread optional config; an undefined value means "not set", not "invalid".
    if (value === undefined) continue
    const alias = Object.hasOwn(themeVariableAliases, key)
      ? themeVariableAliases[key as keyof typeof themeVariableAliases]
      : undefined
    if (alias) {
      if (!values.has(alias)) values.set(alias, { key, value })
    } else if (porticoNames.has(key)) values.set(key as PorticoThemeVariable, { key, value })
    else warn(`themeVariables: unknown variable "${key}" ignored.`)
  }
  const get = (name: PorticoThemeVariable) => values.get(name)
  // A rejected value leaves its token as it was; the warning names the key the host wrote.
  const read = (kind: CssValueKind, name: PorticoThemeVariable): string | undefined => {
    const entry = values.get(name)
    if (!entry) return undefined
    if (isSafeCssValue(kind, entry.value)) return String(entry.value).trim()
    warn(`themeVariables["${entry.key}"]: ${describeValue(entry.value)} is not an accepted ${kind}; ignored.`)
    return undefined
  }

  const accent = read('color', '--portico-accent')
  const accentForeground = read('color', '--portico-accent-foreground')
  if (accent !== undefined || accentForeground !== undefined) {
    next.colors = withFill(next.colors, 'accent', accent ?? next.colors.accent, accentForeground)
  }

  const strength = get('--portico-color-mix-strength')
  const percent = strength ? readPercent(strength.value, strength.key) : 0
  const mix = read('color', '--portico-color-mix')
  if (mix !== undefined && percent > 0) {
    for (const key of ['surface', 'surfaceRaised', 'surfaceHover', 'surfaceSunken', 'border'] as const) {
      next.colors[key] = mixColors(mix, next.colors[key], percent)
    }
  }

  next.fonts.body = read('fontFamily', '--portico-font-family') ?? next.fonts.body

  const fontSize = get('--portico-font-size-master')
  // At least 1px: a master of 0 would scale every text to 0px (the reference 10px gives the default sizes).
  const fontPx = fontSize && readPixels(fontSize.value, fontSize.key, 1)
  if (fontPx !== undefined) {
    for (const key of Object.keys(next.fontSizes) as (keyof ThemeTokens['fontSizes'])[]) {
      next.fontSizes[key] = scaleLength(next.fontSizes[key], fontPx / fontSizeReference)
    }
  }

  const radius = get('--portico-border-radius-master')
  const radiusPx = radius && readPixels(radius.value, radius.key)
  if (radiusPx !== undefined) {
    for (const key of ['xs', 'sm', 'md', 'lg', 'xl'] as const) {
      next.radii[key] = scaleLength(next.radii[key], radiusPx / radiusReference)
    }
  }

  const zIndex = read('zIndex', '--portico-z-index')
  if (zIndex !== undefined) {
    const modal = Number(zIndex)
    // A `var(--portico-…)` passes the zIndex check (tokens may point at each other) but is no number
    // to compute the toast's layer from; it would come out as "NaN".
    if (!Number.isInteger(modal)) {
      const entry = get('--portico-z-index')
      warn(`themeVariables["${entry?.key}"]: ${describeValue(entry?.value)} is not an integer; ignored.`)
    } else {
      const gap = Number(next.zIndices.toast) - Number(next.zIndices.modal)
      next.zIndices.modal = String(modal)
      next.zIndices.toast = String(Math.min(maxZIndex, modal + (gap > 0 ? gap : defaultToastGap)))
    }
  }

  next.colors.qrForeground = read('color', '--portico-qr-color') ?? next.colors.qrForeground
  // The mix tints surfaces: text on them must still read (the input tokens are the fallback).
  next.colors = enforceContrast(next.colors, tokens.colors)
  return next
}

// AppKit types the strength as a number; '40' and '40%' are accepted too since CSS habits leak in.
function readPercent(value: unknown, key: string): number {
  const text = typeof value === 'string' ? value.trim().replace(/%$/, '') : undefined
  const number = typeof value === 'number' ? value : text ? Number(text) : Number.NaN
  if (Number.isFinite(number) && number >= 0 && number <= 100) return number
  warn(`themeVariables["${key}"]: ${describeValue(value)} is not a number from 0 to 100; no colour is mixed.`)
  return 0
}

// A master length in px; rem converts at 16px. em and % depend on context we do not have.
function readPixels(value: unknown, key: string, least = 0): number | undefined {
  const text = typeof value === 'number' ? `${value}px` : value
  const match =
    typeof text === 'string' && isSafeCssValue('length', text) ? /^(\d*\.?\d+)(px|rem)?$/i.exec(text.trim()) : null
  if (!match) {
    warn(`themeVariables["${key}"]: ${describeValue(value)} is not a px or rem length; ignored.`)
    return undefined
  }
  const pixels = Number(match[1]) * (match[2]?.toLowerCase() === 'rem' ? remInPx : 1)
  // Bounded so scaled lengths stay plain decimals: past 1e21 JavaScript writes `1e+21px`, no CSS length.
  if (pixels < least || pixels > maxMasterPx) {
    warn(`themeVariables["${key}"]: ${describeValue(value)} is not from ${least} to ${maxMasterPx}px; ignored.`)
    return undefined
  }
  return pixels
}
