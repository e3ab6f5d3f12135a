import type { ThemeTokens } from '../contract.js'

/**
 * Every CSS variable a theme defines, e.g. `'--portico-colors-accent'`.
 *
 * @example
 * import type { CssVariableName } from '@portico/themes'
 *
 * const name: CssVariableName = '--portico-durations-headerText'
 */
export type CssVariableName = {
  [group in keyof ThemeTokens]: `--portico-${group}-${keyof ThemeTokens[group] & string}`
}[keyof ThemeTokens]

/**
 * The CSS variable of one token: `--portico-<group>-<key>`, group and key verbatim (camelCase
 * kept). This is exactly what `@portico/ui`'s vanilla-extract contract generates
 * (`createGlobalThemeContract(shape, (_, path) => \`portico-${path.join('-')}\`)`), so inline
 * styles, SSR output and compiled CSS all meet on the same names.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { cssVariableName } from '@portico/themes'
 *
 * cssVariableName('colors', 'accentForeground') // '--portico-colors-accentForeground'
 * `var(${cssVariableName('radii', 'md')})` // 'var(--portico-radii-md)'
 */
export function cssVariableName<group extends keyof ThemeTokens, key extends keyof ThemeTokens[group] & string>(
  group: group,
  key: key,
): `--portico-${group}-${key}` {
  return `--portico-${group}-${key}`
}
