import { parse } from 'culori'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { colorStrings } from '../test/colorStrings.js'
import { isCssColorSyntax } from './isCssColorSyntax.js'
import { parseColor } from './parseColor.js'

test('default', () => {
  expect(isCssColorSyntax('#3396ff')).toBe(true)
  expect(isCssColorSyntax('oklch(70% 0.15 250 / 0.8)')).toBe(true)
})

test.each([
  'rgb(1,2)',
  'hsl(1,2,3)',
  'var(--x)',
  'rgb(1 2 3 / var(--x))',
  'rgb (1 2 3)',
  'rgb(1, 2%, 3)',
  'rgb(none, 2, 3)',
  'rgba(1,2,3,4,5)',
  'rgb(1 2 3,)',
  'hwb(1, 2%, 3%)',
  'color(srgb 1 0 0)',
  'color-mix(in srgb, red, blue)',
  'currentColor',
  'inherit',
  '#12345',
  `rgb(${'1'.repeat(200)} 0 0)`,
])('behavior: refuses %j (not a colour, or one only the browser can resolve)', (value) => {
  expect(isCssColorSyntax(value)).toBe(false)
})

test('property: every accepted value is parsed by culori (an independent parser) and by parseColor', () => {
  let accepted = 0
  fc.assert(
    fc.property(colorStrings, (value) => {
      if (!isCssColorSyntax(value)) return
      accepted++
      // CSS names and units are ASCII case-insensitive; culori only reads lower case.
      expect(parse(value.toLowerCase()), value).toBeDefined()
      expect(parseColor(value), value).toBeDefined()
    }),
    { numRuns: 5_000 },
  )
  // The generator must exercise acceptance, not only rejection.
  expect(accepted).toBeGreaterThan(100)
})
