// Moved to core/swap/convert.ts; this path stays for the public entries and existing imports.
// The swap view's code imports core/swap/ directly: a bundler that splits code then keeps it out of
// a host page's first chunk, which imports the public entry that re-exports this file.
// biome-ignore lint/performance/noBarrelFile: a compatibility path for one moved module, not an index.
export {
  applySlippage,
  type BuildSwapApproveErrorType,
  type BuildSwapApproveParameters,
  type BuildSwapTransactionErrorType,
  type BuildSwapTransactionParameters,
  buildSwapApprove,
  buildSwapTransaction,
  type FetchSwapAllowanceErrorType,
  type FetchSwapAllowanceParameters,
  type FetchSwapAllowanceReturnType,
  type FetchSwapQuoteErrorType,
  type FetchSwapQuoteParameters,
  type FetchSwapQuoteReturnType,
  type FetchSwapTokensErrorType,
  type FetchSwapTokensParameters,
  type FetchSwapTokensReturnType,
  fetchSwapAllowance,
  fetchSwapQuote,
  fetchSwapTokens,
  isAllowanceSufficient,
  isSwapNetwork,
  nativeSwapTokenAddress,
  type SwapQuote,
  type SwapToken,
  type SwapTransaction,
  swapChainIds,
  swapSlippage,
} from '../swap/convert.js'
