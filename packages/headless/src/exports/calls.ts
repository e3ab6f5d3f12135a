// @portico/headless/calls: EIP-5792 batched calls (sendCalls, getCallsStatus, getCapabilities) and
// EIP-7811 wallet assets, without React (hooks: '/calls/react'). Their own entry, not the main one: esbuild splits by
// file, so anything the main entry re-exports that a lazily loaded view uses lands on every page's
// start (see pageStart.test.ts in @portico/ui).

export type {
  AssetsNotSupportedErrorType,
  CallsNotSupportedErrorType,
  CallsRejectedErrorType,
  CallsRejectedReason,
  CallsStatusNotApprovedErrorType,
  CapabilitiesAddressRequiredErrorType,
  InvalidCallErrorType,
} from '../features/calls/errors.js'
export {
  type GetAssetsErrorType,
  type GetAssetsParameters,
  type GetAssetsReturnType,
  getAssets,
  type WalletAsset,
} from '../features/calls/getAssets.js'
export {
  type CallsReceipt,
  type GetCallsStatusErrorType,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  getCallsStatus,
} from '../features/calls/getCallsStatus.js'
export {
  type GetCapabilitiesErrorType,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  getCapabilities,
  type WalletCapabilities,
} from '../features/calls/getCapabilities.js'
export { callsStatusQueryOptions, capabilitiesQueryOptions, sendCallsMutationOptions } from '../features/calls/query.js'
export {
  type Call,
  type SendCallsErrorType,
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from '../features/calls/sendCalls.js'
export {
  type WaitForCallsStatusErrorType,
  type WaitForCallsStatusParameters,
  type WaitForCallsStatusReturnType,
  waitForCallsStatus,
} from '../features/calls/waitForCallsStatus.js'
