// @portico/headless/calls/react: the feature's React hooks, glue over the query and mutation
// option factories of '@portico/headless/calls' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export { type UseCallsStatusParameters, useCallsStatus } from '../../features/calls/react/useCallsStatus.js'
export { type UseCapabilitiesParameters, useCapabilities } from '../../features/calls/react/useCapabilities.js'
export { type UseSendCallsParameters, useSendCalls } from '../../features/calls/react/useSendCalls.js'
