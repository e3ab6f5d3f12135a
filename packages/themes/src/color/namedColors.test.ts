import { expect, test } from 'vitest'
import { namedColorHex } from './namedColors.js'

test('default', () => {
  expect(namedColorHex('rebeccapurple')).toBe('663399')
})

test('behavior: is case-insensitive and knows all 148 CSS named colours', () => {
  expect(namedColorHex('CornflowerBlue')).toBe('6495ed')
  expect(namedColorHex('aliceblue')).toBe('f0f8ff')
  expect(namedColorHex('yellowgreen')).toBe('9acd32')
  expect(namedColorHex('grey')).toBe(namedColorHex('gray'))
})

test('behavior: returns undefined for anything else', () => {
  expect(namedColorHex('transparent')).toBeUndefined()
  expect(namedColorHex('toString')).toBeUndefined()
  expect(namedColorHex('')).toBeUndefined()
})
