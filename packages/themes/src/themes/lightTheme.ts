import { readableForeground } from '../color/readableForeground.js'
import type { ThemeTokens } from '../contract.js'
import { createTheme } from './createTheme.js'
import { sharedTokens } from './sharedTokens.js'
import type { ThemeOptions } from './themeOptions.js'

/**
 * Options for {@link lightTheme}; the same as for `darkTheme`.
 *
 * @example
 * const options: LightThemeParameters = { borderRadius: 'large' }
 */
export type LightThemeParameters = ThemeOptions

/**
 * What {@link lightTheme} returns: a complete, plain token object.
 *
 * @example
 * const tokens: LightThemeReturnType = lightTheme()
 */
export type LightThemeReturnType = ThemeTokens

// White modal on near-white rows. Fills are deep enough for white text and to read as text on
// `surfaceRaised` (≥ 4.5:1), so error and link text need no separate token.
function lightBase(): ThemeTokens {
  const accent = '#0b63e5'
  const success = '#15803d'
  const warning = '#b45309'
  const danger = '#c8242f'
  return {
    colors: {
      accent,
      accentForeground: readableForeground(accent)!,
      surface: '#ffffff',
      surfaceRaised: '#f3f3f3',
      surfaceHover: '#e8e8e8',
      surfaceSunken: '#fafafa',
      foreground: '#141414',
      foregroundMuted: '#636363',
      foregroundSubtle: '#8a8a8a',
      border: '#e4e4e4',
      ring: accent,
      success,
      successForeground: readableForeground(success)!,
      warning,
      warningForeground: readableForeground(warning)!,
      danger,
      dangerForeground: readableForeground(danger)!,
      overlay: 'rgba(0, 0, 0, 0.3)',
      qrForeground: '#141414',
      qrBackground: '#ffffff',
    },
    ...sharedTokens({
      modal: '0 24px 64px rgba(0, 0, 0, 0.16), 0 0 0 1px rgba(0, 0, 0, 0.06)',
      raised: '0 1px 2px rgba(0, 0, 0, 0.08)',
    }),
  }
}

/**
 * The light Portico theme, as a plain `ThemeTokens` object: a white modal with soft grey rows, a
 * deep blue accent, and every text/fill pair at WCAG AA (4.5:1) or better. Options are
 * validated; unsafe or unknown values fall back to the default with a `console.warn`.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { lightTheme } from '@portico/themes'
 *
 * const theme = lightTheme({ accentColor: '#ff5c00', overlayBlur: 'small' })
 * theme.colors.accentForeground // '#000000' (computed for contrast)
 */
export function lightTheme(options?: LightThemeParameters): LightThemeReturnType {
  return createTheme(lightBase(), options, 'lightTheme')
}
