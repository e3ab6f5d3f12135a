import { describe, expect, test } from 'vitest'
import {
  formatBalance,
  formatSignedAmount,
  formatTokenValue,
  formatUnitsTruncated,
  getAmountSign,
  negativeOperationTypes,
  positiveOperationTypes,
  truncateAddress,
  truncateDecimals,
} from './format.js'

describe('truncateDecimals', () => {
  test('default', () => {
    expect(truncateDecimals('1234567.98765', 3)).toBe('1,234,567.987')
  })

  test.each([
    ['0', 3, '0'],
    ['0.0009', 3, '0'],
    ['0.0019', 3, '0.001'],
    ['0.9999', 3, '0.999'],
    ['1.5', 3, '1.5'],
    ['1.500', 3, '1.5'],
    ['1234567.98765', 3, '1,234,567.987'],
    ['1234567.98765', 0, '1,234,567'],
    ['999', 2, '999'],
    ['1000', 2, '1,000'],
    ['-1234.5678', 2, '-1,234.56'],
    ['-0.0001', 3, '0'],
    ['-0', 3, '0'],
    ['+12.34', 1, '12.3'],
    ['.5', 1, '0.5'],
    ['5.', 1, '5'],
    ['007.10', 2, '7.1'],
    ['  42.129  ', 2, '42.12'],
    ['1e3', 2, '1,000'],
    ['1.23456e2', 2, '123.45'],
    ['1e-7', 8, '0.0000001'],
    ['123456789012345678901234567890.123456', 4, '123,456,789,012,345,678,901,234,567,890.1234'],
  ] as const)('behavior: %j to %i decimals → %j', (value, decimals, expected) => {
    expect(truncateDecimals(value, decimals)).toBe(expected)
  })

  test.each([
    [0, '0'],
    [0.1 + 0.2, '0.3'],
    [1.9999, '1.999'],
    [-2.5, '-2.5'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [1.5e-7, '0'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('behavior: number %d → %j', (value, expected) => {
    expect(truncateDecimals(value, 3)).toBe(expected)
  })

  test.each([
    [0n, '0'],
    [-5n, '-5'],
    [10n ** 30n, '1,000,000,000,000,000,000,000,000,000,000'],
  ])('behavior: bigint %s → %j', (value, expected) => {
    expect(truncateDecimals(value, 3)).toBe(expected)
  })

  test.each([
    ['abc'],
    [''],
    ['   '],
    ['.'],
    ['-'],
    ['1.2.3'],
    ['1,234.5'],
    ['0x10'],
    ['1e999999'],
    ['NaN'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    [null],
    [undefined],
    [{}],
  ])('behavior: invalid %j formats as zero', (value) => {
    expect(truncateDecimals(value as never, 3)).toBe('0')
    expect(truncateDecimals(value as never, 2, { padded: true })).toBe('0.00')
  })

  test('parameters: padded', () => {
    expect(truncateDecimals('1.5', 2, { padded: true })).toBe('1.50')
    expect(truncateDecimals('1.5678', 2, { padded: true })).toBe('1.56')
    expect(truncateDecimals('3', 0, { padded: true })).toBe('3')
    expect(truncateDecimals('-0.001', 2, { padded: true })).toBe('0.00')
  })

  test('parameters: decimals is clamped', () => {
    expect(truncateDecimals('1.99', -1)).toBe('1')
    expect(truncateDecimals('1.99', 1.7)).toBe('1.9')
    expect(truncateDecimals('1.99', Number.NaN)).toBe('1')
  })
})

describe('formatBalance', () => {
  test('default', () => {
    expect(formatBalance('1234567.98765')).toBe('1,234,567.987')
  })

  test('a balance just under ten thousand is cut at three decimals, never rounded up', () => {
    expect(formatBalance('9999.99876543')).toBe('9,999.998')
  })

  test.each([
    ['0', '0'],
    ['0.0009', '0'],
    ['0.001', '0.001'],
    ['12.3456789', '12.345'],
    ['-12.3456789', '-12.345'],
    [1e-10, '0'],
    ['invalid', '0'],
  ])('behavior: %j → %j', (value, expected) => {
    expect(formatBalance(value)).toBe(expected)
  })
})

describe('formatTokenValue', () => {
  test('default', () => {
    expect(formatTokenValue(1234.5)).toBe('1,234.50')
  })

  test.each([
    ['0', '0.00'],
    ['0.019', '0.01'],
    ['0.999', '0.99'],
    ['1000000', '1,000,000.00'],
    ['-3.456', '-3.45'],
    ['oops', '0.00'],
  ])('behavior: %j → %j', (value, expected) => {
    expect(formatTokenValue(value)).toBe(expected)
  })
})

describe('formatUnitsTruncated', () => {
  test('default', () => {
    expect(formatUnitsTruncated(1234567890123456789n, 18, 3)).toBe('1.234')
  })

  test.each([
    [0n, 18, 3, '0'],
    [1n, 18, 3, '0'],
    [999999999999999999n, 18, 3, '0.999'],
    [1_500_000n, 6, 2, '1.5'],
    [-1_500_000n, 6, 2, '-1.5'],
    [123n, 0, 3, '123'],
    [10n ** 30n, 6, 2, '1,000,000,000,000,000,000,000,000'],
    [2n ** 256n - 1n, 18, 3, '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584'],
  ])('behavior: %s with %i decimals → %j', (raw, tokenDecimals, displayDecimals, expected) => {
    expect(formatUnitsTruncated(raw, tokenDecimals, displayDecimals)).toBe(expected)
  })

  test('parameters: options', () => {
    expect(formatUnitsTruncated(1_500_000n, 6, 2, { padded: true })).toBe('1.50')
  })

  test('behavior: invalid input formats as zero', () => {
    expect(formatUnitsTruncated(1.5 as never, 6, 2)).toBe('0')
    expect(formatUnitsTruncated(1n, -1, 2)).toBe('0')
    expect(formatUnitsTruncated(1n, 1.5, 2)).toBe('0')
  })
})

describe('truncateAddress', () => {
  const evm = '0x1234567890abcdef1234567890abcdef12abcdef'

  test('default', () => {
    expect(truncateAddress(evm)).toMatchInlineSnapshot(`"0x12…abcdef"`)
  })

  test('behavior: 0x counts towards the leading characters', () => {
    expect(truncateAddress(evm).startsWith('0x12…')).toBe(true)
  })

  test('behavior: solana', () => {
    expect(truncateAddress('So11111111111111111111111111111111111111112')).toBe('So11…111112')
  })

  test.each([
    ['', ''],
    ['0x12', '0x12'],
    ['0x12345678', '0x12345678'],
    ['0x123456789', '0x123456789'],
  ])('behavior: short input %j is unchanged', (value, expected) => {
    expect(truncateAddress(value)).toBe(expected)
  })

  test('behavior: truncates once shortening helps', () => {
    expect(truncateAddress('0x123456789a')).toBe('0x12…56789a')
  })

  test('parameters: leading / trailing', () => {
    expect(truncateAddress(evm, { leading: 6, trailing: 4 })).toBe('0x1234…cdef')
    expect(truncateAddress(evm, { leading: 2, trailing: 0 })).toBe('0x…')
    expect(truncateAddress(evm, { leading: -1, trailing: Number.NaN })).toBe('…abcdef')
  })

  test('behavior: non-string input gives an empty string', () => {
    expect(truncateAddress(undefined as never)).toBe('')
  })
})

describe('getAmountSign', () => {
  test.each<[string, string]>([
    ...positiveOperationTypes.map((type): [string, string] => [type, '+']),
    ...negativeOperationTypes.map((type): [string, string] => [type, '-']),
    ['RECEIVE', '+'],
    ['Burn', '-'],
    ['send', ''],
    ['trade', ''],
    ['approve', ''],
    ['mint', ''],
    ['', ''],
  ])('behavior: %j → %j', (type, expected) => {
    expect(getAmountSign(type)).toBe(expected)
  })

  test('behavior: non-string type', () => {
    expect(getAmountSign(undefined as never)).toBe('')
  })
})

describe('formatSignedAmount', () => {
  test('default', () => {
    expect(formatSignedAmount('receive', '1.23456')).toBe('+1.234')
  })

  test.each([
    ['receive', '1.23456', '+1.234'],
    ['deposit', 1000, '+1,000'],
    ['borrow', '0.5', '+0.5'],
    ['claim', 2n, '+2'],
    ['withdraw', '1.23456', '-1.234'],
    ['repay', '1234.5678', '-1,234.567'],
    ['burn', '-2', '-2'],
    ['receive', '-3', '+3'],
    ['send', '1.23456', '1.234'],
    ['send', '-1.23456', '-1.234'],
    ['approve', '0', '0'],
    ['receive', '0.0001', '0'],
    ['withdraw', 'bad', '0'],
  ] as const)('behavior: %s %o → %j', (type, amount, expected) => {
    expect(formatSignedAmount(type, amount)).toBe(expected)
  })
})
