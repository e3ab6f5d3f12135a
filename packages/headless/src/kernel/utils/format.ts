/** A numeric value to display: a number, a bigint, or a decimal string (`'-1234.5'`, `'1e-7'`). */
export type NumericLike = string | number | bigint

export type TruncateDecimalsOptions = {
  /**
   * Always show exactly `decimals` fraction digits (`'1.50'`) instead of dropping trailing
   * zeros (`'1.5'`).
   * @default false
   */
  padded?: boolean | undefined
}

// Sign, integer digits, fraction digits, exponent. Either side of the dot may be empty, not both.
const decimalRegex = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/**
 * Formats a number for display: truncated (toward zero, never rounded up) to at most
 * `decimals` fraction digits, with en-US digit grouping. The work is done on the decimal
 * string, so bigints and long strings keep every digit.
 *
 * Values that are not numbers (`'abc'`, `''`, `NaN`, `Infinity`) format as zero (`'0'`, or
 * `'0.00'` when padded) so a view never crashes or shows `NaN`. A value that truncates to zero
 * loses its minus sign (`'-0.0001'` → `'0'`). `decimals` is clamped to a whole number ≥ 0.
 *
 * @example
 * truncateDecimals('1234567.98765', 3) // '1,234,567.987'
 * truncateDecimals('0.0009', 3) // '0'
 * truncateDecimals(1.5, 2, { padded: true }) // '1.50'
 */
