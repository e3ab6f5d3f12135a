import { formatBalance, formatSignedAmount, formatTokenValue, truncateDecimals } from '@portico/headless'
import { relativeTime } from './relativeTime.js'

/** A number, bigint or decimal string, as the headless formatters take. */
type NumericLike = Parameters<typeof formatBalance>[0]

/** @internal The UI's number and time formatting for one locale (see {@link createFormatters}). */
export type Formatters = {
  /** The locale these format for. */
  locale: string
  /** A balance, truncated to 3 decimals (spec). */
  balance: (value: NumericLike) => string
  /** A balance with its symbol (`1.234 ETH`), one left-to-right unit in right-to-left text ({@link isolate}). */
  amount: (value: NumericLike, symbol: string) => string
  /**
   * `text` (an amount with its symbol, a rate) kept one left-to-right unit in a right-to-left
   * language: unisolated, Arabic's line puts the symbol before the digits ("ETH 9,999.996").
   * Unchanged in a left-to-right language.
   */
  isolate: (text: string) => string
  /** A token's worth, exactly 2 decimals, truncated (spec). */
  tokenValue: (value: NumericLike) => string
  /** A fiat amount with its currency sign, exactly 2 decimals, truncated. */
  currency: (value: NumericLike, currency?: string) => string
  /** An activity amount with its `+`/`-` sign by operation type (spec). */
  signedAmount: (type: string, value: NumericLike) => string
  /** How long ago an ISO time was (spec: abbreviated). */
  relativeTime: (iso: string, now?: number) => string
}

/**
 * @internal
 * Number and time formatting for `locale`, written in direction `dir`. English keeps the spec's exact behaviour (en-US
 * grouping, truncation, `5m`-style relative times) through the headless formatters; other locales
 * get the same truncation, then `Intl.NumberFormat` / `Intl.RelativeTimeFormat` for their digits,
 * separators and words (`1.234,567` in German, `5分前` in Japanese).
 *
 * Truncation is done first on the exact decimal string (headless `truncateDecimals`, which never
 * rounds up and accepts bigints and long strings); Intl then only localises the digits it is
 * given, formatting the decimal string exactly, so no float rounding creeps in.
 */
export function createFormatters(locale: string, dir: 'ltr' | 'rtl' = 'ltr'): Formatters {
  const english = locale === 'en' || locale === 'en-US'
  // First strong isolate … pop directional isolate: the bidi algorithm lays the text out on its
  // own, left to right, then places it as one piece in the surrounding line.
  const isolate = dir === 'rtl' ? (text: string) => `\u2066${text}\u2069` : (text: string) => text
  const tag = english ? 'en-US' : locale
  const number = (decimals: number, padded: boolean) =>
    new Intl.NumberFormat(tag, {
      minimumFractionDigits: padded ? decimals : 0,
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
    } as Intl.NumberFormatOptions)
  const balanceFormat = number(3, false)
  const valueFormat = number(2, true)
  const signedFormat = new Intl.NumberFormat(tag, {
    maximumFractionDigits: 3,
    signDisplay: 'exceptZero',
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions)
  const currencies = new Map<string, Intl.NumberFormat>()
  const currencyFormat = (code: string) => {
    let format = currencies.get(code)
    if (!format) {
      format = new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        roundingMode: 'trunc',
      } as Intl.NumberFormatOptions)
      currencies.set(code, format)
    }
    return format
  }

  const balance = english ? formatBalance : (value: NumericLike) => localise(balanceFormat, truncateDecimals(value, 3))
  return {
    locale: tag,
    balance,
    amount: (value, symbol) => isolate(symbol ? `${balance(value)} ${symbol}` : balance(value)),
    isolate,
    tokenValue: english
      ? formatTokenValue
      : (value) => localise(valueFormat, truncateDecimals(value, 2, { padded: true })),
    currency: (value, code = 'USD') => {
      const exact = truncateDecimals(value, 2, { padded: true })
      try {
        return isolate(localise(currencyFormat(code.toUpperCase()), exact))
      } catch {
        // Not an ISO 4217 code: the plain number, then the code as given.
        return isolate(`${english ? exact : localise(valueFormat, exact)} ${code}`)
      }
    },
    signedAmount: english
      ? formatSignedAmount
      : (type, value) => {
          // Only the types that carry a sign get one: a send, a swap or an approval keeps the
          // amount's own (none), so in no language does money sent read as money received.
          const enUS = formatSignedAmount(type, value)
          return localise(/^[+-]/.test(enUS) ? signedFormat : balanceFormat, enUS)
        },
    relativeTime: (iso, now) => relativeTime(iso, now, tag),
  }
}

/** Formats an en-US decimal string (`'-1,234.5'`, `'+2'`) exactly with `format`. */
function localise(format: Intl.NumberFormat, enUS: string): string {
  // Intl reads a decimal string exactly (no float), so bigints and long fractions keep every digit.
  return format.format(enUS.replace(/,/g, '') as unknown as number)
}
