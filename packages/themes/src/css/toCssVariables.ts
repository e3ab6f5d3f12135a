import type { ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'
import { isSafeCssValue } from '../sanitize/isSafeCssValue.js'
import { tokenKinds } from '../sanitize/tokenKinds.js'
import { type CssVariableName, cssVariableName } from './cssVariableName.js'

/**
 * A flat map of every theme CSS variable to its value.
 *
 * @example
 * import { darkTheme, toCssVariables, type CssVariables } from '@portico/themes'
 *
 * const style: CssVariables = toCssVariables(darkTheme())
 */
export type CssVariables = Record<CssVariableName, string>

/**
 * What {@link toCssVariables} returns.
 *
 * @example
 * const style: ToCssVariablesReturnType = toCssVariables(lightTheme())
 */
export type ToCssVariablesReturnType = CssVariables

const tokenKey = /^[A-Za-z][A-Za-z0-9]*$/

/**
 * Flattens a theme into its CSS variables (`--portico-<group>-<key>` → value), ready for an inline
 * `style` (React accepts custom properties there) or for server-rendered CSS text.
 *
 * Tokens from this package's functions are already safe. As a last line of defence for token
 * objects built by hand, each value is re-checked and an unsafe one is emitted as `initial`
 * (which makes the variable invalid, so the UI's fallback applies) with a `console.warn`. Run host
 * token objects through {@link sanitizeTokens} first to get real defaults instead.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { darkTheme, toCssVariables } from '@portico/themes'
 *
 * const style = toCssVariables(darkTheme())
 * style['--portico-colors-accent'] // '#3396ff'
 *
 * // React: <div data-portico style={style} />
 * // SSR: `[data-portico]{${Object.entries(style).map(([k, v]) => `${k}:${v}`).join(';')}}`
 */
export function toCssVariables(tokens: ThemeTokens): ToCssVariablesReturnType {
  return flattenTokens(tokens, true)
}

/**
 * @internal {@link toCssVariables} with the value re-check optional: `check: false` is only for
 * tokens this package has just built or sanitised and never handed out (see `resolveThemeVariables`),
 * where the re-check would parse every colour a second time before the first paint (the page-start budget).
 * Keys are checked either way: the check is one regex per key.
 */
export function flattenTokens(tokens: ThemeTokens, check: boolean): CssVariables {
  const variables: Record<string, string> = {}
  for (const [group, kind] of Object.entries(tokenKinds) as [
    keyof ThemeTokens,
    (typeof tokenKinds)[keyof ThemeTokens],
  ][]) {
    const values = (tokens[group] ?? {}) as Record<string, unknown>
    for (const [key, value] of Object.entries(values)) {
      // The key becomes part of a property name in CSS text, so it gets an allow-list too.
      if (!tokenKey.test(key)) {
        warn(`toCssVariables(): token key ${describeValue(`${group}.${key}`)} is not a plain identifier; skipped.`)
        continue
      }
      const name = cssVariableName(group, key as never)
      if (!check || isSafeCssValue(kind, value)) variables[name] = String(value).trim()
      else {
        warn(
          `toCssVariables(): ${group}.${key}: ${describeValue(value)} is not an accepted value; emitted as "initial".`,
        )
        variables[name] = 'initial'
      }
    }
  }
  return variables as CssVariables
}
