import { contrastRatio } from '../color/contrastRatio.js'
import { readableForeground } from '../color/readableForeground.js'
import type { ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'

/**
 * The colour tokens that come in a background/foreground pair.
 *
 * @internal
 * @example
 * const fill: FillName = 'danger' // pairs with colors.dangerForeground
 */
export type FillName = 'accent' | 'success' | 'warning' | 'danger'

/**
 * Sets a fill colour and keeps its foreground readable: an explicit `foreground` is used as given
 * unless it falls below WCAG AA (then black or white, with a warning); otherwise black or white is computed, which always reaches at
 * least 4.58:1. For `accent`, a `ring` that tracked the old accent follows the new one.
 * Inputs must already be sanitised, and the result goes through `enforceContrast`.
 *
 * @internal
 * @example
 * withFill(darkTheme().colors, 'accent', '#7b3fe4').accentForeground // '#ffffff'
 */
export function withFill(
  colors: ThemeTokens['colors'],
  fill: FillName,
  background: string,
  foreground?: string,
): ThemeTokens['colors'] {
  const foregroundKey = `${fill}Foreground` as const
  const next = { ...colors, [fill]: background }
  if (fill === 'accent' && colors.ring === colors.accent) next.ring = background
  const computed = readableForeground(background)
  if (foreground !== undefined) {
    const ratio = contrastRatio(foreground, background)
    if (ratio === undefined || ratio >= 4.5 || !computed) {
      next[foregroundKey] = foreground
      return next
    }
    // A host value never leaves a control's text below WCAG AA: black or white instead.
    warn(
      `colors.${foregroundKey}: ${describeValue(foreground)} on ${describeValue(background)} has contrast ${ratio.toFixed(2)}:1, below WCAG AA (4.5:1); using ${describeValue(computed)}.`,
    )
  }
  // A fill whose colour cannot be computed keeps the old foreground here: every caller then runs
  // `enforceContrast`, which refuses that fill with its foreground and says why.
  if (computed) next[foregroundKey] = computed
  return next
}
