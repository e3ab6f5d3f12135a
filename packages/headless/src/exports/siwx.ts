// @portico/headless/siwx: Sign in with X (messages, sessions, the connect-lifecycle flow), without
// React, so a server route can import it too (useSiwx is in '/siwx/react'; the `siwx` option's
// factories, `localSiwx` and `serverSiwx`, are in '/siwx/config', see there why). Its own entry, not part
// of '.' or '/core': a bundler that splits code follows every import of a barrel it keeps, so
// sign-in code reachable from the main barrel and used by a lazy view (the modal's sign step) would
// land at page start. Explicit named exports only.

export {
  type AddSiwxSessionErrorType,
  type AddSiwxSessionParameters,
  type AddSiwxSessionReturnType,
  addSiwxSession,
} from '../features/siwx/addSiwxSession.js'
export { cancelSiwxSignIn } from '../features/siwx/cancelSiwxSignIn.js'
export {
  type CreateSiwxMessageErrorType,
  type CreateSiwxMessageParameters,
  type CreateSiwxMessageReturnType,
  createSiwxMessage,
} from '../features/siwx/createSiwxMessage.js'
export {
  type InvalidSiwxConfigErrorType,
  type InvalidSiwxMessageErrorType,
  type SiwxMessageField,
  type SiwxMessageParseErrorType,
  type SiwxNoActiveCaipAddressErrorType,
  type SiwxNoActiveNetworkErrorType,
  type SiwxNoConnectionClientErrorType,
  type SiwxNotEnabledErrorType,
  type SiwxRejectionReason,
  type SiwxRequestErrorType,
  SiwxVerificationError,
  type SiwxVerificationErrorType,
} from '../features/siwx/errors.js'
export {
  type FormatSiwxMessageErrorType,
  type FormatSiwxMessageReturnType,
  formatSiwxMessage,
} from '../features/siwx/formatSiwxMessage.js'
export {
  type GetSiwxConfigErrorType,
  type GetSiwxConfigReturnType,
  getSiwxConfig,
} from '../features/siwx/getSiwxConfig.js'
export {
  type GetSiwxSessionsErrorType,
  type GetSiwxSessionsParameters,
  type GetSiwxSessionsReturnType,
  getSiwxSessions,
} from '../features/siwx/getSiwxSessions.js'
export {
  type GetSiwxStateReturnType,
  getSiwxState,
  type SiwxState,
  type SiwxStatus,
  type SiwxStep,
} from '../features/siwx/getSiwxState.js'
export {
  type IsSiwxRequiredErrorType,
  type IsSiwxRequiredReturnType,
  isSiwxRequired,
} from '../features/siwx/isSiwxRequired.js'
export type { SiwxMessage } from '../features/siwx/message.js'
export {
  type ParseSiwxMessageErrorType,
  type ParseSiwxMessageReturnType,
  parseSiwxMessage,
} from '../features/siwx/parseSiwxMessage.js'
export { cancelSiwxSignInMutationOptions, signInSiwxMutationOptions } from '../features/siwx/query.js'
export type { SiwxAccountParameters } from '../features/siwx/resolveSiwxAccount.js'
export {
  type RevokeSiwxSessionErrorType,
  type RevokeSiwxSessionParameters,
  type RevokeSiwxSessionReturnType,
  revokeSiwxSession,
} from '../features/siwx/revokeSiwxSession.js'
export {
  type SetSiwxSessionsErrorType,
  type SetSiwxSessionsParameters,
  type SetSiwxSessionsReturnType,
  setSiwxSessions,
} from '../features/siwx/setSiwxSessions.js'
export { type SignInSiwxErrorType, type SignInSiwxReturnType, signInSiwx } from '../features/siwx/signInSiwx.js'
export { signOutSiwx } from '../features/siwx/signOutSiwx.js'
// The signature check is in '/siwx/verify' (see there why); its options type, `localSiwx`'s `verify`, is here too.
export type { VerifySiwxSignatureOptions } from '../features/siwx/verifySiwxSignature.js'
export { type WatchSiwxStateParameters, watchSiwxState } from '../features/siwx/watchSiwxState.js'
export type { SiwxConfig, SiwxCreateMessageInput, SiwxSession, SiwxSessionContext } from '../kernel/siwxConfig.js'
