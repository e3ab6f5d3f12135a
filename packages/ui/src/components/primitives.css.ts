import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
// The reset must come before every component style (equal specificity, so order decides).
import '../css/base.css.js'
import { vars } from '../css/theme.css.js'
import { phoneScreen } from './phoneQuery.js'

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    fontWeight: vars.fontWeights.semibold,
    borderRadius: vars.radii.full,
    whiteSpace: 'nowrap',
    transition: `background-color ${vars.durations.viewTransition} ${vars.easings.standard}, transform ${vars.durations.viewTransition} ${vars.easings.standard}`,
    selectors: {
      '&:active:not(:disabled)': { transform: 'scale(0.97)' },
      '&:disabled': { opacity: 0.6 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.colors.accent,
        color: vars.colors.accentForeground,
        selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.08)' } },
      },
      secondary: {
        background: vars.colors.surfaceRaised,
        color: vars.colors.foreground,
        selectors: { '&:hover:not(:disabled)': { background: vars.colors.surfaceHover } },
      },
      danger: {
        background: vars.colors.surfaceRaised,
        color: vars.colors.danger,
        selectors: { '&:hover:not(:disabled)': { background: vars.colors.surfaceHover } },
      },
    },
    size: {
      sm: { height: 32, padding: `0 ${vars.space.sm}`, fontSize: vars.fontSizes.sm },
      md: { height: 40, padding: `0 ${vars.space.md}`, fontSize: vars.fontSizes.md },
      lg: { height: 48, padding: `0 ${vars.space.lg}`, fontSize: vars.fontSizes.md, width: '100%' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  borderRadius: vars.radii.full,
  color: vars.colors.foregroundMuted,
  transition: `background-color ${vars.durations.viewTransition}`,
  selectors: { '&:hover': { background: vars.colors.surfaceRaised, color: vars.colors.foreground } },
})

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: 56,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radii.lg,
  background: vars.colors.surfaceRaised,
  transition: `background-color ${vars.durations.viewTransition} ${vars.easings.standard}`,
  selectors: {
    'button&:hover:not(:disabled), a&:hover': { background: vars.colors.surfaceHover },
    '&[data-state="active"]': { boxShadow: `inset 0 0 0 1px ${vars.colors.accent}` },
  },
})

export const rowLabel = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeights.medium,
})
export const rowMeta = style({ color: vars.colors.foregroundMuted, fontSize: vars.fontSizes.sm, whiteSpace: 'nowrap' })

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    height: 20,
    padding: `0 ${vars.space.xs}`,
    borderRadius: vars.radii.sm,
    fontSize: vars.fontSizes.xs,
    fontWeight: vars.fontWeights.semibold,
    textTransform: 'uppercase',
    letterSpacing: '0.02em',
  },
  variants: {
    // Solid semantic pairs: the themes guarantee AA contrast for each pair, even at 12px.
    tone: {
      accent: { background: vars.colors.accent, color: vars.colors.accentForeground },
      success: { background: vars.colors.success, color: vars.colors.successForeground },
      neutral: { background: vars.colors.surfaceHover, color: vars.colors.foreground },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

// The WalletConnect row's QR code badge is hidden on a phone (`phoneScreen`), where WalletConnect
// shows no QR code (its own screen cannot scan one). Here, beside the row, so it loads with the
// lists in development too, and costs their script nothing.
globalStyle(`${row} > [data-slot="qr-code-badge"]`, { '@media': { [phoneScreen]: { display: 'none' } } })

export const imageBox = style({
  position: 'relative',
  flexShrink: 0,
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  background: vars.colors.surfaceSunken,
  color: vars.colors.foregroundMuted,
  fontWeight: vars.fontWeights.semibold,
  userSelect: 'none',
})
export const image = style({ width: '100%', height: '100%', objectFit: 'cover' })

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
export const spinner = style({
  borderRadius: '50%',
  border: `2px solid ${vars.colors.surfaceHover}`,
  borderTopColor: vars.colors.accent,
  animation: `${spin} 0.8s linear infinite`,
})

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.md}`,
  color: vars.colors.foregroundMuted,
})
export const emptyTitle = style({ color: vars.colors.foreground, fontWeight: vars.fontWeights.semibold })

/**
 * @internal
 * An input whose field draws its focus indicator (an accent border on `:focus-within` or
 * `:focus`): no outline of its own. The kit's keyboard ring (`[data-portico] :focus-visible`,
 * base.css.ts) is more specific than one class, and text inputs match `:focus-visible` on every
 * focus, so a plain `outline: none` lost to it and a square ring showed inside the rounded field.
 */
export const ownFocusIndicator = style({
  outline: 'none',
  selectors: { '[data-portico] &:focus-visible': { outline: 'none' } },
})
