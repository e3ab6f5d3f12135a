import type { ThemeMode, ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'
import { type PartialThemeTokens, sanitizeTokens } from '../sanitize/sanitizeTokens.js'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { applyThemeVariables } from '../variables/applyThemeVariables.js'
import type { ThemeVariables } from '../variables/themeVariables.js'

/**
 * Input of {@link resolveTheme}; every field is optional.
 *
 * @example
 * const parameters: ResolveThemeParameters = { themeMode: 'auto', prefersDark: getPrefersDark() }
 */
export type ResolveThemeParameters = {
  /** `light`, `dark` or `auto` (follow `prefersDark`). Default `'dark'` (the spec). */
  themeMode?: ThemeMode
  /** AppKit-style overrides applied on top of whichever theme is chosen. */
  themeVariables?: ThemeVariables
  /** Tokens for light mode, e.g. `lightTheme({ accentColor })`, or any part of them. Default `lightTheme()`. */
  light?: PartialThemeTokens
  /** Tokens for dark mode, e.g. `darkTheme({ accentColor })`, or any part of them. Default `darkTheme()`. */
  dark?: PartialThemeTokens
  /** For `auto`: whether the system prefers dark (see `getPrefersDark`). Unknown (SSR) → dark. */
  prefersDark?: boolean
}

/**
 * Output of {@link resolveTheme}: the mode shown and its final tokens.
 *
 * @example
 * const { mode, tokens }: ResolveThemeReturnType = resolveTheme({ themeMode: 'light' })
 */
export type ResolveThemeReturnType = {
  /** The mode actually shown; never `auto`. */
  mode: 'light' | 'dark'
  tokens: ThemeTokens
}

const modes = /* @__PURE__ */ new Set<unknown>(['light', 'dark', 'auto'])

/**
 * Picks the theme to show and returns its final tokens: chooses light or dark from `themeMode`
 * (`auto` follows `prefersDark`), sanitises the host's tokens for that mode over the built-in
 * theme, then applies `themeVariables`. Pure: it reads no globals, so server and client agree
 * when given the same input. Bad input falls back to defaults with a `console.warn`; never throws.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { darkTheme, getPrefersDark, lightTheme, resolveTheme, toCssVariables } from '@portico/themes'
 *
 * const { mode, tokens } = resolveTheme({
 *   themeMode: 'auto',
 *   prefersDark: getPrefersDark(),
 *   light: lightTheme({ accentColor: '#0052ff' }),
 *   dark: darkTheme({ accentColor: '#4c8dff' }),
 *   themeVariables: { '--w3m-border-radius-master': '2px' },
 * })
 * element.dataset.theme = mode
 * Object.assign(element.style, toCssVariables(tokens))
 */
export function resolveTheme(parameters: ResolveThemeParameters = {}): ResolveThemeReturnType {
  const { themeMode = 'dark', themeVariables, light, dark, prefersDark } = parameters ?? {}
  let requested = themeMode
  if (!modes.has(themeMode)) {
    warn(`resolveTheme(): themeMode ${describeValue(themeMode)} is not light, dark or auto; using "dark".`)
    requested = 'dark'
  }
  const mode = requested === 'auto' ? (prefersDark === false ? 'light' : 'dark') : requested
  const base = mode === 'light' ? lightTheme() : darkTheme()
  const given = mode === 'light' ? light : dark
  const tokens = given === undefined ? base : sanitizeTokens(given, base)
  return { mode, tokens: themeVariables === undefined ? tokens : applyThemeVariables(tokens, themeVariables) }
}
