import { isCssColorSyntax } from './isCssColorSyntax.js'

type CssSupports = { supports(property: string, value: string): boolean }

/**
 * Whether `value` is a colour the kit may put in CSS: `isCssColorSyntax` everywhere, and in
 * a browser also `CSS.supports('color', value)`, so what reaches a stylesheet is parsed by the
 * very engine that renders it.
 *
 * @internal
 * @example
 * isCssColor('#3396ff') // true
 * isCssColor('var(--x)') // false
 */
export function isCssColor(value: string): boolean {
  if (!isCssColorSyntax(value)) return false
  const css = (globalThis as { CSS?: Partial<CssSupports> }).CSS
  return typeof css?.supports === 'function' ? css.supports('color', value.trim()) : true
}
