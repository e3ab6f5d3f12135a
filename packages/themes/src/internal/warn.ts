// Hosts usually call the theme functions on every render, so one bad value would otherwise flood
// the console. Each distinct message is shown once; the cap bounds memory if a host generates
// endless distinct bad values (e.g. from user input).
const shown = /* @__PURE__ */ new Set<string>()
const maxRemembered = 200

/**
 * Reports a rejected or ignored host value on `console.warn`, once per distinct message.
 * Spec: bad theme input never crashes and is never dropped silently.
 *
 * @internal
 * @example
 * warn('colors.accent: "red;x" is not a safe colour; using "#3396ff".')
 */
export function warn(message: string): void {
  if (shown.has(message)) return
  if (shown.size >= maxRemembered) shown.clear()
  shown.add(message)
  console.warn(`[@portico/themes] ${message}`)
}

/**
 * Forgets which messages were shown, so each test sees its own warnings.
 *
 * @internal
 * @example
 * beforeEach(() => resetWarnings())
 */
export function resetWarnings(): void {
  shown.clear()
}

/**
 * Quotes a host value for a warning: bounded length, control characters made visible.
 *
 * @internal
 * @example
 * describeValue('red;\n') // '"red;\\n"'
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const text = JSON.stringify(value)
    return text.length > 80 ? `${text.slice(0, 77)}…"` : text
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value)
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`
}
