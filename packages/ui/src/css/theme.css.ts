import type { ThemeTokens } from '@portico/themes'
import { createGlobalThemeContract } from '@vanilla-extract/css'

// Every key of the token contract, so a token added to @portico/themes without a CSS variable (or
// the reverse) fails the type-check instead of silently rendering an unset variable.
const shape = {
  colors: {
    accent: null,
    accentForeground: null,
    surface: null,
    surfaceRaised: null,
    surfaceHover: null,
    surfaceSunken: null,
    foreground: null,
    foregroundMuted: null,
    foregroundSubtle: null,
    border: null,
    ring: null,
    success: null,
    successForeground: null,
    warning: null,
    warningForeground: null,
    danger: null,
    dangerForeground: null,
    overlay: null,
    qrForeground: null,
    qrBackground: null,
  },
  radii: { xs: null, sm: null, md: null, lg: null, xl: null, full: null },
  fonts: { body: null, mono: null },
  fontSizes: { xs: null, sm: null, md: null, lg: null, xl: null },
  fontWeights: { regular: null, medium: null, semibold: null },
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  shadows: { modal: null, raised: null },
  blurs: { overlay: null },
  zIndices: { modal: null, toast: null },
  durations: { headerText: null, modalHeight: null, viewTransition: null, shake: null },
  easings: { standard: null },
} satisfies { [group in keyof ThemeTokens]: { [key in keyof ThemeTokens[group]]: null } }

/**
 * The theme as CSS variables: `vars.colors.accent` is `var(--portico-colors-accent)`. Styles use
 * these only, never literal values, so any theme (or host override) restyles everything.
 */
export const vars = createGlobalThemeContract(shape, (_, path) => `portico-${path.join('-')}`)
