import { style } from '@vanilla-extract/css'
import '../../components/primitives.css.js'
import { vars } from '../../css/theme.css.js'

export const pair = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })
export const account = style({
  color: vars.colors.foregroundMuted,
  fontSize: vars.fontSizes.sm,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
})
export const buttons = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  marginBlockStart: vars.space.md,
})
export const status = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBlockStart: vars.space.md,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  background: vars.colors.surfaceSunken,
  fontSize: vars.fontSizes.sm,
})
