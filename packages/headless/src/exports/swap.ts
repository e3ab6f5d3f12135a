// @portico/headless/swap: the swap hooks, and the swap helpers a swap view needs (the same
// functions '@portico/headless' and '/core' export). Kept apart from the main entry on purpose:
// with code splitting, a bundler moves every module that a lazily loaded chunk uses and that the
// page's entry can also reach (through the main entry's re-exports) into a chunk the page starts
// with. Imported from here (and from core/swap/ inside), swap code stays in the swap view's chunk.

export {
  applySlippage,
  isAllowanceSufficient,
  isSwapNetwork,
  nativeSwapTokenAddress,
  type SwapQuote,
  type SwapToken,
  swapChainIds,
  swapSlippage,
} from '../core/swap/convert.js'
export { swapAllowanceQueryKey } from '../core/swap/swapAllowance.js'
export { swapGasPriceQueryKey } from '../core/swap/swapGasPrice.js'
export { swapQuoteQueryKey } from '../core/swap/swapQuote.js'
export { swapTokensQueryKey } from '../core/swap/swapTokens.js'
export { type UseSwapParameters, useSwap } from '../react/useSwap.js'
export { type UseSwapAllowanceParameters, useSwapAllowance } from '../react/useSwapAllowance.js'
export { type UseSwapGasPriceParameters, useSwapGasPrice } from '../react/useSwapGasPrice.js'
export { type UseSwapQuoteParameters, useSwapQuote } from '../react/useSwapQuote.js'
export { type UseSwapTokensParameters, useSwapTokens } from '../react/useSwapTokens.js'
