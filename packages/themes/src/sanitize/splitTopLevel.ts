/**
 * Splits on `separator` outside parentheses, so `0 1px rgba(0, 0, 0, 0.5), 0 0 2px red` splits
 * into its two shadow layers without cutting the `rgba()` apart. Parts are trimmed.
 *
 * @internal
 * @example
 * splitTopLevel('a(b, c), d', ',') // ['a(b, c)', 'd']
 */
export function splitTopLevel(value: string, separator: ',' | ' '): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const character of value) {
    if (character === '(') depth++
    if (character === ')') depth--
    const splits = depth === 0 && (separator === ' ' ? /\s/.test(character) : character === separator)
    if (splits) {
      parts.push(current.trim())
      current = ''
    } else {
      current += character
    }
  }
  parts.push(current.trim())
  return separator === ' ' ? parts.filter((part) => part !== '') : parts
}
