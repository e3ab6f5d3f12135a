import { expect, test } from 'vitest'
import { scaleLength } from './scaleLength.js'

test('default', () => {
  expect(scaleLength('12px', 1.5)).toBe('18px')
})

test('behavior: keeps the unit and rounds to 2 decimals', () => {
  expect(scaleLength('1rem', 1 / 3)).toBe('0.33rem')
  expect(scaleLength('.5em', 2)).toBe('1em')
  expect(scaleLength('0px', 10)).toBe('0px')
})

test('behavior: leaves unscalable values alone', () => {
  expect(scaleLength('50%', 2)).toBe('50%')
  expect(scaleLength('var(--portico-radii-md)', 2)).toBe('var(--portico-radii-md)')
})
