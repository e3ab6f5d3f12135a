import { expect, test } from 'vitest'
import { parseAmount } from './parseAmount.js'

test('default: decimal strings become exact base units', () => {
  expect(parseAmount('1.5', 6)).toBe(1_500_000n)
  expect(parseAmount('.25', 18)).toBe(250_000_000_000_000_000n)
  expect(parseAmount('2.', 0)).toBe(2n)
  expect(parseAmount(' 10 ', 2)).toBe(1000n)
  expect(parseAmount('123456789012345678901234567890.123456789012345678', 18)).toBe(
    123456789012345678901234567890123456789012345678n,
  )
  // Trailing zeros past the token's decimals carry no value: not "too many decimals".
  expect(parseAmount('1.5000000000', 6)).toBe(1_500_000n)
})

test.each([
  ['1.1234567', 6, 'decimals'],
  ['0.1', 0, 'decimals'],
  ['0', 6, 'zero'],
  ['0.000000', 6, 'zero'],
  ['-1', 6, 'negative'],
  ['-.5', 6, 'negative'],
  ['1e3', 6, 'exponent'],
  ['1.5E-7', 18, 'exponent'],
  ['abc', 6, 'format'],
  ['', 6, 'format'],
  ['.', 6, 'format'],
  ['1,000', 6, 'format'],
  ['+1', 6, 'format'],
  ['0x10', 6, 'format'],
  ['Infinity', 6, 'format'],
])('parameters: %j with %i decimals is refused (%s)', (amount, decimals, reason) => {
  expect(() => parseAmount(amount, decimals)).toThrow(expect.objectContaining({ name: 'InvalidAmountError', reason }))
})

test('behavior: non-strings other than numbers are refused, never a crash', () => {
  for (const value of [undefined, null, {}, [], 10n])
    expect(() => parseAmount(value, 6)).toThrow(expect.objectContaining({ name: 'InvalidAmountError' }))
  expect(parseAmount(1.5, 6)).toBe(1_500_000n)
  expect(() => parseAmount(1e-7, 18)).toThrow(expect.objectContaining({ reason: 'exponent' }))
})
