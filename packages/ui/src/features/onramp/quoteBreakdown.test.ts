import { describe, expect, test } from 'vitest'
import { quoteBreakdown } from './quoteBreakdown.js'

const money = (amount: string, currency = 'USD') => ({ amount, currency })
const quote = (over: Partial<Parameters<typeof quoteBreakdown>[0]> = {}) => ({
  networkFee: money('0.50'),
  paymentSubtotal: money('98.00'),
  paymentTotal: money('100.00'),
  purchaseAmount: money('98.000000', 'USDC'),
  quoteId: 'q',
  placeholder: false,
  ...over,
})

describe('quoteBreakdown', () => {
  test('the provider fee is what the total leaves after the amount converted and the network fee, exactly', () => {
    const b = quoteBreakdown(quote())
    expect(b.providerFee).toEqual(money('1.50'))
    expect(b.rate).toEqual(money('1'))
    // 0.1 + 0.2 in floats is not 0.3; in cents it is.
    expect(
      quoteBreakdown(quote({ paymentTotal: money('0.80'), paymentSubtotal: money('0.2'), networkFee: money('0.3') }))
        .providerFee,
    ).toEqual(money('0.30'))
  })

  test('no fee is shown that the quote does not imply', () => {
    // Nothing left between the figures: no provider fee.
    expect(quoteBreakdown(quote({ paymentSubtotal: money('99.50') })).providerFee).toBeUndefined()
    // More converted than paid (not a breakdown that adds up): none either.
    expect(quoteBreakdown(quote({ paymentSubtotal: money('100.00') })).providerFee).toBeUndefined()
    // The network fee in another currency: the figures cannot be subtracted.
    expect(quoteBreakdown(quote({ networkFee: money('0.0001', 'ETH') })).providerFee).toBeUndefined()
    expect(quoteBreakdown(quote({ paymentTotal: money('1e2') })).providerFee).toBeUndefined()
  })

  test('the rate is the price of one unit bought; absent when nothing is bought', () => {
    expect(quoteBreakdown(quote({ purchaseAmount: money('0.5', 'SOL') })).rate).toEqual(money('196'))
    expect(quoteBreakdown(quote({ purchaseAmount: money('0', 'USDC') })).rate).toBeUndefined()
  })
})
