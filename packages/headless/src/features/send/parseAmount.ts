import { InvalidAmountError, type InvalidAmountErrorType } from './errors.js'

export type ParseAmountErrorType = InvalidAmountErrorType

/**
 * Parses a decimal amount a person typed into the token's base units, exactly (bigint maths, no
 * floats). Strict where viem's `parseUnits` is lenient: too many decimals are refused rather than
 * rounded, and exponent notation, signs, zero and anything non-numeric throw
 * {@link InvalidAmountError} with the reason. Surrounding spaces are ignored.
 *
 * @example
 * parseAmount('1.5', 6) // 1_500_000n
 * parseAmount('.25', 18) // 250_000_000_000_000_000n
 * parseAmount('0.0000001', 6) // throws InvalidAmountError (reason 'decimals')
 */
export function parseAmount(value: unknown, decimals: number): bigint {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined
  if (text === undefined || text === '') throw new InvalidAmountError({ amount: value, reason: 'format' })
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(text))
    throw new InvalidAmountError({ amount: value, reason: 'exponent' })
  if (/^-(\d+\.?\d*|\.\d+)$/.test(text)) throw new InvalidAmountError({ amount: value, reason: 'negative' })
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  const [, integer = '', fraction = ''] = match ?? []
  if (!match || (integer === '' && fraction === '')) throw new InvalidAmountError({ amount: value, reason: 'format' })
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > decimals) throw new InvalidAmountError({ amount: value, reason: 'decimals', decimals })
  const units = BigInt(`${integer || '0'}${significant.padEnd(decimals, '0')}`)
  if (units === 0n) throw new InvalidAmountError({ amount: value, reason: 'zero' })
  return units
}
