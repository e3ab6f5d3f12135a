import { swapSlippage } from './convert.js'

// The minimum a user reviewed is a promise: the chain must enforce at least that much. A swap is
// built from the market as it is at the click, which may have moved since the review, so the
// slippage the build is asked for is derived from the reviewed minimum, not taken as is.

/**
 * @internal
 * The slippage (percent, whole basis points) to build a swap at so that its minimum output is at
 * least `minimumReceived` on a fresh quote of `toAmount`: the configured tolerance when the
 * market did not move against the user, less when it did (down to 0), and `undefined` when the
 * fresh quote itself is below the reviewed minimum (the user must see the new figures first).
 *
 * @example
 * slippageForMinimum({ toAmount: 1000n, minimumReceived: 990n }) // 1 (the market held)
 * slippageForMinimum({ toAmount: 995n, minimumReceived: 990n }) // 0.5 (it moved half a percent)
 * slippageForMinimum({ toAmount: 980n, minimumReceived: 990n }) // undefined (ask again)
 */
export function slippageForMinimum({
  toAmount,
  minimumReceived,
  slippage = swapSlippage,
}: {
  toAmount: bigint
  minimumReceived: bigint
  slippage?: number | undefined
}): number | undefined {
  if (toAmount <= 0n || toAmount < minimumReceived) return undefined
  const tolerance = BigInt(Math.max(0, Math.round(slippage * 100)))
  // Rounded down: toAmount × (10000 − bp) / 10000 never drops below the reviewed minimum.
  const room = ((toAmount - minimumReceived) * 10_000n) / toAmount
  const basisPoints = room < tolerance ? room : tolerance
  return Number(basisPoints) / 100
}

/**
 * @internal
 * Whether a revert reason says the swap would have paid less than its minimum output (Uniswap
 * V2's `INSUFFICIENT_OUTPUT_AMOUNT`, V3's `Too little received`, aggregators' `Return amount is
 * not enough`).
 */
export function isInsufficientOutput(error: unknown): boolean {
  const pattern = /insufficient[_ ]?output|too little received|return ?amount ?is ?not ?enough/i
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, details, shortMessage, reason } = e as Record<string, unknown>
    if ([message, details, shortMessage, reason].some((text) => typeof text === 'string' && pattern.test(text)))
      return true
  }
  return false
}
