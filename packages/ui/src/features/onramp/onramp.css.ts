import { style } from '@vanilla-extract/css'
import '../../components/primitives.css.js'
import { vars } from '../../css/theme.css.js'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const fieldRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, flex: 1, minWidth: 0 })
/**
 * A field whose value is a name ("USDC · Ethereum", "Bank transfer"): at least 12rem, so two of
 * them share a row only where both fit whole, else each takes its own row (never clipped).
 */
export const nameField = style([field, { flex: '1 1 12rem' }])

export const label = style({ fontSize: vars.fontSizes.sm, color: vars.colors.foregroundMuted })

const control = {
  height: 44,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  background: vars.colors.surfaceSunken,
  color: vars.colors.foreground,
  border: `1px solid ${vars.colors.border}`,
  fontSize: vars.fontSizes.md,
  minWidth: 0,
} as const

export const amountInput = style({
  ...control,
  fontSize: vars.fontSizes.lg,
  fontWeight: vars.fontWeights.semibold,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.colors.ring}`, outlineOffset: 1 },
    '&[aria-invalid="true"]': { borderColor: vars.colors.danger },
  },
})

export const presets = style({ display: 'flex', gap: vars.space.xs })

export const preset = style({
  flex: 1,
  height: 32,
  // The amount centred in its pill, with room on both sides.
  paddingInline: vars.space.sm,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceRaised,
  color: vars.colors.foreground,
  fontSize: vars.fontSizes.sm,
  selectors: {
    '&:hover': { background: vars.colors.surfaceHover },
    '&[data-state="on"]': { boxShadow: `inset 0 0 0 1px ${vars.colors.accent}` },
  },
})

export const fieldError = style({ color: vars.colors.danger, fontSize: vars.fontSizes.sm })

export const quote = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radii.md,
  background: vars.colors.surfaceRaised,
  fontSize: vars.fontSizes.sm,
  minHeight: 72,
})

export const breakdown = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0 })

export const quoteLine = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontVariantNumeric: 'tabular-nums',
})

/** A figure taken from the total: set back, so the total and what it buys stand out. */
export const feeLine = style([quoteLine, { color: vars.colors.foregroundMuted }])

/** The total less the fees: a rule above it, as under a column of figures. */
export const sumLine = style([
  quoteLine,
  { borderTop: `1px solid ${vars.colors.border}`, paddingTop: vars.space.xxs, marginTop: vars.space.xxs },
])

export const quoteStrong = style({ fontWeight: vars.fontWeights.semibold, fontSize: vars.fontSizes.md })

export const notice = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm })

export const providerButton = style({ width: '100%', textAlign: 'start' })
