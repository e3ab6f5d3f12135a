// @portico/headless/embedded: the embedded wallet (email, social, Farcaster and passkey login
// through the secure frame). A separate entry so that nothing of it, nor the frame protocol's
// schemas, is part of a page that does not use it. No React here: the hooks are in '/embedded/react'.

export { approveDeviceWithPasskey } from '../features/embedded/approveDeviceWithPasskey.js'
export {
  type ConnectFarcasterErrorType,
  type ConnectFarcasterParameters,
  type ConnectFarcasterReturnType,
  connectFarcaster,
} from '../features/embedded/connectFarcaster.js'
export {
  type ConnectSocialErrorType,
  type ConnectSocialParameters,
  type ConnectSocialReturnType,
  connectSocial,
} from '../features/embedded/connectSocial.js'
export { type EmbeddedWallet, getEmbeddedWallet } from '../features/embedded/embeddedWallet.js'
export type {
  EmailCooldownErrorType,
  EmbeddedDeviceNotApprovedErrorType,
  EmbeddedWalletErrorType,
  EmbeddedWalletLoadErrorType,
  EmbeddedWalletNotConfiguredErrorType,
  EmbeddedWalletRequestErrorType,
  EmbeddedWalletTimeoutErrorType,
  EmbeddedWalletUnverifiedDomainErrorType,
  FarcasterConnectErrorType,
  InvalidLoginInputErrorType,
  RequestAbortedErrorType,
  RpcMethodNotAllowedErrorType,
  SocialConnectErrorType,
  SocialInitiateErrorType,
  SocialPopupBlockedErrorType,
  SocialPopupClosedErrorType,
  SocialProvider,
} from '../features/embedded/errors.js'
export { type ExportEmbeddedWalletParameters, exportEmbeddedWallet } from '../features/embedded/exportEmbeddedWallet.js'
export {
  type EmailLoginStep,
  getEmailLoginStep,
  getUpdateEmailStep,
  type UpdateEmailStep,
  watchEmailLoginStep,
  watchUpdateEmailStep,
} from '../features/embedded/flowStep.js'
// Placement of the frame's prompt by a host UI (Portico's modal): see FrameClient.placeIn.
export type {
  FrameClient,
  FrameClientEvent,
  FrameClientOptions,
  FramePrompt,
} from '../features/embedded/frameClient.js'
export {
  type GetSmartAccountErrorType,
  getSmartAccount,
  type SmartAccountStatus,
} from '../features/embedded/getSmartAccount.js'
export {
  type LoginWithPasskeyErrorType,
  type LoginWithPasskeyReturnType,
  loginWithPasskey,
} from '../features/embedded/loginWithPasskey.js'
export {
  connectFarcasterMutationOptions,
  connectSocialMutationOptions,
  type EmbeddedQueryRemover,
  type EmbeddedWalletUser,
  embeddedSignOutMutationOptions,
  embeddedWalletUserQueryOptions,
  exportEmbeddedWalletMutationOptions,
  loginWithPasskeyMutationOptions,
  registerPasskeyMutationOptions,
  sendEmailLoginMutationOptions,
  setPreferredAccountTypeMutationOptions,
  smartAccountQueryOptions,
  undoAccountUpgradeMutationOptions,
  updateEmailMutationOptions,
  updateEmailPrimaryOtpMutationOptions,
  updateEmailSecondaryOtpMutationOptions,
  upgradeAccountMutationOptions,
  verifyEmailOtpMutationOptions,
} from '../features/embedded/query.js'
export { reconnectEmbeddedWallet } from '../features/embedded/reconnectEmbeddedWallet.js'
export {
  type RegisterPasskeyErrorType,
  type RegisterPasskeyReturnType,
  registerPasskey,
} from '../features/embedded/registerPasskey.js'
export {
  type SetPreferredAccountTypeErrorType,
  type SetPreferredAccountTypeParameters,
  type SetPreferredAccountTypeReturnType,
  setPreferredAccountType,
} from '../features/embedded/setPreferredAccountType.js'
export { openSocialPopup, socialProviders } from '../features/embedded/socialPopup.js'
export {
  emailCooldownMs,
  type StartEmailLoginParameters,
  type StartEmailLoginReturnType,
  startEmailLogin,
} from '../features/embedded/startEmailLogin.js'
export { type EmbeddedWalletTheme, syncEmbeddedWalletTheme } from '../features/embedded/syncEmbeddedWalletTheme.js'
export {
  type UndoAccountUpgradeErrorType,
  type UndoAccountUpgradeReturnType,
  undoAccountUpgrade,
} from '../features/embedded/undoAccountUpgrade.js'
export {
  type UpdateEmailParameters,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from '../features/embedded/updateEmail.js'
export type {
  NoAuthConnectorErrorType,
  NotConnectedToEmailErrorType,
} from '../features/embedded/updateEmailErrors.js'
export {
  type UpgradeAccountErrorType,
  type UpgradeAccountReturnType,
  upgradeAccount,
} from '../features/embedded/upgradeAccount.js'
export type {
  AccountUpgradeRejectedErrorType,
  AccountUpgradeUnsupportedErrorType,
} from '../features/embedded/upgradeAccountErrors.js'
export type { UserOperationRevertedErrorType } from '../features/embedded/userOperationErrors.js'
export { type VerifyEmailOtpParameters, verifyEmailOtp } from '../features/embedded/verifyEmailOtp.js'
export { waitForDeviceApproval } from '../features/embedded/waitForDeviceApproval.js'
