import { expect, test } from 'vitest'
import { isName } from './isName.js'

test('dotted labels of letters, digits and hyphens; addresses and junk are not names', () => {
  expect(isName('bob.reown.id')).toBe(true)
  expect(isName(' Bob-1.wcn.id ')).toBe(true)
  expect(isName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  expect(isName('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(false)
  expect(isName('bob')).toBe(false)
  expect(isName('bob..id')).toBe(false)
  expect(isName('bob.reown.id/x')).toBe(false)
  expect(isName(`${'a'.repeat(256)}.id`)).toBe(false)
  expect(isName(42)).toBe(false)
})
