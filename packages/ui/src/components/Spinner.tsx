import { spinner } from './primitives.css.js'

/** @internal With a `label` it is a status announced to screen readers; without, decorative. */
export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  const style = { width: size, height: size, display: 'inline-block' }
  if (label) return <output className={spinner} aria-label={label} style={style} />
  return <span className={spinner} aria-hidden="true" style={style} />
}
