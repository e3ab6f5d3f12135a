// @portico/headless/embedded: the embedded wallet (email login through the secure frame). A separate
// entry so that nothing of it, nor the frame protocol's schemas, is part of a page that does not
// use it. No React here: the hooks are in '/embedded/react'.

export { authConnectorId } from '../features/embedded/authConnector.js'
export { type EmbeddedWallet, getEmbeddedWallet } from '../features/embedded/embeddedWallet.js'
export {
  EmailCooldownError,
  type EmailCooldownErrorType,
  EmbeddedDeviceNotApprovedError,
  type EmbeddedDeviceNotApprovedErrorType,
  EmbeddedWalletError,
  type EmbeddedWalletErrorType,
  EmbeddedWalletLoadError,
  type EmbeddedWalletLoadErrorType,
  EmbeddedWalletNotConfiguredError,
  type EmbeddedWalletNotConfiguredErrorType,
  EmbeddedWalletTimeoutError,
  type EmbeddedWalletTimeoutErrorType,
  InvalidLoginInputError,
  type InvalidLoginInputErrorType,
  RequestAbortedError,
  type RequestAbortedErrorType,
  RpcMethodNotAllowedError,
  type RpcMethodNotAllowedErrorType,
} from '../features/embedded/errors.js'
export {
  type ExportEmbeddedWalletParameters,
  exportEmbeddedWallet,
} from '../features/embedded/exportEmbeddedWallet.js'
// Placement of the frame's prompt by a host UI (Portico's modal): see FrameClient.placeIn.
export type { FrameClientEvent, FramePrompt } from '../features/embedded/frameClient.js'
export { type FrameClient, type FrameClientOptions, frameTimings } from '../features/embedded/frameClient.js'
export { reconnectEmbeddedWallet } from '../features/embedded/reconnectEmbeddedWallet.js'
export {
  emailCooldownMs,
  type StartEmailLoginParameters,
  type StartEmailLoginReturnType,
  startEmailLogin,
} from '../features/embedded/startEmailLogin.js'
export {
  type EmbeddedWalletTheme,
  syncEmbeddedWalletTheme,
} from '../features/embedded/syncEmbeddedWalletTheme.js'
export {
  type UpdateEmailParameters,
  updateEmail,
  updateEmailPollMs,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from '../features/embedded/updateEmail.js'
export {
  NoAuthConnectorError,
  type NoAuthConnectorErrorType,
  NotConnectedToEmailError,
  type NotConnectedToEmailErrorType,
} from '../features/embedded/updateEmailErrors.js'
export { type VerifyEmailOtpParameters, verifyEmailOtp } from '../features/embedded/verifyEmailOtp.js'
export { waitForDeviceApproval } from '../features/embedded/waitForDeviceApproval.js'
