import type { OnrampQuote } from '@portico/headless/onramp'

type Money = { amount: string; currency: string }

/** @internal What the Buy view lists under a quote, each figure from the quote or exactly derived from its figures. */
export type QuoteBreakdown = {
  /** What the buyer pays (`paymentTotal`). */
  total: Money
  /**
   * The provider's fee: the total less the amount converted and the network fee. The quote has no
   * field of its own for it; absent when its three figures are not in one currency or leave
   * nothing between them, so no fee is shown that the quote does not imply.
   */
  providerFee: Money | undefined
  /** The network fee (`networkFee`). */
  networkFee: Money
  /** The fiat amount converted to crypto (`paymentSubtotal`). */
  converted: Money
  /** The crypto bought (`purchaseAmount`). */
  received: Money
  /** Price of one unit bought in the payment currency (converted / received); absent when either is not above zero. */
  rate: Money | undefined
}

const decimal = /^-?\d+(\.\d+)?$/

/** `amount` as an integer of `decimals` places (`'1.5'`, 2 -> 150n); undefined when not a plain decimal. */
function units(amount: string, decimals: number): bigint | undefined {
  if (!decimal.test(amount)) return undefined
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

function places(amount: string): number {
  return amount.split('.')[1]?.length ?? 0
}

/** The integer `value` of `decimals` places back as a decimal string (150n, 2 -> `'1.50'`). */
function fromUnits(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0')
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}

/**
 * @internal
 * The figures of an on-ramp quote as the Buy view lists them, so that on screen the total less the
 * fees is the amount converted, and the amount converted at the rate is what is received. Sums
 * are exact (integer cents), never floats.
 *
 * @example
 * quoteBreakdown(quote).providerFee // { amount: '1.50', currency: 'USD' } for 100 USD with a 0.50 network fee and 98.00 converted
 */
export function quoteBreakdown(quote: OnrampQuote): QuoteBreakdown {
  const { paymentTotal: total, paymentSubtotal: converted, networkFee, purchaseAmount: received } = quote
  let providerFee: Money | undefined
  if (converted.currency === total.currency && networkFee.currency === total.currency) {
    const decimals = Math.max(places(total.amount), places(converted.amount), places(networkFee.amount))
    const [t, c, n] = [total, converted, networkFee].map((m) => units(m.amount, decimals))
    if (t !== undefined && c !== undefined && n !== undefined && t - c - n > 0n)
      providerFee = { amount: fromUnits(t - c - n, decimals), currency: total.currency }
  }
  const spent = Number(converted.amount)
  const bought = Number(received.amount)
  const rate =
    spent > 0 && bought > 0 && Number.isFinite(spent / bought)
      ? { amount: String(spent / bought), currency: converted.currency }
      : undefined
  return { total, providerFee, networkFee, converted, received, rate }
}
