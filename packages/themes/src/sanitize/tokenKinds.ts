import type { ThemeTokens } from '../contract.js'
import type { CssValueKind } from './isSafeCssValue.js'

/**
 * Which allow-list checks each token group. Typed against the contract, so a new group cannot be
 * added without deciding how it is sanitised.
 *
 * @internal
 * @example
 * tokenKinds.radii // 'length'
 */
export const tokenKinds: { readonly [group in keyof ThemeTokens]: CssValueKind } = {
  colors: 'color',
  radii: 'length',
  fonts: 'fontFamily',
  fontSizes: 'length',
  fontWeights: 'fontWeight',
  space: 'length',
  shadows: 'shadow',
  blurs: 'length',
  zIndices: 'zIndex',
  durations: 'duration',
  easings: 'easing',
}
