/**
 * Whether `value` reads as a name (`bob.reown.id`): dot-separated labels of letters, digits and
 * hyphens. An address never contains a dot, so a receiver field can tell the two apart as typed.
 *
 * @example
 * isName('bob.reown.id') // true
 * isName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // false
 */
export function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 255 && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value.trim())
}
