import { expect, test } from 'vitest'
import { parseColor, type Rgba } from './parseColor.js'

const red: Rgba = { r: 1, g: 0, b: 0, alpha: 1 }

const expectColor = (actual: Rgba | undefined, expected: Rgba, tolerance = 0.005) => {
  expect(actual).toBeDefined()
  for (const channel of ['r', 'g', 'b', 'alpha'] as const) {
    expect(Math.abs(actual![channel] - expected[channel])).toBeLessThanOrEqual(tolerance)
  }
}

test('default', () => {
  expect(parseColor('#3396ff')).toEqual({ r: 0.2, g: 150 / 255, b: 1, alpha: 1 })
})

test.each([
  ['#f00', red],
  ['#F00', red],
  ['#f008', { ...red, alpha: 0x88 / 255 }],
  ['#ff0000', red],
  ['#ff000080', { ...red, alpha: 0x80 / 255 }],
  ['red', red],
  ['RebeccaPurple', { r: 0x66 / 255, g: 0x33 / 255, b: 0x99 / 255, alpha: 1 }],
  ['transparent', { r: 0, g: 0, b: 0, alpha: 0 }],
  ['rgb(255, 0, 0)', red],
  ['rgba(255, 0, 0, 0.5)', { ...red, alpha: 0.5 }],
  ['rgb(255 0 0 / 50%)', { ...red, alpha: 0.5 }],
  ['rgb(100% 0% 0%)', red],
  ['rgb(255 none none)', red],
  ['hsl(0, 100%, 50%)', red],
  ['hsla(0, 100%, 50%, .25)', { ...red, alpha: 0.25 }],
  ['hsl(120 100% 25%)', { r: 0, g: 0.5, b: 0, alpha: 1 }],
  ['hsl(0.5turn 100% 50%)', { r: 0, g: 1, b: 1, alpha: 1 }],
  ['hsl(-120deg 100% 50%)', { r: 0, g: 0, b: 1, alpha: 1 }],
  ['hwb(0 0% 0%)', red],
  ['hwb(120 20% 30%)', { r: 0.2, g: 0.7, b: 0.2, alpha: 1 }],
  ['hwb(0 60% 60%)', { r: 0.5, g: 0.5, b: 0.5, alpha: 1 }],
  ['lab(54.29 80.82 69.88)', red],
  ['lab(100% 0 0)', { r: 1, g: 1, b: 1, alpha: 1 }],
  ['lch(54.29 106.84 40.85)', red],
  ['oklab(0.628 0.2249 0.1258)', red],
  ['oklab(0% 0 0 / 0.5)', { r: 0, g: 0, b: 0, alpha: 0.5 }],
  ['oklch(62.8% 0.2577 29.23)', red],
  ['OKLCH(100% 0 0)', { r: 1, g: 1, b: 1, alpha: 1 }],
])('behavior: reads %s', (input, expected) => {
  expectColor(parseColor(input), expected)
})

test.each([
  'var(--portico-colors-accent)',
  'color-mix(in srgb, red 50%, blue)',
  'currentColor',
  'rgb(from red r g b)',
  '#ggg',
  '#12345',
  'rgb(1 2)',
  'rgb(1, 2 3)',
  'rgb(1 2 3 / 0.5 / 1)',
  'rgb(1, 2, 3, 4, 5)',
  'rgb(1 2 3 /)',
  'notacolor',
  '',
])('behavior: returns undefined for %j (browser-only or invalid)', (input) => {
  expect(parseColor(input)).toBeUndefined()
})

test('behavior: clips wide-gamut colours to sRGB', () => {
  const color = parseColor('oklch(70% 0.4 145)')!
  for (const channel of [color.r, color.g, color.b]) {
    expect(channel).toBeGreaterThanOrEqual(0)
    expect(channel).toBeLessThanOrEqual(1)
  }
})
