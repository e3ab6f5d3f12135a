import { expect, test } from 'vitest'
import { splitTopLevel } from './splitTopLevel.js'

test('default', () => {
  expect(splitTopLevel('a(b, c), d', ',')).toEqual(['a(b, c)', 'd'])
})

test('behavior: splits on whitespace outside parentheses, dropping empties', () => {
  expect(splitTopLevel('  0 1px\trgba(0, 0, 0, 0.4)  ', ' ')).toEqual(['0', '1px', 'rgba(0, 0, 0, 0.4)'])
})

test('behavior: keeps empty comma parts so a trailing comma can be rejected', () => {
  expect(splitTopLevel('Inter,', ',')).toEqual(['Inter', ''])
})
