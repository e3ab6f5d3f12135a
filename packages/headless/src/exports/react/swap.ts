// @portico/headless/swap/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/swap' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export { type UseSwapParameters, useSwap } from '../../features/swap/react/useSwap.js'
export { type UseSwapAllowanceParameters, useSwapAllowance } from '../../features/swap/react/useSwapAllowance.js'
export { type UseSwapGasPriceParameters, useSwapGasPrice } from '../../features/swap/react/useSwapGasPrice.js'
export { type UseSwapQuoteParameters, useSwapQuote } from '../../features/swap/react/useSwapQuote.js'
export { type UseSwapTokensParameters, useSwapTokens } from '../../features/swap/react/useSwapTokens.js'
