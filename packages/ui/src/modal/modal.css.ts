import { globalStyle, keyframes, style } from '@vanilla-extract/css'
// Loads the reset (through primitives) before these styles.
import '../components/primitives.css.js'
import { vars } from '../css/theme.css.js'

const mobile = 'screen and (max-width: 560px)'

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
// The dialog's entry and its shake move it through the `translate` and `scale` properties, which
// add to its `transform` (the centring): a keyframe of `transform` replaced the centring, so for
// the animation's length the dialog sat with its corner at the screen's centre, then jumped.
const rise = keyframes({
  from: { opacity: 0, translate: '0 12px', scale: '0.98' },
  to: { opacity: 1, translate: 'none', scale: 'none' },
})
const sheetUp = keyframes({ from: { translate: '0 100%' }, to: { translate: 'none' } })
// --portico-inline-sign is -1 right to left (base.css.ts): views then enter from the other side.
const slideForward = keyframes({
  from: { opacity: 0, transform: 'translateX(calc(16px * var(--portico-inline-sign, 1)))' },
  to: { opacity: 1, transform: 'none' },
})
const slideBack = keyframes({
  from: { opacity: 0, transform: 'translateX(calc(-16px * var(--portico-inline-sign, 1)))' },
  to: { opacity: 1, transform: 'none' },
})
const shake = keyframes({
  '10%, 90%': { translate: '-1px 0' },
  '20%, 80%': { translate: '2px 0' },
  '30%, 50%, 70%': { translate: '-4px 0' },
  '40%, 60%': { translate: '4px 0' },
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndices.modal,
  background: vars.colors.overlay,
  animation: `${fadeIn} ${vars.durations.viewTransition} ${vars.easings.standard}`,
  // Only for a theme that blurs (ModalOverlay sets data-blur): any backdrop-filter, blur(0px)
  // included, has the compositor filter the whole page behind the modal on every frame. In
  // headless Chromium that made All Wallets scroll at 6-10 frames a second.
  selectors: { '&[data-blur]': { backdropFilter: `blur(${vars.blurs.overlay})` } },
})

export const content = style({
  position: 'fixed',
  zIndex: vars.zIndices.modal,
  top: '50%',
  // Physical on purpose: centring on the viewport is the same in both directions.
  left: '50%',
  transform: 'translate(-50%, -50%)',
  // The entrance's `scale` turns about this point, which the centring puts at the box's centre.
  transformOrigin: '0 0',
  width: 'min(360px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 64px)',
  display: 'flex',
  flexDirection: 'column',
  background: vars.colors.surface,
  color: vars.colors.foreground,
  border: `1px solid ${vars.colors.border}`,
  borderRadius: vars.radii.xl,
  boxShadow: vars.shadows.modal,
  overflow: 'hidden',
  animation: `${rise} ${vars.durations.viewTransition} ${vars.easings.standard}`,
  selectors: {
    // The frame inside says when to shake (a rejection); the dialog's whole box shakes.
    '&:has([data-slot="modal-frame"][data-shake="true"])': {
      animation: `${shake} ${vars.durations.shake} ${vars.easings.standard}`,
    },
  },
  '@media': {
    [mobile]: {
      top: 'auto',
      bottom: 0,
      left: 0,
      transform: 'none',
      width: '100%',
      maxHeight: 'calc(100vh - 48px)',
      borderEndStartRadius: 0,
      borderEndEndRadius: 0,
      animation: `${sheetUp} ${vars.durations.viewTransition} ${vars.easings.standard}`,
    },
  },
})

export const inline = style({
  position: 'relative',
  width: '100%',
  maxWidth: 400,
  display: 'flex',
  flexDirection: 'column',
  background: vars.colors.surface,
  border: `1px solid ${vars.colors.border}`,
  borderRadius: vars.radii.xl,
  overflow: 'hidden',
})

export const header = style({
  display: 'grid',
  gridTemplateColumns: '32px 1fr 32px',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xs}`,
})

export const title = style({
  textAlign: 'center',
  fontSize: vars.fontSizes.lg,
  fontWeight: vars.fontWeights.semibold,
  animation: `${fadeIn} ${vars.durations.headerText} ${vars.easings.standard}`,
})

export const sizer = style({
  overflow: 'hidden',
  transition: `height ${vars.durations.modalHeight} ${vars.easings.standard}`,
})

export const body = style({
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.md}`,
  overflowY: 'auto',
  maxHeight: 'calc(100vh - 160px)',
  selectors: {
    '&[data-direction="forward"]': {
      animation: `${slideForward} ${vars.durations.viewTransition} ${vars.easings.standard}`,
    },
    '&[data-direction="back"]': { animation: `${slideBack} ${vars.durations.viewTransition} ${vars.easings.standard}` },
  },
})

export const loading = style({ display: 'grid', placeItems: 'center', minHeight: 200 })

export const toastRegion = style({
  position: 'fixed',
  zIndex: vars.zIndices.toast,
  top: vars.space.lg,
  left: '50%',
  transform: 'translateX(-50%)',
  pointerEvents: 'none',
})

const toastIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-8px)' },
  to: { opacity: 1, transform: 'none' },
})
const toastOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0, transform: 'translateY(-8px)' } })
export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  // The icon's side is tighter; logical so it stays with the icon right to left.
  paddingBlock: vars.space.xs,
  paddingInlineStart: vars.space.xs,
  paddingInlineEnd: vars.space.md,
  borderRadius: vars.radii.full,
  background: vars.colors.surfaceRaised,
  color: vars.colors.foreground,
  border: `1px solid ${vars.colors.border}`,
  boxShadow: vars.shadows.raised,
  fontSize: vars.fontSizes.sm,
  fontWeight: vars.fontWeights.medium,
  pointerEvents: 'auto',
  animation: `${toastIn} ${vars.durations.viewTransition} ${vars.easings.standard}`,
  selectors: {
    '&[data-leaving="true"]': {
      animation: `${toastOut} ${vars.durations.viewTransition} ${vars.easings.standard} forwards`,
    },
  },
})

globalStyle(`${toast}[data-variant="success"] > svg`, { color: vars.colors.success })
globalStyle(`${toast}[data-variant="error"] > svg`, { color: vars.colors.danger })
