import { expect, test } from 'vitest'
import { isSafeColor } from './isSafeColor.js'

test('default', () => {
  expect(isSafeColor('oklch(70% 0.15 250 / 0.8)')).toBe(true)
})

test('behavior: nested colour functions and Portico references are fine', () => {
  expect(isSafeColor('color-mix(in oklab, color-mix(in srgb, red 10%, blue) 50%, var(--portico-colors-surface))')).toBe(
    true,
  )
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
])('behavior: rejects %j', (value) => {
  expect(isSafeColor(value)).toBe(false)
})
