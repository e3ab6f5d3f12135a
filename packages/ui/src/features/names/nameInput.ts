/**
 * What is wrong with a typed name, by the spec's rule (letters, digits and hyphen, at least 4
 * characters) and a DNS label's limit of 63 (what the name service and `isValidNameLabel` take), read on the label: a typed suffix that is one of the instance's `suffixes` is not
 * part of it. `undefined` when nothing is typed or the label follows the rule.
 *
 * @example
 * nameInputProblem('al_ice', ['.reown.id']) // 'characters'
 * nameInputProblem('bob', ['.reown.id']) // 'short'
 * nameInputProblem('alice.reown.id', ['.reown.id']) // undefined
 */
export function nameInputProblem(
  typed: string,
  suffixes: readonly string[],
): 'characters' | 'short' | 'long' | undefined {
  const label = nameLabel(typed, suffixes)
  if (label === '') return undefined
  if (!/^[a-z0-9-]+$/i.test(label)) return 'characters'
  if (label.length < 4) return 'short'
  if (label.length > 63) return 'long'
  return undefined
}

/**
 * The label of a typed name: trimmed, lower case, without a trailing suffix of `suffixes`.
 *
 * @example
 * nameLabel(' Alice.WCN.id', ['.reown.id', '.wcn.id']) // 'alice'
 */
export function nameLabel(typed: string, suffixes: readonly string[]): string {
  const lower = typed.trim().toLowerCase()
  const suffix = suffixes.map((s) => s.toLowerCase()).find((s) => lower.endsWith(s))
  return suffix ? lower.slice(0, -suffix.length) : lower
}
