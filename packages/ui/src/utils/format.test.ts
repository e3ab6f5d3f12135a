import { formatBalance, formatSignedAmount, formatTokenValue } from '@portico/headless'
import { describe, expect, test } from 'vitest'
import { createFormatters } from './format.js'
import { relativeTime } from './relativeTime.js'

const now = Date.parse('2026-11-21T12:00:00Z')

describe('English keeps the spec: en-US, truncated, abbreviated relative times', () => {
  const en = createFormatters('en')
  test.each(['1234567.98765', '0.0009', 1.5, 10n ** 20n, 'abc'])('%s', (value) => {
    expect(en.balance(value)).toBe(formatBalance(value))
    expect(en.tokenValue(value)).toBe(formatTokenValue(value))
    expect(en.signedAmount('receive', value)).toBe(formatSignedAmount('receive', value))
  })
  test('relative times and currency', () => {
    expect(en.relativeTime('2026-11-21T11:55:00Z', now)).toBe('5m')
    expect(en.relativeTime('2026-09-01T12:00:00Z', now)).toBe('Sep 1')
    expect(en.currency('1234.567')).toBe('$1,234.56')
  })
})

describe('other locales go through Intl for their digits, separators and words', () => {
  test('numbers keep truncation (never round up) and every digit', () => {
    expect(createFormatters('de').balance('1234567.98765')).toBe('1.234.567,987')
    expect(createFormatters('fr').tokenValue(1234.5)).toBe('1\u202f234,50')
    expect(createFormatters('ja').balance('0.0009')).toBe('0')
    expect(createFormatters('de').balance(123456789012345678901234567890n)).toBe(
      '123.456.789.012.345.678.901.234.567.890',
    )
    expect(createFormatters('es').balance('not a number')).toBe('0')
  })
  test('signed amounts', () => {
    expect(createFormatters('de').signedAmount('receive', '1.23456')).toBe('+1,234')
    expect(createFormatters('de').signedAmount('burn', '2')).toBe('-2')
    expect(createFormatters('de').signedAmount('approve', '0')).toBe('0')
    // A send has no sign in English; in no other language may it read as money received.
    for (const locale of ['de', 'fr', 'es', 'ja', 'ko', 'pt-BR', 'zh-CN', 'ar']) {
      const send = createFormatters(locale).signedAmount('send', '0.1')
      expect(send, locale).not.toContain('+')
      expect(createFormatters(locale).signedAmount('receive', '0.1'), locale).toContain('+')
    }
  })
  test('currencies', () => {
    expect(createFormatters('ja').currency('1234.567', 'JPY')).toMatch(/1,234/)
    expect(createFormatters('de').currency('1234.567', 'EUR')).toBe('1.234,56\u00a0€')
    expect(createFormatters('de').currency('5', 'not-a-code')).toBe('5,00 not-a-code')
  })
  test('amounts with their symbol: one left-to-right unit in Arabic, plain text elsewhere', () => {
    expect(createFormatters('en').amount('9999.9961', 'ETH')).toBe('9,999.996 ETH')
    expect(createFormatters('de').amount('9999.9961', 'ETH')).toBe('9.999,996 ETH')
    const arabic = createFormatters('ar', 'rtl')
    expect(arabic.amount('9999.9961', 'ETH')).toMatch(/^\u2066.+ ETH\u2069$/)
    expect(arabic.currency('1', 'USD')).toMatch(/^\u2066.+\u2069$/)
    expect(arabic.isolate('1 ETH = 3,000 USDC')).toBe('\u20661 ETH = 3,000 USDC\u2069')
    expect(createFormatters('en').isolate('1 ETH = 3,000 USDC')).toBe('1 ETH = 3,000 USDC')
  })
  test('relative times', () => {
    expect(relativeTime('2026-11-21T11:55:00Z', now, 'ja')).toMatch(/^5\s?分前$/) // ICU versions differ on the space
    expect(relativeTime('2026-11-21T09:00:00Z', now, 'es')).toBe('hace 3 h')
    expect(relativeTime('2026-11-21T11:59:15Z', now, 'ar')).toMatch(/45/)
    expect(relativeTime('2026-09-01T12:00:00Z', now, 'fr')).toBe('1 sept.')
    expect(relativeTime('not a date', now, 'ko')).toBe('')
  })
})
