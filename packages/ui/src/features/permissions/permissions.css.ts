import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../../components/primitives.css.js'
import { vars } from '../../css/theme.css.js'

/** The Account view's permissions list, between the account's rows and its tabs. */
export const section = style({ marginBlock: vars.space.sm })

export const title = style({
  margin: 0,
  marginBlockEnd: vars.space.xs,
  fontSize: vars.fontSizes.sm,
  fontWeight: vars.fontWeights.medium,
  color: vars.colors.foregroundMuted,
})
