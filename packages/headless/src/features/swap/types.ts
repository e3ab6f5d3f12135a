// The swap's shared types, apart from the modules that make and check them: the quote is made in
// convert.ts and carried by an error of errors.ts, which convert.ts also raises.

/** A swap quote in base units. */
export type SwapQuote = {
  from: string
  to: string
  fromAmount: bigint
  toAmount: bigint
  /** What the swap pays out at worst: `toAmount` less the slippage tolerance. */
  minimumReceived: bigint
  /** Percent the trade moves the price, when the API states it. */
  priceImpact: number | undefined
  slippage: number
}
