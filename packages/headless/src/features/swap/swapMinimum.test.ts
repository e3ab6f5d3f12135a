import fc from 'fast-check'
import { expect, test } from 'vitest'
import { applySlippage } from './convert.js'
import { isInsufficientOutput, slippageForMinimum } from './swapMinimum.js'

test('slippageForMinimum: the tolerance when the market held, less when it moved, undefined below the minimum', () => {
  expect(slippageForMinimum({ toAmount: 1000n, minimumReceived: 990n })).toBe(1)
  expect(slippageForMinimum({ toAmount: 2000n, minimumReceived: 990n })).toBe(1) // better: never wider than 1%
  expect(slippageForMinimum({ toAmount: 995n, minimumReceived: 990n })).toBe(0.5)
  expect(slippageForMinimum({ toAmount: 990n, minimumReceived: 990n })).toBe(0)
  expect(slippageForMinimum({ toAmount: 989n, minimumReceived: 990n })).toBeUndefined()
  expect(slippageForMinimum({ toAmount: 0n, minimumReceived: 0n })).toBeUndefined()
  expect(slippageForMinimum({ toAmount: 1000n, minimumReceived: 900n, slippage: 3 })).toBe(3)
})

test('property: a swap built at that slippage (rounded as a build route does) never promises less than the reviewed minimum', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 30n }), (toAmount, raw) => {
      const minimumReceived = raw % (toAmount + 1n)
      const slippage = slippageForMinimum({ toAmount, minimumReceived })
      expect(slippage).toBeDefined()
      // The devnet emulator and the quote use the same basis-point rounding.
      expect(applySlippage(toAmount, slippage)).toBeGreaterThanOrEqual(minimumReceived)
    }),
  )
})

test('isInsufficientOutput: the routers’ minimum-output reverts anywhere in the cause chain, nothing else', () => {
  const wrapped = (message: string) => ({ name: 'ExecutionRevertedError', cause: { cause: new Error(message) } })
  expect(isInsufficientOutput(wrapped('execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'))).toBe(true)
  expect(isInsufficientOutput(wrapped('execution reverted: Too little received'))).toBe(true)
  expect(isInsufficientOutput({ details: 'ReturnAmountIsNotEnough()' })).toBe(true)
  expect(isInsufficientOutput(wrapped('execution reverted: TRANSFER_FROM_FAILED'))).toBe(false)
  expect(isInsufficientOutput(undefined)).toBe(false)
})
