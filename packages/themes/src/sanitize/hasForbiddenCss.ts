// A token reference such as `var(--portico-colors-accent)` is the one `var()` hosts may use: it
// can only point at another Portico token, never at a host-controlled property.
const porticoVariable = /var\(--portico-[A-Za-z0-9-]+\)/g

// Each of these can end the declaration, open a block or comment, fetch a resource, run legacy
// IE script or pull in a property we do not control. Checked case-insensitively, and with
// optional whitespace before `(` where CSS would still parse a function.
const forbidden = /[;{}<>\\]|\/\*|url\s*\(|expression\s*\(|@import|!\s*important|var\s*\(/i

/**
 * Whether the whole value is one Portico token reference, e.g. `var(--portico-colors-accent)`.
 *
 * @internal
 * @example
 * isPorticoVariable('var(--portico-radii-md)') // true
 */
export function isPorticoVariable(value: string): boolean {
  return /^var\(--portico-[A-Za-z0-9-]+\)$/.test(value)
}

/**
 * Replaces each `var(--portico-…)` reference with a neutral word, so validators can treat it like
 * a keyword.
 *
 * @internal
 * @example
 * stripPorticoVariables('color-mix(in srgb, var(--portico-colors-accent) 20%, white)')
 * // 'color-mix(in srgb, portico 20%, white)'
 */
export function stripPorticoVariables(value: string): string {
  return value.replace(porticoVariable, 'portico')
}

/**
 * Whether a host value contains anything that could break out of a CSS declaration or load or run
 * something: `;`, braces, angle brackets, backslash escapes, comments, `url(`, `expression(`,
 * `@import`, `!important`, `var()` other than `var(--portico-…)`, or any control character
 * (newlines included, which would also end a string in generated CSS text).
 *
 * @internal
 * @example
 * hasForbiddenCss('red;background:url(https://evil)') // true
 * hasForbiddenCss('var(--portico-colors-accent)') // false
 */
export function hasForbiddenCss(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) return true
  }
  return forbidden.test(stripPorticoVariables(value))
}
