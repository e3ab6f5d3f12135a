import { imageBox } from './primitives.css.js'

/**
 * @internal
 * A deterministic gradient from the address: every account gets a recognisable avatar without a
 * request to any service.
 */
export function Avatar({ address, size = 40 }: { address: string; size?: number }) {
  let hash = 0
  for (const char of address) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const a = hash % 360
  const b = (a + 40 + ((hash >> 9) % 80)) % 360
  return (
    <span
      className={imageBox}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        background: `radial-gradient(circle at 30% 25%, hsl(${a} 85% 72%), hsl(${b} 75% 48%) 70%)`,
      }}
    />
  )
}
