import { expect, test } from 'vitest'
import { relativeLuminance } from './relativeLuminance.js'

test('default', () => {
  expect(relativeLuminance({ r: 1, g: 1, b: 1, alpha: 1 })).toBeCloseTo(1, 10)
})

test('behavior: follows the WCAG weights', () => {
  expect(relativeLuminance({ r: 0, g: 0, b: 0, alpha: 1 })).toBe(0)
  expect(relativeLuminance({ r: 1, g: 0, b: 0, alpha: 1 })).toBeCloseTo(0.2126, 4)
  expect(relativeLuminance({ r: 0, g: 1, b: 0, alpha: 1 })).toBeCloseTo(0.7152, 4)
  expect(relativeLuminance({ r: 0, g: 0, b: 1, alpha: 1 })).toBeCloseTo(0.0722, 4)
  // Linear segment below 0.04045.
  expect(relativeLuminance({ r: 0.04, g: 0.04, b: 0.04, alpha: 1 })).toBeCloseTo(0.04 / 12.92, 6)
})
