import type { ThemeTokens } from '../contract.js'
import { fontStacks, overlayBlurs, radiusScales } from './themeOptions.js'

/**
 * The mode-independent tokens plus the mode's `shadows`, in contract order, as fresh objects on
 * every call so themes never share (and accidentally mutate) nested objects.
 *
 * @internal
 * @example
 * sharedTokens(shadows).durations.shake // '500ms'
 */
export function sharedTokens(shadows: ThemeTokens['shadows']): Omit<ThemeTokens, 'colors'> {
  return {
    radii: { ...radiusScales.medium },
    fonts: { body: fontStacks.system, mono: fontStacks.mono },
    fontSizes: { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '24px' },
    fontWeights: { regular: '400', medium: '500', semibold: '600' },
    space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
    shadows: { ...shadows },
    blurs: { overlay: overlayBlurs.none },
    // Near the 32-bit maximum, like other embedded wallet modals, so host headers and chat widgets
    // stay underneath; the gap leaves room for hosts to slot layers in between.
    zIndices: { modal: '2147483000', toast: '2147483010' },
    // Spec: header text 120 ms, modal height 150 ms, view transition 150 ms, shake 500 ms.
    durations: { headerText: '120ms', modalHeight: '150ms', viewTransition: '150ms', shake: '500ms' },
    // Material 3 "standard" curve: quick start, gentle settle; suits both height and fade changes.
    easings: { standard: 'cubic-bezier(0.2, 0, 0, 1)' },
  }
}