export function truncateDecimals(value: NumericLike, decimals: number, options: TruncateDecimalsOptions = {}): string {
  const places = Number.isFinite(decimals) ? Math.max(0, Math.trunc(decimals)) : 0
  const parsed = toDecimalParts(value) ?? { negative: false, integer: '0', fraction: '' }
  let fraction = parsed.fraction.slice(0, places)
  if (options.padded) fraction = fraction.padEnd(places, '0')
  else fraction = fraction.replace(/0+$/, '')
  const isZero = /^0*$/.test(parsed.integer) && /^0*$/.test(fraction)
  const integer = groupThousands(parsed.integer.replace(/^0+(?=\d)/, '') || '0')
  return `${parsed.negative && !isZero ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/**
 * Formats a balance: truncated to 3 decimals, en-US grouping (spec: "Balances show truncated
 * to 3 decimals").
 *
 * @example
 * formatBalance('1234567.98765') // '1,234,567.987'
 * formatBalance('0.0009') // '0'
 */
export function formatBalance(value: NumericLike): string {
  return truncateDecimals(value, 3)
}

/**
 * Formats a token value (e.g. its fiat worth): truncated to exactly 2 decimals, en-US grouping
 * (spec: "Number formatting uses en-US with 2 decimals"; token values show 2 decimals).
 *
 * @example
 * formatTokenValue(1234.5) // '1,234.50'
 * formatTokenValue('0.019') // '0.01'
 */
export function formatTokenValue(value: NumericLike): string {
  return truncateDecimals(value, 2, { padded: true })
}

/**
 * Formats a raw on-chain integer amount (e.g. wei) with `tokenDecimals`, truncated to
 * `displayDecimals`. Exact for any size: bigint and string maths, never floats.
 *
 * @example
 * formatUnitsTruncated(1234567890123456789n, 18, 3) // '1.234'
 * formatUnitsTruncated(10n ** 30n, 6, 2) // '1,000,000,000,000,000,000,000,000'
 */
export function formatUnitsTruncated(
  raw: bigint,
  tokenDecimals: number,
  displayDecimals: number,
  options: TruncateDecimalsOptions = {},
): string {
  if (typeof raw !== 'bigint' || !Number.isInteger(tokenDecimals) || tokenDecimals < 0)
    return truncateDecimals('0', displayDecimals, options)
  return truncateDecimals(formatUnits(raw, tokenDecimals), displayDecimals, options)
}

export type TruncateAddressOptions = {
  /** Characters kept at the start, counting any `0x` prefix. @default 4 */
  leading?: number | undefined
  /** Characters kept at the end. @default 6 */
  trailing?: number | undefined
}

/**
 * Shortens an address for display to `leading` + `…` + `trailing` characters (spec: "4 leading
 * and 6 trailing characters"). The count is literal: a `0x` prefix is part of the 4 leading
 * characters (`0x12…abcdef`), as in AppKit, so EVM and Solana addresses shorten to the same
 * width. Inputs too short to gain anything are returned unchanged; non-strings give `''`.
 *
 * @example
 * truncateAddress('0x1234567890abcdef1234567890abcdef12abcdef') // '0x12…abcdef'
 * truncateAddress('So11111111111111111111111111111111111111112', { leading: 6, trailing: 4 }) // 'So1111…1112'
 */
export function truncateAddress(address: string, options: TruncateAddressOptions = {}): string {
  if (typeof address !== 'string') return ''
  const leading = wholeOrDefault(options.leading, 4)
  const trailing = wholeOrDefault(options.trailing, 6)
  if (address.length <= leading + trailing + 1) return address
  return `${address.slice(0, leading)}…${trailing ? address.slice(-trailing) : ''}`
}

/** Activity operation types shown with a plus sign. */
export const positiveOperationTypes = ['receive', 'deposit', 'borrow', 'claim'] as const
/** Activity operation types shown with a minus sign. */
export const negativeOperationTypes = ['withdraw', 'repay', 'burn'] as const

/**
 * The sign shown before a wallet-activity amount: `'+'` for receive, deposit, borrow and
 * claim, `'-'` for withdraw, repay and burn, `''` for anything else. Case-insensitive.
 *
 * @example
 * getAmountSign('receive') // '+'
 * getAmountSign('send') // ''
 */
export function getAmountSign(type: string): '+' | '-' | '' {
  const normalized = typeof type === 'string' ? type.toLowerCase() : ''
  if ((positiveOperationTypes as readonly string[]).includes(normalized)) return '+'
  if ((negativeOperationTypes as readonly string[]).includes(normalized)) return '-'
  return ''
}

/**
 * Formats a wallet-activity amount: 3 decimals (truncated, en-US grouping) behind the sign
 * from {@link getAmountSign}. For signed types the sign replaces any sign the amount carried;
 * other types keep the amount's own sign. Amounts that display as `0` (including invalid
 * input) get no sign.
 *
 * @example
 * formatSignedAmount('receive', '1.23456') // '+1.234'
 * formatSignedAmount('burn', '-2') // '-2'
 * formatSignedAmount('approve', '5') // '5'
 */
export function formatSignedAmount(type: string, amount: NumericLike): string {
  const sign = getAmountSign(type)
  const formatted = truncateDecimals(amount, 3)
  // A zero (or unreadable) amount has no direction, so it shows no sign.
  if (!sign || formatted === '0') return formatted
  return `${sign}${formatted.replace(/^-/, '')}`
}

/** @internal A decimal broken into exact digit strings; `undefined` when `value` is not a finite number. */
function toDecimalParts(value: NumericLike): { negative: boolean; integer: string; fraction: string } | undefined {
  let text: string
  if (typeof value === 'bigint') text = value.toString()
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    text = String(value)
  } else if (typeof value === 'string') text = value.trim()
  else return undefined

  const match = decimalRegex.exec(text)
  if (!match) return undefined
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentText] = match
  if (!integerDigits && !fractionDigits) return undefined

  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  // Guards against strings like '1e999999999' allocating huge digit strings.
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1_000) return undefined
  let digits = `${integerDigits}${fractionDigits}`
  let point = integerDigits.length + exponent
  if (point < 0) {
    digits = `${'0'.repeat(-point)}${digits}`
    point = 0
  } else if (point > digits.length) digits = digits.padEnd(point, '0')
  return { negative: sign === '-', integer: digits.slice(0, point) || '0', fraction: digits.slice(point) }
}

/** @internal en-US grouping of a string of digits. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** @internal */
function wholeOrDefault(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : fallback
}

/**
 * A raw on-chain integer amount as a decimal string with `decimals` fraction digits, exactly
 * (what viem's `formatUnits` does; kept here so page start does not carry ox's error classes).
 * Trailing fraction zeros are dropped.
 *
 * @example
 * formatUnits(1_500_000n, 6) // '1.5'
 * formatUnits(-25n, 2) // '-0.25'
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}
