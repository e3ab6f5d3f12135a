import { parseColor } from './parseColor.js'

const hex = (channel: number) =>
  Math.round(channel * 255)
    .toString(16)
    .padStart(2, '0')

/**
 * `color` blended into `base` at `strength` percent (0..100), with the same result as CSS
 * `color-mix(in srgb, color strength%, base)`. When both colours are opaque and readable here the
 * result is computed to a hex string, so it works in every browser and contrast stays checkable;
 * otherwise (translucent colours, `var()`, nested `color-mix()`) the `color-mix()` expression is
 * returned for the browser to resolve.
 *
 * @internal
 * @example
 * mixColors('#ff0000', '#000000', 50) // '#800000'
 * mixColors('var(--portico-colors-accent)', '#000000', 20)
 * // 'color-mix(in srgb, var(--portico-colors-accent) 20%, #000000)'
 */
export function mixColors(color: string, base: string, strength: number): string {
  const weight = Math.min(100, Math.max(0, strength))
  const top = parseColor(color)
  const bottom = parseColor(base)
  if (!top || !bottom || top.alpha < 1 || bottom.alpha < 1) {
    return `color-mix(in srgb, ${color} ${weight}%, ${base})`
  }
  const mix = (a: number, b: number) => hex((a * weight + b * (100 - weight)) / 100)
  return `#${mix(top.r, bottom.r)}${mix(top.g, bottom.g)}${mix(top.b, bottom.b)}`
}
