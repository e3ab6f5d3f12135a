import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import { fieldFrame, fieldInput } from '../../components/fieldInput.css.js'
import { vars } from '../../css/theme.css.js'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radii.lg,
  ...fieldFrame,
})

export const panelRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  minWidth: 0,
})

export const label = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm })
/** A closing line under a centred column (Receive's warning): centred with it, wrapped or not. */
export const note = style([label, { textAlign: 'center', textWrap: 'balance' }])

export const input = fieldInput

export const amountInput = style([
  input,
  { fontSize: vars.fontSizes.xl, fontWeight: vars.fontWeights.semibold, fontVariantNumeric: 'tabular-nums' },
])

export const link = style({
  color: vars.colors.accent,
  fontSize: vars.fontSizes.sm,
  fontWeight: vars.fontWeights.semibold,
  borderRadius: vars.radii.sm,
  paddingInline: vars.space.xxs,
})

export const error = style({ color: vars.colors.danger, fontSize: vars.fontSizes.sm })

export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSizes.sm,
  color: vars.colors.foregroundMuted,
})

export const value = style({ color: vars.colors.foreground, textAlign: 'end', fontVariantNumeric: 'tabular-nums' })

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.md} 0`,
  textAlign: 'center',
})

export const big = style({ fontSize: vars.fontSizes.xl, fontWeight: vars.fontWeights.semibold })

export const receiver = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 })

export const buttons = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.xs })

export const receive = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm })

export const mono = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' })

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: 0,
})

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceRaised,
  fontSize: vars.fontSizes.sm,
})

export const features = style({
  display: 'flex',
  gap: vars.space.xs,
  justifyContent: 'center',
  flexWrap: 'wrap',
  selectors: {
    // A button still loading (PartPending): the row waits, keeping a button's height, and then
    // shows them all at once, so none moves under a pointer aiming at it.
    '&:has(> [data-pending])': { visibility: 'hidden', minHeight: 32 },
  },
})

export const balanceLine = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.colors.foregroundMuted,
  fontSize: vars.fontSizes.sm,
})
