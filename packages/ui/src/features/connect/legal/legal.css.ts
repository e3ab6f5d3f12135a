import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../../../components/primitives.css.js'
import { vars } from '../../../css/theme.css.js'

/** The legal line's height, held while its chunk arrives (see LegalSlot). */
export const legalSpace = style({ minHeight: 20 })

const text = { color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm, lineHeight: 1.4 } as const

export const notice = style({ ...text, margin: 0, textAlign: 'center' })

export const checkbox = style({
  ...text,
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.xxs}`,
})

export const box = style({
  flex: 'none',
  width: 18,
  height: 18,
  margin: 0,
  accentColor: vars.colors.accent,
  cursor: 'pointer',
})

export const link = style({ color: vars.colors.foreground, textDecoration: 'underline', textUnderlineOffset: 2 })

/**
 * Around the ways to connect while the checkbox waits: a disabled fieldset disables every button
 * and field in it (pointer and keyboard alike) without a flag on each.
 */
export const gate = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  selectors: { '&:disabled': { opacity: 0.5 } },
})
