import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../css/theme.css.js'
// Loads the reset (through primitives) before these styles.
import { fieldInput } from './fieldInput.css.js'

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const search = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 40,
  padding: `0 ${vars.space.sm}`,
  marginBottom: vars.space.sm,
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceSunken,
  color: vars.colors.foregroundSubtle,
  border: `1px solid ${vars.colors.border}`,
  selectors: { '&:focus-within': { borderColor: vars.colors.accent } },
})
export const searchInput = style([fieldInput, { height: '100%' }])

export const scroller = style({
  height: 360,
  overflowY: 'auto',
  // Room for the scrollbar, which sits on the inline end (left when right to left).
  marginInlineEnd: `calc(-1 * ${vars.space.xs})`,
  paddingInlineEnd: vars.space.xs,
})

/**
 * The virtual list while it scrolls: its rows' hover transitions are off. Under a still pointer,
 * every row that passes is hovered in turn, and each started a background transition that the next
 * step cancelled: three transition events and an animated repaint per row, within the scroll's own
 * frames (the bench's scroll frame interval at 4× CPU throttling). The hover colour itself still
 * follows the pointer, and the rows keep taking clicks (turning pointer events off too would save
 * the hover events as well, but would swallow a click made just after the wheel stops).
 */
export const virtualList = style({})
globalStyle(`${virtualList}[data-scrolling] > li > *`, { transition: 'none' })

export const center = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.sm} ${vars.space.sm}`,
})
// Headlines and notes carry names of any length with no space (a registered name, a wallet's): they
// wrap inside the view rather than run out of it.
export const headline = style({
  fontSize: vars.fontSizes.lg,
  fontWeight: vars.fontWeights.semibold,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
})
export const muted = style({
  color: vars.colors.foregroundMuted,
  fontSize: vars.fontSizes.sm,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
})
export const danger = style({ color: vars.colors.danger })

export const walletRing = style({
  position: 'relative',
  padding: 6,
  borderRadius: 28,
  selectors: {
    '&[data-state="connecting"]': { boxShadow: `0 0 0 2px ${vars.colors.accent}` },
    '&[data-state="rejected"], &[data-state="error"]': { boxShadow: `0 0 0 2px ${vars.colors.danger}` },
  },
})

export const accountHead = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBottom: vars.space.md,
})
export const address = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSizes.lg,
  fontWeight: vars.fontWeights.semibold,
  // A name may be any length and have no space (ENS): it wraps, so Copy beside it stays in view.
  maxWidth: '100%',
  overflowWrap: 'anywhere',
})
export const balance = style({
  color: vars.colors.foregroundMuted,
  fontSize: vars.fontSizes.md,
  fontVariantNumeric: 'tabular-nums',
})
export const actions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xs,
  width: '100%',
  marginTop: vars.space.xs,
})
// One action alone (the network chip of a network without an explorer) is centred under the
// balance, not left in the first of two columns.
globalStyle(`${actions} > :only-child`, { gridColumn: '1 / -1', justifySelf: 'center' })

export const tabsList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  padding: 3,
  gap: 3,
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceSunken,
  margin: `${vars.space.sm} 0`,
})
export const tab = style({
  height: 30,
  borderRadius: vars.radii.full,
  fontSize: vars.fontSizes.sm,
  fontWeight: vars.fontWeights.medium,
  color: vars.colors.foregroundMuted,
  textAlign: 'center',
  transition: `background-color ${vars.durations.viewTransition}`,
  selectors: { '&[data-state="active"]': { background: vars.colors.surfaceRaised, color: vars.colors.foreground } },
})
export const amount = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })
export const sectionTitle = style({
  fontSize: vars.fontSizes.sm,
  color: vars.colors.foregroundMuted,
  margin: `${vars.space.sm} 0 ${vars.space.xs}`,
})

// WalletConnect ---------------------------------------------------------------------------------

export const walletConnect = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.sm}`,
})
export const walletConnectActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  width: '100%',
})
export const qrGlyph = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  borderRadius: vars.radii.md,
  background: vars.colors.accent,
  color: vars.colors.accentForeground,
})

/** Between the Connect view's sections (email, wallets). */
export const divider = style({
  height: 1,
  border: 0,
  margin: `${vars.space.xs} 0`,
  background: vars.colors.border,
})

/** The email field's height, held while its chunk arrives (see EmailFieldSlot). */
export const emailFieldSpace = style({ height: 48 })
