import { expect, test } from 'vitest'
import { isSafeColor } from './isSafeColor.js'

test('default', () => {
  expect(isSafeColor('oklch(70% 0.15 250 / 0.8)')).toBe(true)
})

test.each([
  '#3396ff',
  'rgb(51, 150, 255)',
  'rgb(20%, 40%, 60%, 0.5)',
  'rgb(51 150 255 / none)',
  'rgba(1e2 2 3)',
  'hsl(210deg, 100%, 60%)',
  'hsl(0.5turn 100% 60% / 50%)',
  'hwb(210 20% 0%)',
  'lab(60% 10 -60)',
  'oklch(0.65 0.18 250deg / 0.9)',
  'RGB( 1 , 2 , 3 )',
])('behavior: accepts %j', (value) => {
  expect(isSafeColor(value)).toBe(true)
})

test.each([
  'rgb(0 0 0) url(x)',
  'rgb(0 0 0) )',
  'color-mix(in srgb, attr(x) 10%, red)',
  'color-mix(in srgb, calc(1) 10%, red)',
  'rgb(0 0 0)rgb(1 1 1)',
  '(rgb(0 0 0))',
  'rgb(0 0 0 "x")',
  "rgb(0 0 0 'x')",
  'portico',
  'var(--portico-a) var(--portico-b)',
  // The examples: allowed characters, not colours.
  'rgb(1,2)',
  'hsl(1,2,3)',
  'var(--x)',
  'var(--portico-colors-accent)',
  'rgb(1, 2%, 3)',
  'rgb(1 2 3 4)',
  'rgb(1,2,3,)',
  'rgb(none, 2, 3)',
  'hsl(1 2 3)',
  'lch(1 2 3deg 4)',
  'color-mix(in oklab, color-mix(in srgb, red 10%, blue) 50%, white)',
  'currentColor',
])('behavior: rejects %j', (value) => {
  expect(isSafeColor(value)).toBe(false)
})
