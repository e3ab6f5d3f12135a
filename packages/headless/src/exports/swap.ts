// @portico/headless/swap: swaps (the convert API clients, the `swap` action, query options, typed
// errors; the hooks are in '/swap/react'). Its own entry on purpose: with code splitting, a bundler moves every
// module that a lazily loaded chunk uses and that the page's entry can reach (through any static
// import or re-export) into a chunk the page starts with. Kept out of '@portico/headless' and
// '/core', swap code stays in the chunk of the view that swaps, and a page that never swaps never
// loads it.

export {
  type BuildSwapApproveErrorType,
  type BuildSwapApproveParameters,
  type BuildSwapTransactionErrorType,
  type BuildSwapTransactionParameters,
  type FetchSwapAllowanceErrorType,
  type FetchSwapAllowanceParameters,
  type FetchSwapQuoteErrorType,
  type FetchSwapQuoteParameters,
  type FetchSwapTokensErrorType,
  type FetchSwapTokensParameters,
  fetchSwapAllowance,
  fetchSwapQuote,
  fetchSwapTokens,
  nativeSwapTokenAddress,
  type SwapQuote,
  type SwapToken,
  type SwapTransaction,
} from '../features/swap/convert.js'
export type {
  InvalidSwapAmountErrorType,
  SwapApiErrorType,
  SwapBlockchainApiDisabledErrorType,
  SwapMinimumNotMetErrorType,
  SwapNetworkNotSupportedErrorType,
  SwapNotConfirmedErrorType,
  SwapPriceChangedErrorType,
  SwapRevertedErrorType,
} from '../features/swap/errors.js'
export { swapMutationOptions } from '../features/swap/query.js'
export {
  type SwapErrorType,
  type SwapParameters,
  type SwapReturnType,
  type SwapStep,
  swap,
} from '../features/swap/swap.js'
export { swapAllowanceQueryOptions } from '../features/swap/swapAllowance.js'
export { swapGasPriceQueryOptions } from '../features/swap/swapGasPrice.js'
export { swapQuoteQueryOptions } from '../features/swap/swapQuote.js'
export {
  type GetSwapStepReturnType,
  getSwapStep,
  type WatchSwapStepParameters,
  watchSwapStep,
} from '../features/swap/swapStep.js'
export { swapTokensQueryOptions } from '../features/swap/swapTokens.js'
