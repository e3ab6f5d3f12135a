import { keyframes, style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import './primitives.css.js'
import { vars } from '../css/theme.css.js'

const pulse = keyframes({ '50%': { opacity: 0.55 } })
const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

/** The card: the QR colour pair (dark modules on a light field in both modes, scanners need it). */
export const root = style({
  position: 'relative',
  width: '100%',
  maxWidth: 264,
  aspectRatio: '1',
  borderRadius: vars.radii.lg,
  background: vars.colors.qrBackground,
  color: vars.colors.qrForeground,
  overflow: 'hidden',
  boxShadow: `0 0 0 1px ${vars.colors.border}`,
  selectors: {
    '&[data-state="loading"]': {
      background: vars.colors.surfaceSunken,
      animation: `${pulse} 1.2s ${vars.easings.standard} infinite`,
    },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

export const svg = style({
  display: 'block',
  width: '100%',
  height: '100%',
  animation: `${appear} ${vars.durations.viewTransition} ${vars.easings.standard}`,
})
export const modules = style({ fill: vars.colors.qrForeground })
export const field = style({ fill: vars.colors.qrBackground })

/** The logo in the cleared centre of the code. */
export const logo = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'grid',
  placeItems: 'center',
  overflow: 'hidden',
  borderRadius: vars.radii.md,
  background: vars.colors.qrBackground,
  color: vars.colors.qrForeground,
})
