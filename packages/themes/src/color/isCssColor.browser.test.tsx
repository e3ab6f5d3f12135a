// In Chromium: every colour the server-side grammar accepts is one the browser parses, so what
// the kit validates in Node (SSR) is what the browser will render (once, 2,439 of 3,347
// generated strings the old allow-list accepted were not colours Chromium parses).
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { isSafeColor } from '../sanitize/isSafeColor.js'
import { colorStrings } from '../test/colorStrings.js'
import { darkTheme } from '../themes/darkTheme.js'
import { isCssColor } from './isCssColor.js'
import { isCssColorSyntax } from './isCssColorSyntax.js'

test('property: every value the Node grammar accepts is parsed by Chromium (CSS.supports and a computed style)', () => {
  const probe = document.createElement('div')
  document.body.append(probe)
  let accepted = 0
  fc.assert(
    fc.property(colorStrings, (value) => {
      if (!isCssColorSyntax(value)) return
      accepted++
      expect(CSS.supports('color', value), value).toBe(true)
      probe.style.color = ''
      probe.style.color = value
      expect(probe.style.color, value).not.toBe('')
    }),
    { numRuns: 5_000 },
  )
  probe.remove()
  expect(accepted).toBeGreaterThan(100)
})

test('the issue examples are refused in the browser too', () => {
  for (const value of ['rgb(1,2)', 'hsl(1,2,3)', 'var(--x)', 'var(--portico-colors-accent)']) {
    expect(isCssColor(value), value).toBe(false)
    expect(isSafeColor(value), value).toBe(false)
  }
})

test('a var() cycle never reaches the accent: the theme keeps a parseable, opaque accent', () => {
  const theme = darkTheme({ accentColor: 'var(--portico-colors-accent)' })
  const probe = document.createElement('button')
  probe.style.setProperty('--portico-colors-accent', theme.colors.accent)
  probe.style.backgroundColor = 'var(--portico-colors-accent)'
  document.body.append(probe)
  expect(getComputedStyle(probe).backgroundColor).toBe('rgb(51, 150, 255)')
  probe.remove()
})
