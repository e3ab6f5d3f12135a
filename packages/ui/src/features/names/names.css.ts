import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import { fieldFrame, fieldInput } from '../../components/fieldInput.css.js'
import { vars } from '../../css/theme.css.js'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const label = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm })

// The typed name and its suffix are one domain name, read left to right in every language: right
// to left, the row reversed them and the suffix's leading dot moved to its end ('reown.id.').
export const field = style({
  direction: 'ltr',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  height: 48,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.lg,
  ...fieldFrame,
})

export const input = style([fieldInput, { fontSize: vars.fontSizes.md }])

// The configured suffix the name gets, beside what the user types.
export const suffix = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.md, whiteSpace: 'nowrap' })

export const message = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm })

export const error = style({ color: vars.colors.danger, fontSize: vars.fontSizes.sm })

export const suggestions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs })

export const suggestion = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 40,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  background: vars.colors.surfaceRaised,
  color: vars.colors.foreground,
  fontSize: vars.fontSizes.sm,
  textAlign: 'start',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.colors.surfaceHover },
    '&:disabled': { cursor: 'default', color: vars.colors.foregroundMuted },
  },
})

export const entry = style({ marginBlockStart: vars.space.xs })
