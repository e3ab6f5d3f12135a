import type { ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'
import { isSafeCssValue } from '../sanitize/isSafeCssValue.js'
import { sanitizeValue } from '../sanitize/sanitizeValue.js'
import { enforceContrast } from './enforceContrast.js'
import { fontStacks, overlayBlurs, radiusScales, type ThemeOptions } from './themeOptions.js'
import { withFill } from './withFill.js'

const knownOptions = /* @__PURE__ */ new Set([
  'accentColor',
  'accentColorForeground',
  'borderRadius',
  'fontStack',
  'overlayBlur',
])

const isKeyOf = <record extends object>(record: record, key: unknown): key is keyof record =>
  typeof key === 'string' && Object.hasOwn(record, key)

/**
 * Applies host `options` to a freshly built base theme, in place, and returns it. Shared by
 * `lightTheme` and `darkTheme`, which differ only in their base palette. Each option is validated
 * on its own, so one bad value costs only itself.
 *
 * @internal
 * @example
 * createTheme(base, { accentColor: '#7b3fe4', borderRadius: 'large' }, 'darkTheme')
 */
export function createTheme(tokens: ThemeTokens, options: ThemeOptions | undefined, name: string): ThemeTokens {
  if (options == null) return tokens
  if (typeof options !== 'object') {
    warn(`${name}(): options must be an object, got ${describeValue(options)}; using the defaults.`)
    return tokens
  }
  for (const key of Object.keys(options)) {
    if (!knownOptions.has(key)) warn(`${name}(): unknown option "${key}" ignored.`)
  }
  const { accentColor, accentColorForeground, borderRadius, fontStack, overlayBlur } = options
  const base = tokens.colors

  if (accentColor !== undefined || accentColorForeground !== undefined) {
    const accent = sanitizeValue('color', accentColor, tokens.colors.accent, `${name}(): accentColor`)
    const foreground =
      accentColorForeground === undefined || !isSafeCssValue('color', accentColorForeground)
        ? undefined
        : String(accentColorForeground).trim()
    if (accentColorForeground !== undefined && foreground === undefined) {
      warn(
        `${name}(): accentColorForeground: ${describeValue(accentColorForeground)} is not an accepted colour; computing one.`,
      )
    }
    tokens.colors = enforceContrast(withFill(tokens.colors, 'accent', accent, foreground), base)
  }

  if (borderRadius !== undefined) {
    if (isKeyOf(radiusScales, borderRadius)) tokens.radii = { ...radiusScales[borderRadius] }
    else
      warn(
        `${name}(): borderRadius ${describeValue(borderRadius)} is not one of none, small, medium, large; using "medium".`,
      )
  }

  if (fontStack !== undefined) {
    if (isKeyOf(fontStacks, fontStack)) tokens.fonts.body = fontStacks[fontStack]
    else tokens.fonts.body = sanitizeValue('fontFamily', fontStack, tokens.fonts.body, `${name}(): fontStack`)
  }

  if (overlayBlur !== undefined) {
    if (isKeyOf(overlayBlurs, overlayBlur)) tokens.blurs.overlay = overlayBlurs[overlayBlur]
    else warn(`${name}(): overlayBlur ${describeValue(overlayBlur)} is not one of none, small, large; using "none".`)
  }

  return tokens
}
