import { style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import { fieldFrame, fieldInput } from '../../components/fieldInput.css.js'
import { ownFocusIndicator } from '../../components/primitives.css.js'
import { vars } from '../../css/theme.css.js'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const emailField = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 48,
  paddingInlineStart: vars.space.sm,
  paddingInlineEnd: 4,
  borderRadius: vars.radii.full,
  color: vars.colors.foregroundSubtle,
  ...fieldFrame,
})

export const emailInput = style([
  fieldInput,
  // Comes after fieldInput's rule, so its placeholder colour wins (equal specificity).
  { height: '100%', selectors: { '&::placeholder': { color: vars.colors.foregroundMuted } } },
])

export const divider = style({
  height: 1,
  background: vars.colors.border,
  marginBlock: vars.space.xs,
})

export const otp = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.xs,
  // Digits read left to right in every language.
  direction: 'ltr',
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
})

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})

export const otpDigit = style([
  ownFocusIndicator,
  {
    width: 44,
    height: 52,
    textAlign: 'center',
    fontSize: vars.fontSizes.xl,
    fontWeight: vars.fontWeights.semibold,
    fontVariantNumeric: 'tabular-nums',
    borderRadius: vars.radii.md,
    background: vars.colors.surfaceSunken,
    color: vars.colors.foreground,
    border: `1px solid ${vars.colors.border}`,
    selectors: {
      '&:focus': { borderColor: vars.colors.accent, boxShadow: `0 0 0 1px ${vars.colors.accent}` },
      '&[aria-invalid="true"]': { borderColor: vars.colors.danger },
      '&:disabled': { opacity: 0.6 },
    },
  },
])

export const error = style({ color: vars.colors.danger, fontSize: vars.fontSizes.sm, textAlign: 'center' })

export const linkButton = style({
  color: vars.colors.accent,
  fontWeight: vars.fontWeights.semibold,
  fontSize: vars.fontSizes.sm,
  borderRadius: vars.radii.sm,
  selectors: { '&:disabled': { color: vars.colors.foregroundMuted, cursor: 'default' } },
})

/** Where the secure frame draws its prompt: the frame is laid over this box (see FrameClient.placeIn). */
export const frameArea = style({
  position: 'relative',
  height: 420,
  borderRadius: 12,
  background: vars.colors.surfaceSunken,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
})

export const emailRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radii.md,
  background: vars.colors.surfaceRaised,
  fontSize: vars.fontSizes.sm,
})

export const resend = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.xxs })

export const emailAddress = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere', textAlign: 'start' })

/**
 * The account type's row: it wraps, so a long switch label ('Switch to standard account', longer in
 * German) moves to its own line instead of squeezing the type to a letter per line.
 */
export const accountTypeRow = style([emailRow, { flexWrap: 'wrap', rowGap: vars.space.xxs }])

/** The account type ('Smart account'): breaks between words only, never inside one. */
export const accountTypeValue = style({ flex: '1 1 auto', textAlign: 'start' })

/** The switch on the account type's row: at the end of its line, also when it wrapped. */
export const accountTypeSwitch = style({ marginInlineStart: 'auto' })

/** The Connect view's social logins: the first large, the others in a row that wraps. */
export const socials = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
})

export const socialRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

/** A social login of the row: each takes an equal share of the row. */
export const socialButton = style({ flex: '1 1 0', minWidth: 0 })

export const socialLink = style({
  color: vars.colors.accent,
  fontWeight: vars.fontWeights.semibold,
  textDecoration: 'underline',
})

/**
 * An email address inside a sentence: it moves to the next line whole rather than breaking at its
 * hyphen ("code-" / "name@example.com"), and breaks inside only when it is longer than the line.
 */
export const address = style({ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' })
