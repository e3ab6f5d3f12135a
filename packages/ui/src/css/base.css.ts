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
  textAlign: 'left',
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

// Keyboard focus is always visible, mouse focus is not.
globalStyle('[data-portico] :focus-visible', {
  outline: `2px solid ${vars.colors.ring}`,
  outlineOffset: 2,
})
globalStyle('[data-portico] :focus:not(:focus-visible)', { outline: 'none' })

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
