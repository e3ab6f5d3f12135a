// @portico/headless/onramp: buying crypto through an on-ramp provider (options, quotes, the
// checkout link), without React (the hooks are in '/onramp/react'). An entry of its own, not part
// of '@portico/headless': a bundler assigns every module the main entry re-exports to the host's
// first page as soon as any lazily loaded view uses it, so feature code reached only from here
// stays in the views' chunks.

export {
  fetchOnrampOptions,
  fetchOnrampQuote,
  isOnrampAvailable,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
} from '../features/onramp/client.js'
export {
  type CreateOnrampUrlErrorType,
  type CreateOnrampUrlParameters,
  type CreateOnrampUrlReturnType,
  createOnrampUrl,
  type OnrampDirectProvider,
} from '../features/onramp/createOnrampUrl.js'
export type { OnrampApiErrorType, OnrampNotAvailableErrorType } from '../features/onramp/errors.js'
export { onrampQuoteQueryOptions } from '../features/onramp/onrampQuoteQuery.js'
export { createOnrampUrlMutationOptions, onrampOptionsQueryOptions } from '../features/onramp/query.js'
