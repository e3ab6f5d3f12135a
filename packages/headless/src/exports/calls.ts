// @portico/headless/calls: EIP-5792 batched calls (sendCalls, getCallsStatus, getCapabilities) and
// EIP-7811 wallet assets, with their hooks. Their own entry, not the main one: esbuild splits by
// file, so anything the main entry re-exports that a lazily loaded view uses lands on every page's
// start (see pageStart.test.ts in @portico/ui).
export {
  type GetAssetsErrorType,
  type GetAssetsParameters,
  type GetAssetsReturnType,
  getAssets,
  type WalletAsset,
} from '../core/actions/getAssets.js'
export {
  type CallsReceipt,
  type GetCallsStatusErrorType,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  getCallsStatus,
} from '../core/actions/getCallsStatus.js'
export {
  capabilityKeys,
  type GetCapabilitiesErrorType,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  getCapabilities,
  type WalletCapabilities,
} from '../core/actions/getCapabilities.js'
export {
  type Call,
  type SendCallsErrorType,
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from '../core/actions/sendCalls.js'
export {
  type WaitForCallsStatusErrorType,
  type WaitForCallsStatusParameters,
  type WaitForCallsStatusReturnType,
  waitForCallsStatus,
} from '../core/actions/waitForCallsStatus.js'
export {
  AssetsNotSupportedError,
  type AssetsNotSupportedErrorType,
  CallsNotSupportedError,
  type CallsNotSupportedErrorType,
  CallsRejectedError,
  type CallsRejectedErrorType,
  type CallsRejectedReason,
  CallsStatusNotApprovedError,
  type CallsStatusNotApprovedErrorType,
  CapabilitiesAddressRequiredError,
  type CapabilitiesAddressRequiredErrorType,
  InvalidCallError,
  type InvalidCallErrorType,
} from '../core/errors/calls.js'
export {
  callsStatusQueryKey,
  callsStatusQueryOptions,
  capabilitiesQueryKey,
  capabilitiesQueryOptions,
  sendCallsMutationOptions,
} from '../core/query/calls.js'
export { type UseCallsStatusParameters, useCallsStatus } from '../react/useCallsStatus.js'
export { type UseCapabilitiesParameters, useCapabilities } from '../react/useCapabilities.js'
export { type UseSendCallsParameters, useSendCalls } from '../react/useSendCalls.js'
