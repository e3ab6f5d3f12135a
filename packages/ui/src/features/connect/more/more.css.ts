import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../../../components/primitives.css.js'
import { vars } from '../../../css/theme.css.js'

/** The branding line under the Connect view (`reownBranding`): quiet, centred. */
export const branding = style({
  margin: 0,
  color: vars.colors.foregroundMuted,
  fontSize: vars.fontSizes.sm,
  lineHeight: 1.4,
  textAlign: 'center',
})
