import { expect, test } from 'vitest'
import { directoryCountLabel } from './directoryCount.js'

test('default', () => {
  expect(directoryCountLabel(523)).toBe('520+')
  expect(directoryCountLabel(520)).toBe('520+')
  expect(directoryCountLabel(10)).toBe('10+')
  expect(directoryCountLabel(7)).toBe('7')
})

test('behavior: no badge until a count is known', () => {
  expect(directoryCountLabel(undefined)).toBeUndefined()
  expect(directoryCountLabel(0)).toBeUndefined()
  expect(directoryCountLabel(Number.NaN)).toBeUndefined()
})
