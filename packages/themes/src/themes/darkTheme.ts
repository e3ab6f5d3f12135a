import { readableForeground } from '../color/readableForeground.js'
import type { ThemeTokens } from '../contract.js'
import { createTheme } from './createTheme.js'
import { sharedTokens } from './sharedTokens.js'
import type { ThemeOptions } from './themeOptions.js'

/**
 * Options for {@link darkTheme}; the same as for `lightTheme`.
 *
 * @example
 * const options: DarkThemeParameters = { borderRadius: 'large' }
 */
export type DarkThemeParameters = ThemeOptions

/**
 * What {@link darkTheme} returns: a complete, plain token object.
 *
 * @example
 * const tokens: DarkThemeReturnType = darkTheme()
 */
export type DarkThemeReturnType = ThemeTokens

// Deep neutral greys, no blue cast, so any host accent sits well on them. Fills are bright enough
// to read as text on `surface` (≥ 4.5:1), which is why their foregrounds come out black; `danger`
// also reads on `surfaceHover`, the Disconnect button's background under the pointer.
function darkBase(): ThemeTokens {
  const accent = '#3396ff'
  const success = '#2fbf71'
  const warning = '#f5a524'
  const danger = '#f3616d'
  return {
    colors: {
      accent,
      accentForeground: readableForeground(accent)!,
      surface: '#141414',
      surfaceRaised: '#1f1f1f',
      surfaceHover: '#2a2a2a',
      surfaceSunken: '#0f0f0f',
      foreground: '#f5f5f5',
      foregroundMuted: '#9a9a9a',
      foregroundSubtle: '#6b6b6b',
      border: '#2e2e2e',
      ring: accent,
      success,
      successForeground: readableForeground(success)!,
      warning,
      warningForeground: readableForeground(warning)!,
      danger,
      dangerForeground: readableForeground(danger)!,
      overlay: 'rgba(0, 0, 0, 0.6)',
      // Scanners want dark modules on a light field, so the QR card stays light in dark mode.
      qrForeground: '#141414',
      qrBackground: '#ffffff',
    },
    ...sharedTokens({
      // The faint light edge separates the modal from dark host pages where a shadow is invisible.
      modal: '0 24px 64px rgba(0, 0, 0, 0.6), 0 0 0 1px rgba(255, 255, 255, 0.06)',
      raised: '0 1px 2px rgba(0, 0, 0, 0.4)',
    }),
  }
}

/**
 * The dark Portico theme (the default), as a plain `ThemeTokens` object: deep neutral surfaces, a
 * bright blue accent, and every text/fill pair at WCAG AA (4.5:1) or better. Options are
 * validated; unsafe or unknown values fall back to the default with a `console.warn`.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { darkTheme } from '@portico/themes'
 *
 * const theme = darkTheme({ accentColor: '#7b3fe4', borderRadius: 'large', fontStack: 'rounded' })
 * theme.colors.accentForeground // '#ffffff' (computed for contrast)
 */
export function darkTheme(options?: DarkThemeParameters): DarkThemeReturnType {
  return createTheme(darkBase(), options, 'darkTheme')
}
