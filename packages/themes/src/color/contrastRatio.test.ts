import { expect, test } from 'vitest'
import { contrastRatio } from './contrastRatio.js'

test('default', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBe(21)
})

test('behavior: is symmetric and 1 for identical colours', () => {
  expect(contrastRatio('#ffffff', '#000000')).toBe(21)
  expect(contrastRatio('#3396ff', '#3396ff')).toBe(1)
})

test.each([
  // Reference values from the WebAIM contrast checker.
  ['#777777', '#ffffff', 4.48],
  ['#767676', '#ffffff', 4.54],
  ['#0000ff', '#ffffff', 8.59],
  ['#ff0000', '#ffffff', 4.0],
  ['#000000', '#3396ff', 6.95],
])('behavior: %s on %s is %f:1', (foreground, background, expected) => {
  expect(contrastRatio(foreground, background)).toBeCloseTo(expected, 2)
})

test('behavior: blends a translucent foreground over the background', () => {
  // 50% white over black is mid grey (#808080 ≈ 5.3:1 against black).
  expect(contrastRatio('rgba(255, 255, 255, 0.5)', '#000000')).toBeCloseTo(contrastRatio('#808080', '#000000')!, 1)
  expect(contrastRatio('transparent', '#123456')).toBe(1)
})

test('behavior: blends a translucent background over white', () => {
  expect(contrastRatio('#000000', 'rgba(0, 0, 0, 0)')).toBe(21)
})

test('behavior: undefined when the browser must resolve a colour', () => {
  expect(contrastRatio('var(--portico-colors-foreground)', '#fff')).toBeUndefined()
  expect(contrastRatio('#fff', 'color-mix(in srgb, red 10%, black)')).toBeUndefined()
})
