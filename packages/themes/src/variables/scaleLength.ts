const scalable = /^(\d+|\d*\.\d+)(px|rem|em)$/i

/**
 * Multiplies a `px`/`rem`/`em` length, keeping its unit and rounding to 2 decimals. Other values
 * (`%`, `var(--portico-…)`) pass through unchanged, since they cannot be scaled without layout.
 *
 * @internal
 * @example
 * scaleLength('12px', 1.5) // '18px'
 * scaleLength('50%', 2) // '50%'
 */
export function scaleLength(value: string, factor: number): string {
  const match = scalable.exec(value.trim())
  if (!match) return value
  const scaled = Math.round(Number(match[1]) * factor * 100) / 100
  return `${scaled}${match[2]}`
}
