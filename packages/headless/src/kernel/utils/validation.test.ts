import { describe, expect, test } from 'vitest'
import {
  isEmail,
  isSearchQuery,
  isSignedMessage,
  isTransactionHash,
  isValidName,
  normalizeSearch,
} from './validation.js'

const nonStrings: [unknown][] = [[undefined], [null], [0], [1n], [true], [{}], [[]], [() => '0x']]

describe('isTransactionHash', () => {
  test('default', () => {
    expect(isTransactionHash(`0x${'ab'.repeat(32)}`)).toBe(true)
  })

  test.each([
    [`0x${'a'.repeat(64)}`],
    [`0x${'A'.repeat(64)}`],
    [`0x${'0'.repeat(64)}`],
    ['0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b'],
    ['0x88DF016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944B'],
  ])('behavior: accepts %s', (value) => {
    expect(isTransactionHash(value)).toBe(true)
  })

  test.each<[unknown]>([
    [`0x${'a'.repeat(63)}`],
    [`0x${'a'.repeat(65)}`],
    ['a'.repeat(64)],
    ['a'.repeat(66)],
    [`0X${'a'.repeat(64)}`],
    [`0x${'g'.repeat(64)}`],
    [`0x${'a'.repeat(63)}z`],
    [` 0x${'a'.repeat(64)}`],
    [`0x${'a'.repeat(64)}\n`],
    ['0x'],
    [''],
    ...nonStrings,
  ])('behavior: rejects %o', (value) => {
    expect(isTransactionHash(value)).toBe(false)
  })
})

describe('isSignedMessage', () => {
  test('default', () => {
    expect(isSignedMessage(`0x${'a'.repeat(130)}`)).toBe(true)
  })

  test.each([
    [`0x${'a'.repeat(62)}`],
    [`0x${'a'.repeat(63)}`],
    [`0x${'F'.repeat(64)}`],
    [`0x${'0'.repeat(130)}`],
    [`0x${'ab'.repeat(500)}`],
  ])('behavior: accepts %s', (value) => {
    expect(isSignedMessage(value)).toBe(true)
  })

  test.each<[unknown]>([
    [`0x${'a'.repeat(61)}`],
    ['0xdeadbeef'],
    ['a'.repeat(130)],
    [`0x${'a'.repeat(129)}g`],
    [`0X${'a'.repeat(130)}`],
    [`0x${'a'.repeat(62)} `],
    ['0x'],
    [''],
    ...nonStrings,
  ])('behavior: rejects %o', (value) => {
    expect(isSignedMessage(value)).toBe(false)
  })
})

describe('isValidName', () => {
  test('default', () => {
    expect(isValidName('my-wallet')).toBe(true)
  })

  test.each([['abcd'], ['ABCD'], ['1234'], ['a-b-'], ['----'], ['Portico-2025'], ['x'.repeat(64)]])(
    'behavior: accepts %j',
    (value) => {
      expect(isValidName(value)).toBe(true)
    },
  )

  test.each<[unknown]>([
    ['abc'],
    [''],
    ['my wallet'],
    ['my.wallet'],
    ['my_wallet'],
    ['name.reown.id'],
    ['café'],
    ['名前です'],
    ['abcd!'],
    [' abcd'],
    ['abcd\n'],
    ...nonStrings,
  ])('behavior: rejects %o', (value) => {
    expect(isValidName(value)).toBe(false)
  })
})

describe('isEmail', () => {
  test('default', () => {
    expect(isEmail('satoshi@example.com')).toBe(true)
  })

  test.each([
    ['a@b.co'],
    ['first.last@example.com'],
    ['first+tag@example.co.uk'],
    ['USER@EXAMPLE.COM'],
    ['user_name@sub.domain.io'],
    ["o'neil@example.com"],
  ])('behavior: accepts %j', (value) => {
    expect(isEmail(value)).toBe(true)
  })

  test.each<[unknown]>([
    ['satoshi@example'],
    ['satoshi.example.com'],
    ['@example.com'],
    ['satoshi@'],
    ['satoshi@@example.com'],
    ['sa toshi@example.com'],
    [' satoshi@example.com'],
    ['satoshi@example.com '],
    ['satoshi@.com'],
    ['satoshi@example.c'],
    ['.satoshi@example.com'],
    ['satoshi..nakamoto@example.com'],
    [''],
    ...nonStrings,
  ])('behavior: rejects %o', (value) => {
    expect(isEmail(value)).toBe(false)
  })
})

describe('normalizeSearch', () => {
  test('default', () => {
    expect(normalizeSearch('  MetaMask ')).toBe('MetaMask')
  })

  test.each([
    ['metamask', 'metamask'],
    ['\tRainbow\n', 'Rainbow'],
    ['  Coinbase Wallet  ', 'Coinbase Wallet'],
    ['   ', ''],
    ['', ''],
    ['\u00a0Phantom\u00a0', 'Phantom'],
  ])('behavior: %j → %j', (value, expected) => {
    expect(normalizeSearch(value)).toBe(expected)
  })

  test.each(nonStrings)('behavior: non-string %o → empty string', (value) => {
    expect(normalizeSearch(value)).toBe('')
  })
})

describe('isSearchQuery', () => {
  test('default', () => {
    expect(isSearchQuery(' rain ')).toBe(true)
  })

  test.each([['a'], ['  Trust  '], ['0']])('behavior: accepts %j', (value) => {
    expect(isSearchQuery(value)).toBe(true)
  })

  test.each<[unknown]>([[''], ['   '], ['\n\t'], ...nonStrings])('behavior: rejects %o', (value) => {
    expect(isSearchQuery(value)).toBe(false)
  })
})
