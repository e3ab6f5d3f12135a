// @portico/themes: the token contract, the built-in light and dark themes, AppKit-compatible
// theme variables, sanitisation of host input and CSS variable output. Imports nothing at runtime.
// This is the package entry (the only barrel), listing every public name explicitly.

export { contrastRatio } from './color/contrastRatio.js'
export { readableForeground } from './color/readableForeground.js'
export type { ThemeMode, ThemeTokens } from './contract.js'
export { type CssVariableName, cssVariableName } from './css/cssVariableName.js'
export { type CssVariables, type ToCssVariablesReturnType, toCssVariables } from './css/toCssVariables.js'
export { getPrefersDark } from './mode/getPrefersDark.js'
export { type ResolveThemeParameters, type ResolveThemeReturnType, resolveTheme } from './mode/resolveTheme.js'
export {
  type ResolveThemeVariablesParameters,
  type ResolveThemeVariablesReturnType,
  resolveThemeVariables,
} from './mode/resolveThemeVariables.js'
export { type ColorSchemeListener, type WatchColorSchemeReturnType, watchColorScheme } from './mode/watchColorScheme.js'
export { type CssValueKind, isSafeCssValue } from './sanitize/isSafeCssValue.js'
export { type PartialThemeTokens, sanitizeTokens } from './sanitize/sanitizeTokens.js'
export { type DarkThemeParameters, type DarkThemeReturnType, darkTheme } from './themes/darkTheme.js'
export { type LightThemeParameters, type LightThemeReturnType, lightTheme } from './themes/lightTheme.js'
export type { ThemeOptions } from './themes/themeOptions.js'
export { type ApplyThemeVariablesReturnType, applyThemeVariables } from './variables/applyThemeVariables.js'
export { type PorticoThemeVariable, type ThemeVariables, themeVariableAliases } from './variables/themeVariables.js'
