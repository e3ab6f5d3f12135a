import { globalStyle, style } from '@vanilla-extract/css'
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
export const balance = style({
  // One left-to-right unit in a right-to-left line ("9,999.996 ETH", not "ETH 9,999.996").
  direction: 'ltr',
  unicodeBidi: 'isolate',
  color: vars.colors.foregroundMuted,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeights.medium,
})
// The balance and the address are two readings: a rule between them keeps "9,999.998 ETH" and
// "0xf3…2266" from running together.
globalStyle(`${balance} + [data-slot="account-button-name"]`, {
  paddingInlineStart: vars.space.xs,
  borderInlineStart: `1px solid ${vars.colors.border}`,
  '@media': { '(max-width: 479px)': { paddingInlineStart: 0, borderInlineStart: 'none' } },
})
// A phone's header has no room for both: the compact form is the avatar and the short address.
globalStyle(balance, { '@media': { '(max-width: 479px)': { display: 'none' } } })

export const group = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })
