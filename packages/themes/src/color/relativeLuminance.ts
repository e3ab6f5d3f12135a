import type { Rgba } from './parseColor.js'

const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)

/**
 * WCAG 2.x relative luminance of an opaque sRGB colour: 0 for black, 1 for white.
 *
 * @internal
 * @see https://www.w3.org/TR/WCAG22/#dfn-relative-luminance
 * @example
 * relativeLuminance({ r: 1, g: 1, b: 1, alpha: 1 }) // 1
 */
export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}
