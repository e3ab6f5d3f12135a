import { style } from '@vanilla-extract/css'
import './primitives.css.js'
import { vars } from '../css/theme.css.js'

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 })

export const label = style({ fontSize: vars.fontSizes.sm, color: vars.colors.foregroundMuted })

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minWidth: 0,
  // At least a field's height; a label too long for one line wraps and the field grows.
  minHeight: 44,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.md,
  background: vars.colors.surfaceSunken,
  color: vars.colors.foreground,
  border: `1px solid ${vars.colors.border}`,
  fontSize: vars.fontSizes.md,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.colors.ring}`, outlineOffset: 1 },
    '&[data-state="open"]': { borderColor: vars.colors.accent },
  },
})

export const value = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' })

export const icon = style({ flexShrink: 0, color: vars.colors.foregroundMuted })

export const content = style({
  // Placed by the component (top, left, width, max-height); above the dialog's own content.
  position: 'fixed',
  zIndex: 1,
  overflowY: 'auto',
  padding: vars.space.xxs,
  background: vars.colors.surface,
  color: vars.colors.foreground,
  border: `1px solid ${vars.colors.border}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.raised,
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 40,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radii.sm,
  fontSize: vars.fontSizes.md,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.colors.surfaceHover },
    '&[aria-selected="true"]': { fontWeight: vars.fontWeights.medium },
  },
})

/** A long label wraps inside the list's width instead of being cut. */
export const itemText = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' })

export const indicator = style({ flexShrink: 0, color: vars.colors.accent })
