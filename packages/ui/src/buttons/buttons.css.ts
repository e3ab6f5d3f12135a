import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../components/primitives.css.js'
import { vars } from '../css/theme.css.js'

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 40,
  // The avatar's side is tighter; logical so it stays with the avatar right to left.
  paddingBlock: 0,
  paddingInlineStart: 4,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radii.full,
  background: vars.colors.surface,
  color: vars.colors.foreground,
  border: `1px solid ${vars.colors.border}`,
  fontFamily: vars.fonts.body,
  fontSize: vars.fontSizes.md,
  fontWeight: vars.fontWeights.semibold,
  whiteSpace: 'nowrap',
  transition: `background-color ${vars.durations.viewTransition} ${vars.easings.standard}`,
  selectors: {
    '&:hover': { background: vars.colors.surfaceRaised },
    '&[data-state="unsupported"]': { color: vars.colors.danger, paddingInlineStart: vars.space.sm },
  },
})
// The balance and the name, in the room the button has: a one-line box that wraps the balance
// (placed after the name in the markup, shown before it by `row-reverse`) onto a second line it
// clips. Where the host's header leaves too little width, whatever the screen size, the button
// shrinks to its compact form (avatar and short address) with no script and no measuring.
export const readings = style({
  display: 'flex',
  flexDirection: 'row-reverse',
  flexWrap: 'wrap',
  alignItems: 'center',
  alignContent: 'flex-start',
  height: 30,
  lineHeight: '30px',
  overflow: 'hidden',
  minWidth: 0,
})
// The two readings apart: a rule after the balance (it leaves with the balance when that wraps),
// on the side of the name in either direction; the amount inside reads left to right ("9,999.996
// ETH", not "ETH 9,999.996"), isolated by its `dir`.
export const balance = style({
  color: vars.colors.foregroundMuted,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeights.medium,
  paddingInlineEnd: vars.space.xs,
  marginInlineEnd: vars.space.xs,
  borderInlineEnd: `1px solid ${vars.colors.border}`,
  // Breakable inside (where it is clipped anyway) so that the button's narrowest form is set by
  // the name, not by the balance it drops.
  whiteSpace: 'normal',
  // A phone's header has no room for both, whatever the host's layout.
  '@media': { '(max-width: 479px)': { display: 'none' } },
})

export const group = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })
