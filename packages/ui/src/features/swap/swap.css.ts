import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import { fieldFrame, fieldInput } from '../../components/fieldInput.css.js'
import { vars } from '../../css/theme.css.js'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const panel = style({
  // A fieldset: no browser margin, and it may shrink with the modal.
  margin: 0,
  minInlineSize: 0,
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
})

export const label = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm })

export const amountInput = style([
  fieldInput,
  {
    fontSize: vars.fontSizes.xl,
    fontWeight: vars.fontWeights.semibold,
    fontVariantNumeric: 'tabular-nums',
    selectors: { '&[data-state="invalid"]': { color: vars.colors.danger } },
  },
])

export const tokenButton = style({ flexShrink: 0 })

export const max = style({
  color: vars.colors.accent,
  fontSize: vars.fontSizes.sm,
  fontWeight: vars.fontWeights.semibold,
  borderRadius: vars.radii.sm,
  paddingInline: vars.space.xxs,
})

export const flipRow = style({ display: 'flex', justifyContent: 'center', marginBlock: `calc(-1 * ${vars.space.sm})` })

export const flip = style({
  zIndex: 1,
  border: `1px solid ${vars.colors.border}`,
  background: vars.colors.surfaceRaised,
  transform: 'rotate(90deg)',
})

export const details = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  padding: vars.space.sm,
  fontSize: vars.fontSizes.sm,
  color: vars.colors.foregroundMuted,
})

export const detailValue = style({
  textAlign: 'end',
  color: vars.colors.foreground,
  fontVariantNumeric: 'tabular-nums',
  selectors: { '&[data-state="high"]': { color: vars.colors.danger } },
})

export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingBlock: vars.space.sm,
})

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.colors.foregroundMuted,
  selectors: {
    '&[data-state="active"]': { color: vars.colors.foreground, fontWeight: vars.fontWeights.semibold },
    '&[data-state="done"]': { color: vars.colors.success },
  },
})

export const error = style({ color: vars.colors.danger, fontSize: vars.fontSizes.sm, textAlign: 'center' })
