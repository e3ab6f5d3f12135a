import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css.js'

// Everything is scoped under [data-portico]: no rule of ours reaches the host page, and a
// minimal reset keeps the host's global styles (button resets, list padding) out of ours. Each
// reset has the specificity of one class ([data-portico] :where(…)): it beats a host's element
// selectors (`ul {…}`), and ties with our component classes, which win because this file is
// always loaded first (primitives.css.ts imports it).
globalStyle('[data-portico]', {
  fontFamily: vars.fonts.body,
  fontSize: vars.fontSizes.md,
  lineHeight: 1.4,
  color: vars.colors.foreground,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  // Logical, so Arabic (dir="rtl") starts on the right.
  textAlign: 'start',
})

globalStyle('[data-portico] :where(*, *::before, *::after)', {
  boxSizing: 'border-box',
  margin: 0,
  padding: 0,
  border: 0,
  font: 'inherit',
  color: 'inherit',
  letterSpacing: 'normal',
})

globalStyle('[data-portico] :where(button)', { background: 'none', cursor: 'pointer', textAlign: 'inherit' })
globalStyle('[data-portico] :where(button:disabled)', { cursor: 'default' })
globalStyle('[data-portico] :where(img, svg)', { display: 'block', maxWidth: '100%' })
globalStyle('[data-portico] :where(a)', { textDecoration: 'none' })
globalStyle('[data-portico] :where(ul, ol)', { listStyle: 'none' })

// Right to left (Arabic): the layout mirrors by itself (flex, grid and every inline-start/end
// property follow `dir`); what does not is motion along x and arrows drawn in an icon. Views slide
// in from the other side, and icons that point somewhere (back, chevrons, the disconnect arrow,
// the external-link arrow) are mirrored. The path, not the svg, flips: a view may already rotate
// the svg (e.g. the retry arrow) and the two transforms must compose.
globalStyle('[data-portico]', { vars: { '--portico-inline-sign': '1' } })
globalStyle('[data-portico][dir="rtl"]', { vars: { '--portico-inline-sign': '-1' } })
globalStyle(
  '[data-portico][dir="rtl"] :is([data-icon="back"], [data-icon="chevron"], [data-icon="disconnect"], [data-icon="external"]) > path',
  { transform: 'scaleX(-1)', transformOrigin: 'center', transformBox: 'fill-box' },
)

// Keyboard focus is always visible, mouse focus is not.
globalStyle('[data-portico] :focus-visible', {
  outline: `2px solid ${vars.colors.ring}`,
  outlineOffset: 2,
})
globalStyle('[data-portico] :focus:not(:focus-visible)', { outline: 'none' })
// The first control the modal focused after a mouse or touch open (ModalContent's
// `data-pointer-focus`, cleared by a key or on blur): Chromium counts script focus as keyboard.
globalStyle('[data-portico] [data-pointer-focus]:focus-visible', { outline: 'none' })
// The dialog's own box takes focus only to hold it (no control to start on): it is not a control.
globalStyle('[data-portico] [data-slot="modal-content"]:focus-visible', { outline: 'none' })

// Respect reduced motion: no transitions, animations or smooth scrolling anywhere in the kit.
globalStyle('[data-portico] *, [data-portico] *::before, [data-portico] *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
})
