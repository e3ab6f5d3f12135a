import { expect, test } from 'vitest'
import { contrastRatio } from './contrastRatio.js'
import { readableForeground } from './readableForeground.js'

test('default', () => {
  expect(readableForeground('#3396ff')).toBe('#000000')
})

test.each([
  ['#0b57d0', '#ffffff'],
  ['#7b3fe4', '#ffffff'],
  ['#000000', '#ffffff'],
  ['#ffffff', '#000000'],
  ['#f5a524', '#000000'],
  ['yellow', '#000000'],
  ['navy', '#ffffff'],
  ['oklch(90% 0.1 100)', '#000000'],
])('behavior: %s gets %s', (background, expected) => {
  expect(readableForeground(background)).toBe(expected)
})

test('behavior: the pick always reaches WCAG AA (at least 4.5:1)', () => {
  // Sweep greys and hues: the worst case sits at relative luminance ≈ 0.18, still ≈ 4.58:1.
  for (let value = 0; value < 256; value += 3) {
    const hex = value.toString(16).padStart(2, '0')
    for (const background of [`#${hex}${hex}${hex}`, `#${hex}00ff`, `#ff${hex}00`, `#00${hex}80`]) {
      expect(contrastRatio(readableForeground(background)!, background)).toBeGreaterThanOrEqual(4.5)
    }
  }
})

test('behavior: undefined for colours only the browser can resolve', () => {
  expect(readableForeground('var(--portico-colors-accent)')).toBeUndefined()
  expect(readableForeground('currentColor')).toBeUndefined()
})
