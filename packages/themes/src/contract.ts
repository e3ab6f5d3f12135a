/**
 * The token contract every Portico theme fulfils. Semantic names only: components say "accent" or
 * "surfaceRaised", never a literal colour, so a theme is a complete, swappable set of values.
 * Each leaf becomes a CSS variable `--portico-<group>-<name>` (e.g. `--portico-colors-accent`).
 *
 * Build one with `lightTheme()` / `darkTheme()`; check a hand-made one with `sanitizeTokens()`.
 *
 * @see https://portico.dev/docs/theming
 * @example
 * import { darkTheme, type ThemeTokens } from '@portico/themes'
 *
 * const tokens: ThemeTokens = darkTheme({ accentColor: '#7b3fe4' })
 * tokens.colors.accent // '#7b3fe4'
 */
export type ThemeTokens = {
  colors: {
    /** Primary action background (buttons, selected tab, focus accents). */
    accent: string
    /** Text and icons on `accent`. */
    accentForeground: string
    /** Modal background. */
    surface: string
    /** Cards and list rows on `surface`. */
    surfaceRaised: string
    /** Hover state of raised rows. */
    surfaceHover: string
    /** Inputs and wells. */
    surfaceSunken: string
    /** Primary text. */
    foreground: string
    /** Secondary text. */
    foregroundMuted: string
    /** Tertiary text, placeholders, disabled. */
    foregroundSubtle: string
    border: string
    /** Focus ring (keyboard focus must always be visible). */
    ring: string
    success: string
    successForeground: string
    warning: string
    warningForeground: string
    danger: string
    dangerForeground: string
    /** Backdrop behind the modal. */
    overlay: string
    qrForeground: string
    qrBackground: string
  }
  radii: { xs: string; sm: string; md: string; lg: string; xl: string; full: string }
  fonts: { body: string; mono: string }
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string }
  fontWeights: { regular: string; medium: string; semibold: string }
  space: { xxs: string; xs: string; sm: string; md: string; lg: string; xl: string; xxl: string }
  shadows: { modal: string; raised: string }
  blurs: { overlay: string }
  zIndices: { modal: string; toast: string }
  /** Spec: header text 120 ms, modal height 150 ms, view transition 150 ms, shake 500 ms. */
  durations: { headerText: string; modalHeight: string; viewTransition: string; shake: string }
  easings: { standard: string }
}

/**
 * `light` or `dark`; `auto` follows `prefers-color-scheme`.
 *
 * @example
 * import { resolveTheme, type ThemeMode } from '@portico/themes'
 *
 * const themeMode: ThemeMode = 'auto'
 * resolveTheme({ themeMode, prefersDark: true }).mode // 'dark'
 */
export type ThemeMode = 'light' | 'dark' | 'auto'
