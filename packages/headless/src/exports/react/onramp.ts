// @portico/headless/onramp/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/onramp' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export {
  type UseOnrampOptionsParameters,
  useOnrampOptions,
} from '../../features/onramp/react/useOnrampOptions.js'
export { type UseOnrampQuoteParameters, useOnrampQuote } from '../../features/onramp/react/useOnrampQuote.js'
export { type UseOnrampUrlParameters, useOnrampUrl } from '../../features/onramp/react/useOnrampUrl.js'
