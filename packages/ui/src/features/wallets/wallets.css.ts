import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../../components/primitives.css.js'
import { vars } from '../../css/theme.css.js'

/** A connected wallet: icon, name and address, balance; its actions on a line of their own. */
export const walletRow = style({ flexWrap: 'wrap', paddingBlock: vars.space.sm })

export const walletLabel = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 })

export const walletName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeights.medium,
})

export const walletActions = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  width: '100%',
})
