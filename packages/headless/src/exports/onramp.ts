// @portico/headless/onramp: buying crypto through an on-ramp provider (options, quotes, the
// checkout link) and its React hooks. An entry of its own, not part of '@portico/headless': a
// bundler assigns every module the main entry re-exports to the host's first page as soon as any
// lazily loaded view uses it, so feature code reached only from here stays in the views' chunks.

export {
  type CreateOnrampUrlErrorType,
  type CreateOnrampUrlParameters,
  type CreateOnrampUrlReturnType,
  createOnrampUrl,
  type OnrampDirectProvider,
} from '../core/actions/createOnrampUrl.js'
export {
  buildOnrampProviderUrl,
  defaultOnrampPurchaseCurrency,
  fetchOnrampOptions,
  fetchOnrampQuote,
  generateOnrampUrl,
  isOnrampNamespace,
  isRestrictedTimeZone,
  type OnrampNetwork,
  type OnrampOptions,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
  onrampFallbackLimits,
  onrampFallbackPaymentCurrencies,
  onrampNamespaces,
  onrampSampleOptions,
  parseOnrampProviders,
  placeholderOnrampQuote,
  restrictedTimeZones,
} from '../core/api/onramp.js'
export { OnrampApiError, OnrampNotAvailableError } from '../core/errors/onramp.js'
export { onrampOptionsQueryKey, onrampOptionsQueryOptions } from '../core/query/onrampOptions.js'
export { onrampQuoteQueryKey, onrampQuoteQueryOptions } from '../core/query/onrampQuote.js'
export {
  defaultOnrampProviders,
  type UseOnrampOptionsParameters,
  useOnrampOptions,
} from '../react/useOnrampOptions.js'
export { type UseOnrampQuoteParameters, useOnrampQuote } from '../react/useOnrampQuote.js'
export { type UseOnrampUrlParameters, useOnrampUrl } from '../react/useOnrampUrl.js'
