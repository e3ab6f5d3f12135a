import { contrastRatio } from './contrastRatio.js'

/**
 * Black or white, whichever contrasts more with `background` (by WCAG relative luminance).
 * Used for `accentForeground` and the other `*Foreground` tokens when a host passes only the
 * background colour. Returns `undefined` when the colour can only be resolved by the browser
 * (`var()`, `color-mix()`, `currentColor`); callers keep their default and say so.
 *
 * @example
 * import { readableForeground } from '@portico/themes'
 *
 * readableForeground('#3396ff') // '#000000'
 * readableForeground('#0b57d0') // '#ffffff'
 */
export function readableForeground(background: string): '#000000' | '#ffffff' | undefined {
  const onBlack = contrastRatio('#000000', background)
  const onWhite = contrastRatio('#ffffff', background)
  if (onBlack === undefined || onWhite === undefined) return undefined
  // Ties go to white: it reads as the "brand" choice on mid-tone fills, and both pass equally.
  return onBlack > onWhite ? '#000000' : '#ffffff'
}
