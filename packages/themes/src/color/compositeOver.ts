import type { Rgba } from './parseColor.js'

/**
 * The opaque colour a translucent `top` shows over an opaque `bottom` (source-over blending), since
 * contrast is only defined between the colours that actually reach the eye.
 *
 * @internal
 * @example
 * compositeOver({ r: 1, g: 1, b: 1, alpha: 0.5 }, { r: 0, g: 0, b: 0, alpha: 1 }) // 50% grey
 */
export function compositeOver(top: Rgba, bottom: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.alpha + b * (1 - top.alpha)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), alpha: 1 }
}
