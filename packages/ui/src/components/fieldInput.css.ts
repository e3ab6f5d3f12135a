import { style } from '@vanilla-extract/css'
import { vars } from '../css/theme.css.js'
// Loads the reset (through primitives) before this style.
import { ownFocusIndicator } from './primitives.css.js'

/**
 * @internal
 * The bare input inside a field whose box draws the frame and the focus indicator (the search,
 * email, send and swap fields): it fills the rest of the row, shows the theme's foreground on no
 * background of its own, and has no outline (see ownFocusIndicator). Kept out of primitives.css:
 * only lazily loaded views use it, and primitives are at page start.
 */
export const fieldInput = style([
  ownFocusIndicator,
  {
    flex: 1,
    minWidth: 0,
    background: 'transparent',
    color: vars.colors.foreground,
    selectors: { '&::placeholder': { color: vars.colors.foregroundSubtle } },
  },
])

/**
 * @internal
 * The box of a field around a {@link fieldInput}: the sunken surface, its border, and the border
 * colours for focus inside and for an invalid value. Spread into each feature's own field style
 * (its shape and padding differ), so the look of a field is written once.
 */
export const fieldFrame = {
  background: vars.colors.surfaceSunken,
  border: `1px solid ${vars.colors.border}`,
  selectors: {
    '&:focus-within': { borderColor: vars.colors.accent },
    '&[data-invalid="true"]': { borderColor: vars.colors.danger },
  },
}
