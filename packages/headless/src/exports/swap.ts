// @portico/headless/swap: the swap hooks and helpers alone, the same functions as in
// '@portico/headless'. A lazily loaded swap view imports them from here: imported through the
// main entry, a bundler's code splitting puts them (and the viem ABI code the swap action uses)
// in a chunk the page start loads too, because the page start imports that entry as well.

export {
  applySlippage,
  isAllowanceSufficient,
  isSwapNetwork,
  nativeSwapTokenAddress,
  type SwapQuote,
  type SwapToken,
  swapChainIds,
  swapSlippage,
} from '../core/api/convert.js'
export { swapAllowanceQueryKey } from '../core/query/swapAllowance.js'
export { swapGasPriceQueryKey } from '../core/query/swapGasPrice.js'
export { swapQuoteQueryKey } from '../core/query/swapQuote.js'
export { swapTokensQueryKey } from '../core/query/swapTokens.js'
export { parseAmount } from '../core/utils/amount.js'
export { type UseSwapParameters, useSwap } from '../react/useSwap.js'
export { type UseSwapAllowanceParameters, useSwapAllowance } from '../react/useSwapAllowance.js'
export { type UseSwapGasPriceParameters, useSwapGasPrice } from '../react/useSwapGasPrice.js'
export { type UseSwapQuoteParameters, useSwapQuote } from '../react/useSwapQuote.js'
export { type UseSwapTokensParameters, useSwapTokens } from '../react/useSwapTokens.js'
