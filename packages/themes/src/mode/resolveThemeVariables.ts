import { type CssVariables, flattenTokens } from '../css/toCssVariables.js'
import { type ResolveThemeParameters, resolveTheme } from './resolveTheme.js'

/**
 * Input of {@link resolveThemeVariables}: the same as {@link resolveTheme}'s.
 *
 * @example
 * const parameters: ResolveThemeVariablesParameters = { themeMode: 'light' }
 */
export type ResolveThemeVariablesParameters = ResolveThemeParameters

/**
 * Output of {@link resolveThemeVariables}: the mode shown and its CSS variables.
 *
 * @example
 * const { mode, variables }: ResolveThemeVariablesReturnType = resolveThemeVariables()
 */
export type ResolveThemeVariablesReturnType = {
  /** The mode actually shown; never `auto`. */
  mode: 'light' | 'dark'
  /** Every `--portico-*` variable with its value, for an inline `style` or CSS text. */
  variables: CssVariables
}

/**
 * {@link resolveTheme} then {@link toCssVariables} in one step, which is what a UI renders: the mode
 * and the CSS variables of the final theme. The same output as the two calls, sanitised the same way
 * (bad host values fall back with a `console.warn`), but faster: the tokens never leave this function,
 * so the values `resolveTheme` has just built and checked are not parsed a second time. The
 * prebuilt UI calls it before its first paint. Pure and never throws.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { resolveThemeVariables } from '@portico/themes'
 *
 * const { mode, variables } = resolveThemeVariables({
 *   themeMode: 'auto',
 *   prefersDark: matchMedia('(prefers-color-scheme: dark)').matches,
 *   themeVariables: { '--w3m-accent': '#7b61ff' },
 * })
 * // React: <div data-portico data-theme={mode} style={variables} />
 */
export function resolveThemeVariables(
  parameters: ResolveThemeVariablesParameters = {},
): ResolveThemeVariablesReturnType {
  const { mode, tokens } = resolveTheme(parameters)
  return { mode, variables: flattenTokens(tokens, false) }
}
