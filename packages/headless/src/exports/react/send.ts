// @portico/headless/send/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/send' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export {
  type UseEstimateSendFeeParameters,
  useEstimateSendFee,
} from '../../features/send/react/useEstimateSendFee.js'
export { type UseSendTokenParameters, useSendToken } from '../../features/send/react/useSendToken.js'
