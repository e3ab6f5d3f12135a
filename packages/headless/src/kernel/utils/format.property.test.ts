// Properties of amount formatting, checked against an independent oracle: viem's formatUnits /
// parseUnits for units, and plain bigint arithmetic for truncation (never rounding up).
import fc from 'fast-check'
import { formatUnits, parseUnits } from 'viem'
import { expect, test } from 'vitest'
import { formatBalance, formatTokenValue, formatUnitsTruncated, truncateAddress, truncateDecimals } from './format.js'

const raw = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })
const tokenDecimals = fc.integer({ min: 0, max: 36 })
const places = fc.integer({ min: 0, max: 8 })

/** Truncation by bigint arithmetic alone: `raw / 10^decimals`, cut (not rounded) to `keep` places. */
function oracle(value: bigint, decimals: number, keep: number, padded = false): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const scale = 10n ** BigInt(decimals)
  const integer = abs / scale
  let fraction = (abs % scale).toString().padStart(decimals, '0').slice(0, keep)
  fraction = padded ? fraction.padEnd(keep, '0') : fraction.replace(/0+$/, '')
  const zero = integer === 0n && /^0*$/.test(fraction)
  return `${negative && !zero ? '-' : ''}${integer.toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`
}

test('property: formatUnitsTruncated cuts viem formatUnits to the places asked, never rounding up', () => {
  fc.assert(
    fc.property(raw, tokenDecimals, places, fc.boolean(), (value, decimals, keep, padded) => {
      const shown = formatUnitsTruncated(value, decimals, keep, { padded })
      expect(shown).toBe(oracle(value, decimals, keep, padded))
      expect(truncateDecimals(formatUnits(value, decimals), keep, { padded })).toBe(shown)
    }),
  )
})

test('property: a shown balance parsed back (viem parseUnits) is within one display step below the amount', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 3, max: 36 }), (value, decimals) => {
      const shown = formatBalance(formatUnits(value, decimals)).replaceAll(',', '')
      const back = parseUnits(shown, decimals)
      expect(back <= value).toBe(true)
      expect(value - back < 10n ** BigInt(decimals - 3)).toBe(true)
    }),
  )
})

test('property: token values always show exactly 2 places; balances at most 3', () => {
  fc.assert(
    fc.property(raw, tokenDecimals, (value, decimals) => {
      const text = formatUnits(value, decimals)
      expect(formatTokenValue(text)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/)
      expect(formatBalance(text)).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,3})?$/)
    }),
  )
})

test('property: numbers in exponent notation format like their exact decimal expansion', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), places, (n, keep) => {
      // String(n) is the shortest exact round-trip text; expand its exponent by hand.
      const [mantissa = '0', exponent = '0'] = String(n).toLowerCase().split('e')
      const [int = '0', frac = ''] = mantissa.replace('-', '').split('.')
      const e = Number(exponent)
      const digits = `${int}${frac}`
      const point = int.length + e
      const expanded =
        point <= 0
          ? `0.${'0'.repeat(-point)}${digits}`
          : point >= digits.length
            ? digits.padEnd(point, '0')
            : `${digits.slice(0, point)}.${digits.slice(point)}`
      expect(truncateDecimals(n, keep)).toBe(
        truncateDecimals(`${mantissa.startsWith('-') ? '-' : ''}${expanded}`, keep),
      )
    }),
  )
})

test('property: any input gives a well-formed number text, never an exception', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.anything()), fc.oneof(fc.integer(), fc.double()), (value, keep) => {
      const shown = truncateDecimals(value as string, keep)
      expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/)
    }),
  )
})

test('property: truncateAddress keeps both ends and is the identity on short strings', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 80 }), fc.nat(12), fc.nat(12), (address, leading, trailing) => {
      const short = truncateAddress(address, { leading, trailing })
      if (address.length <= leading + trailing + 1) expect(short).toBe(address)
      else {
        expect(short.startsWith(address.slice(0, leading))).toBe(true)
        expect(short.endsWith(trailing ? address.slice(-trailing) : '…')).toBe(true)
        expect(short.length).toBe(leading + trailing + 1)
      }
    }),
  )
})
