import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../../components/primitives.css.js'

/**
 * The renewed-link status: a live region that is always there (so what is said in it is
 * announced), out of the layout while it is empty (so the panel looks as before until then).
 */
export const linkStatus = style({
  selectors: {
    '&:empty': {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
})
