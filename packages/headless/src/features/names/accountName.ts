import type { Portico } from '../../kernel/portico.js'

/** The spec's rule for the part of a name a user picks: letters, digits and hyphen, at least 4 characters. */
const labelPattern = /^[a-z0-9-]{4,}$/i

/**
 * Whether `label` may be registered: letters, digits and hyphen, at least 4 characters (the
 * spec's rule; the service adds the suffix).
 *
 * @example
 * isValidNameLabel('alice') // true
 * isValidNameLabel('bob') // false: 3 characters
 * isValidNameLabel('al_ice') // false
 */
export function isValidNameLabel(label: unknown): label is string {
  return typeof label === 'string' && label.length <= 63 && labelPattern.test(label)
}

/**
 * A typed name as a registrable one: lower case, trimmed, with the instance's default suffix added
 * when it ends in none of its `nameSuffixes`. `undefined` when the label breaks the spec's rule.
 *
 * @example
 * toAccountName(portico, 'Alice') // { name: 'alice.reown.id', label: 'alice', suffix: '.reown.id' }
 * toAccountName(portico, 'alice.wcn.id') // { name: 'alice.wcn.id', label: 'alice', suffix: '.wcn.id' }
 * toAccountName(portico, 'al') // undefined
 */
export function toAccountName(
  portico: Portico,
  typed: string,
): { name: string; label: string; suffix: string } | undefined {
  const lower = typed.trim().toLowerCase()
  const suffixes = portico.options.nameSuffixes.map((s) => s.toLowerCase())
  const suffix = suffixes.find((s) => lower.endsWith(s)) ?? suffixes[0] ?? ''
  const label = lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower
  return isValidNameLabel(label) ? { name: `${label}${suffix}`, label, suffix } : undefined
}
