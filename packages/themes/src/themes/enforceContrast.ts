import { compositeOver } from '../color/compositeOver.js'
import { parseColor, type Rgba } from '../color/parseColor.js'
import { readableForeground } from '../color/readableForeground.js'
import { relativeLuminance } from '../color/relativeLuminance.js'
import type { ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'

type Colors = ThemeTokens['colors']
type Color = keyof Colors

/** WCAG 2.2 AA for text. */
export const minimumTextContrast = 4.5

const white: Rgba = { r: 1, g: 1, b: 1, alpha: 1 }
const black: Rgba = { r: 0, g: 0, b: 0, alpha: 1 }

// Fills carry text on controls (buttons, badges, alerts), each with its `…Foreground`.
const fills = ['accent', 'success', 'warning', 'danger'] as const
// Body text on the modal and its rows.
const surfaceTexts = ['foreground', 'foregroundMuted'] as const

const ratio = (a: Rgba, b: Rgba) => {
  const la = relativeLuminance(a)
  const lb = relativeLuminance(b)
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * The lowest contrast `text` can have on `background` whatever the page behind shows: a
 * translucent background is tried over black and over white. Undefined when either colour cannot
 * be read (never for values that passed the colour check).
 *
 * @internal
 * @example
 * worstContrast('#ffffff', 'rgb(0 0 0 / 50%)') // 1 (white text on black at 50% over white)
 */
export function worstContrast(text: string, background: string, under?: string): number | undefined {
  const back = parseColor(background)
  const front = parseColor(text)
  if (!back || !front) return undefined
  // A raised row sits on the modal's surface: when that is opaque, it is the only backdrop.
  const below = under === undefined ? undefined : parseColor(under)
  const backdrops =
    back.alpha >= 1
      ? [back]
      : below && below.alpha >= 1
        ? [compositeOver(back, below)]
        : [compositeOver(back, white), compositeOver(back, black)]
  return Math.min(...backdrops.map((b) => ratio(front.alpha < 1 ? compositeOver(front, b) : front, b)))
}

const passes = (text: string, background: string, under?: string) =>
  (worstContrast(text, background, under) ?? 0) >= minimumTextContrast

/**
 * Makes sure no host value leaves text below WCAG AA (4.5:1) on a control or the modal, and
 * returns the (possibly corrected) colours. Each correction costs one `console.warn`:
 *
 * - a translucent fill (`accent`, `success`, `warning`, `danger` with alpha < 1) would put its
 *   text on whatever the page shows behind it: the fill and its text take `fallback`'s pair (and
 *   a `ring` that followed the accent takes `fallback`'s ring);
 * - a fill's text below 4.5:1 becomes black or white, whichever reads (always ≥ 4.58:1);
 * - `foreground` or `foregroundMuted` below 4.5:1 on `surface` or `surfaceRaised` (translucent
 *   surfaces checked over black and white) takes `fallback`'s value if that reads on both, else
 *   black or white, else both surfaces fall back too.
 *
 * @internal
 * @param colors - Sanitised colours (every value passed the colour check).
 * @param fallback - The theme's own colours, which pass on their own.
 * @example
 * enforceContrast({ ...darkTheme().colors, accentForeground: '#3396ff' }, darkTheme().colors)
 * // accentForeground '#000000', with a warning
 */
export function enforceContrast(colors: Colors, fallback: Colors): Colors {
  const next = { ...colors }
  const fix = (key: Color, value: string, why: string) => {
    warn(`colors.${key}: ${describeValue(next[key])} ${why}; using ${describeValue(value)}.`)
    next[key] = value
  }
  const low = 'is below WCAG AA (4.5:1)'
  // The colour check accepts what the grammar allows, and a few such values are past what can be
  // computed here (`rgb(1e400 0 0)`, which the browser draws as red): their contrast cannot be
  // checked, so they fall back, saying so (not as "not opaque" or "below WCAG AA", which would send
  // the host looking for the wrong fault). A fill keeps the text colour it had (withFill could not
  // pick one for it), which reads on the fallback.
  for (const key of [...fills, 'surface', 'surfaceRaised', ...surfaceTexts] as const)
    if (!parseColor(next[key])) fix(key, fallback[key], 'has no computable contrast')
  for (const fill of fills) {
    const text = `${fill}Foreground` as const
    if ((parseColor(next[fill])?.alpha ?? 0) < 1) {
      // withFill moved a ring that tracked the accent onto it: left on the refused value, the
      // focus ring would be as faint as the accent (invisible for `transparent`). One that the
      // host set to another colour stays.
      if (fill === 'accent' && next.ring === next.accent) next.ring = fallback.ring
      fix(fill, fallback[fill], 'is not opaque')
      next[text] = fallback[text]
    } else if (!passes(next[text], next[fill])) fix(text, readableForeground(next[fill]) ?? fallback[text], low)
  }
  // Each text colour must read on the surface and on raised rows (which sit on the surface).
  const readsEverywhere = (text: string) => passes(text, next.surface) && passes(text, next.surfaceRaised, next.surface)
  for (const text of surfaceTexts) {
    if (readsEverywhere(next[text])) continue
    const readable = [fallback[text], '#000000', '#ffffff'].find(readsEverywhere)
    if (readable) fix(text, readable, low)
    else {
      fix('surface', fallback.surface, `leaves ${text} below WCAG AA`)
      next.surfaceRaised = fallback.surfaceRaised
      next[text] = fallback[text]
    }
  }
  return next
}
