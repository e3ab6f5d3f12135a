import type { ThemeTokens } from '../contract.js'

/**
 * Options for {@link lightTheme} and {@link darkTheme}. Every value is checked; anything unsafe or
 * unknown falls back to the default with a `console.warn`.
 *
 * @example
 * import { darkTheme, type ThemeOptions } from '@portico/themes'
 *
 * const options: ThemeOptions = { accentColor: '#0052ff', borderRadius: 'small', fontStack: 'Inter, sans-serif' }
 * darkTheme(options)
 */
export type ThemeOptions = {
  /** Primary action colour (buttons, selected tab, focus ring). Any safe CSS colour. */
  accentColor?: string
  /**
   * Text and icons on `accentColor`. When omitted, black or white is picked by WCAG relative
   * luminance, whichever contrasts more with the accent.
   */
  accentColorForeground?: string
  /** Corner rounding of the whole kit. Default `'medium'`. */
  borderRadius?: 'none' | 'small' | 'medium' | 'large'
  /** A preset font stack, or your own `font-family` value (e.g. `'Inter, sans-serif'`). Default `'system'`. */
  fontStack?: 'system' | 'rounded' | 'mono' | (string & {})
  /** Blur behind the modal. Default `'none'`: backdrop blur is costly on low-end devices. */
  overlayBlur?: 'none' | 'small' | 'large'
}

/**
 * Radius scales per `borderRadius` option. `medium` is the reference that AppKit's
 * `--w3m-border-radius-master: 4px` maps to. `full` stays a pill/circle in every scale, so
 * avatars and status dots keep their shape; components that should turn square with `none` use
 * the stepped radii.
 *
 * @internal
 * @example
 * radiusScales.small.md // '6px'
 */
export const radiusScales: Record<NonNullable<ThemeOptions['borderRadius']>, ThemeTokens['radii']> = {
  none: { xs: '0px', sm: '0px', md: '0px', lg: '0px', xl: '0px', full: '9999px' },
  small: { xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px', full: '9999px' },
  medium: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', full: '9999px' },
  large: { xs: '6px', sm: '12px', md: '16px', lg: '24px', xl: '32px', full: '9999px' },
}

// System UI fonts first: no web-font download, and the modal matches the visitor's platform.
const systemStack =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"'
const monoStack = 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace'

/**
 * Font stacks per `fontStack` preset; `mono` sets the body font to the monospace stack too.
 *
 * @internal
 * @example
 * fontStacks.mono.startsWith('ui-monospace') // true
 */
export const fontStacks: Record<'system' | 'rounded' | 'mono', string> = {
  system: systemStack,
  rounded: `ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", "Arial Rounded MT Bold", Calibri, ${systemStack}`,
  mono: monoStack,
}

/**
 * Backdrop blur radius per `overlayBlur` option (used as `backdrop-filter: blur(<value>)`).
 *
 * @internal
 * @example
 * overlayBlurs.small // '4px'
 */
export const overlayBlurs: Record<NonNullable<ThemeOptions['overlayBlur']>, string> = {
  none: '0px',
  small: '4px',
  large: '16px',
}
