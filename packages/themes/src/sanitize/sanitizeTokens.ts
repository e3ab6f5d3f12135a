import type { ThemeTokens } from '../contract.js'
import { describeValue, warn } from '../internal/warn.js'
import { darkTheme } from '../themes/darkTheme.js'
import { enforceContrast } from '../themes/enforceContrast.js'
import { type FillName, withFill } from '../themes/withFill.js'
import { sanitizeValue } from './sanitizeValue.js'
import { tokenKinds } from './tokenKinds.js'

/**
 * Any subset of the token contract, as a host may pass it (every group and key optional).
 *
 * @example
 * import type { PartialThemeTokens } from '@portico/themes'
 *
 * const overrides: PartialThemeTokens = { colors: { accent: '#ff5c00' }, radii: { md: '8px' } }
 */
export type PartialThemeTokens = { [group in keyof ThemeTokens]?: Partial<ThemeTokens[group]> }

const fills: FillName[] = ['accent', 'success', 'warning', 'danger']

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Checks a host-supplied token object and completes it into a full `ThemeTokens`. Each value must
 * pass {@link isSafeCssValue} for its group's kind; a missing value takes the default, and an
 * unsafe one takes the default with a `console.warn` naming the token (e.g. `colors.accent`).
 * Unknown groups and keys are dropped with a warning. Never throws.
 *
 * A fill given without its foreground (say `colors.accent` without `colors.accentForeground`)
 * gets black or white computed for contrast, and a `ring` that followed the default accent follows
 * the new one. No colour pair is left below WCAG AA (4.5:1) text contrast: see `enforceContrast`.
 *
 * @param tokens - What the host passed; any shape is tolerated.
 * @param defaults - Where missing and rejected values come from. Default: {@link darkTheme}().
 * @see https://portico.dev/docs/theming
 * @example
 * import { lightTheme, sanitizeTokens } from '@portico/themes'
 *
 * const tokens = sanitizeTokens(
 *   { colors: { accent: '#ff5c00', surface: 'red;background:url(https://evil)' } },
 *   lightTheme(),
 * )
 * tokens.colors.accent // '#ff5c00'
 * tokens.colors.surface // '#ffffff', with a console.warn about colors.surface
 */
export function sanitizeTokens(tokens: PartialThemeTokens, defaults: ThemeTokens = darkTheme()): ThemeTokens {
  const input: unknown = tokens
  if (input != null && !isRecord(input)) {
    warn(`sanitizeTokens(): tokens must be an object, got ${describeValue(input)}; using the defaults.`)
  }
  const source = isRecord(input) ? input : {}
  const result = {} as Record<string, Record<string, string>>

  for (const group of Object.keys(source)) {
    if (!Object.hasOwn(defaults, group)) warn(`sanitizeTokens(): unknown token group "${group}" ignored.`)
  }
  for (const [group, kind] of Object.entries(tokenKinds)) {
    const fallbackGroup = defaults[group as keyof ThemeTokens] as Record<string, string>
    const given = source[group]
    if (given !== undefined && !isRecord(given)) {
      warn(`sanitizeTokens(): ${group} must be an object, got ${describeValue(given)}; using the defaults.`)
    }
    const values = isRecord(given) ? given : {}
    for (const key of Object.keys(values)) {
      if (!Object.hasOwn(fallbackGroup, key)) warn(`sanitizeTokens(): unknown token "${group}.${key}" ignored.`)
    }
    const sanitized: Record<string, string> = {}
    for (const [key, fallback] of Object.entries(fallbackGroup)) {
      sanitized[key] = sanitizeValue(kind, values[key], fallback, `${group}.${key}`)
    }
    result[group] = sanitized
  }

  const complete = result as unknown as ThemeTokens
  const givenColors = isRecord(source.colors) ? source.colors : {}
  for (const fill of fills) {
    // Derive only when the host set the fill but not its foreground, and the fill survived checks.
    if (givenColors[fill] === undefined || givenColors[`${fill}Foreground`] !== undefined) continue
    if (complete.colors[fill] === defaults.colors[fill]) continue
    const colors = complete.colors
    // withFill moves a ring that tracked the old accent; start from the default pair so it can tell.
    const base = { ...colors, [fill]: defaults.colors[fill] }
    if (fill === 'accent') base.ring = defaults.colors.ring
    complete.colors = withFill(base, fill, colors[fill])
    // A ring the host set explicitly always wins.
    if (givenColors.ring !== undefined) complete.colors.ring = colors.ring
  }
  complete.colors = enforceContrast(complete.colors, defaults.colors)
  return complete
}
