import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css.js'

// Everything is scoped under [data-portico]: no rule of ours reaches the host page, and a
// minimal reset keeps the host's global styles (button resets, line-heights) out of ours. The
// resets use :where() so they have zero specificity: a component's class always wins over them.
globalStyle('[data-portico]', {
  fontFamily: vars.fonts.body,
  fontSize: vars.fontSizes.md,
  lineHeight: 1.4,
  color: vars.colors.foreground,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textAlign: 'left',
})

globalStyle(':where([data-portico]) *, :where([data-portico]) *::before, :where([data-portico]) *::after', {
  boxSizing: 'border-box',
  margin: 0,
  padding: 0,
  border: 0,
  font: 'inherit',
  color: 'inherit',
  letterSpacing: 'normal',
})

globalStyle(':where([data-portico]) :where(button)', { background: 'none', cursor: 'pointer', textAlign: 'inherit' })
globalStyle(':where([data-portico]) :where(button:disabled)', { cursor: 'default' })
globalStyle(':where([data-portico]) :where(img, svg)', { display: 'block', maxWidth: '100%' })
globalStyle(':where([data-portico]) :where(a)', { textDecoration: 'none' })

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
