import { compositeOver } from './compositeOver.js'
import { parseColor } from './parseColor.js'
import { relativeLuminance } from './relativeLuminance.js'

const white = { r: 1, g: 1, b: 1, alpha: 1 }

/**
 * WCAG 2.x contrast ratio between two CSS colours, from 1 (identical) to 21 (black on white).
 * WCAG AA asks for 4.5 for body text and 3 for large text and UI parts. A translucent foreground
 * is blended over the background first; a translucent background over white. Returns `undefined`
 * when a colour can only be resolved by the browser (`var()`, `color-mix()`, `currentColor`).
 *
 * Useful for checking a custom accent before shipping it.
 *
 * @see https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio
 * @example
 * import { contrastRatio } from '@portico/themes'
 *
 * contrastRatio('#ffffff', '#000000') // 21
 * contrastRatio('#000000', '#3396ff') >= 4.5 // true
 */
export function contrastRatio(foreground: string, background: string): number | undefined {
  const back = parseColor(background)
  const front = parseColor(foreground)
  if (!back || !front) return undefined
  const opaqueBack = back.alpha < 1 ? compositeOver(back, white) : back
  const opaqueFront = front.alpha < 1 ? compositeOver(front, opaqueBack) : front
  const a = relativeLuminance(opaqueFront)
  const b = relativeLuminance(opaqueBack)
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}
