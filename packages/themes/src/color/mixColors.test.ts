import { expect, test } from 'vitest'
import { mixColors } from './mixColors.js'

test('default', () => {
  expect(mixColors('#ff0000', '#000000', 50)).toBe('#800000')
})

test('behavior: strength 0 keeps the base and 100 gives the colour', () => {
  expect(mixColors('#00bb7f', '#141414', 0)).toBe('#141414')
  expect(mixColors('#00bb7f', '#141414', 100)).toBe('#00bb7f')
})

test('behavior: mixes in gamma-encoded sRGB, like color-mix(in srgb)', () => {
  expect(mixColors('#00bb7f', '#141414', 20)).toBe('#103529')
  expect(mixColors('white', 'black', 25)).toBe('#404040')
})

test('behavior: clamps strength to 0..100', () => {
  expect(mixColors('#ffffff', '#000000', 150)).toBe('#ffffff')
  expect(mixColors('#ffffff', '#000000', -5)).toBe('#000000')
})

test('behavior: falls back to a color-mix() expression the browser resolves', () => {
  expect(mixColors('var(--portico-colors-accent)', '#141414', 20)).toBe(
    'color-mix(in srgb, var(--portico-colors-accent) 20%, #141414)',
  )
  expect(mixColors('rgba(0, 0, 0, 0.5)', '#ffffff', 10)).toBe('color-mix(in srgb, rgba(0, 0, 0, 0.5) 10%, #ffffff)')
})
