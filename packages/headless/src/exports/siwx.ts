// @portico/headless/siwx: Sign in with X in the browser (messages, configs, the connect-lifecycle
// flow and useSiwx). Its own entry, not part of '.' or '/core': a bundler that splits code follows
// every import of a barrel it keeps, so sign-in code reachable from the main barrel and used by a
// lazy view (the modal's sign step) would land at page start. Explicit named exports only.

export {
  type AddSiwxSessionErrorType,
  type AddSiwxSessionParameters,
  type AddSiwxSessionReturnType,
  addSiwxSession,
} from '../core/siwx/addSiwxSession.js'
export { cancelSiwxSignIn } from '../core/siwx/cancelSiwxSignIn.js'
export type { SiwxConfig, SiwxCreateMessageInput, SiwxSession } from '../core/siwx/config.js'
export {
  type CreateSiwxMessageErrorType,
  type CreateSiwxMessageParameters,
  type CreateSiwxMessageReturnType,
  createSiwxMessage,
} from '../core/siwx/createSiwxMessage.js'
export {
  InvalidSiwxConfigError,
  type InvalidSiwxConfigErrorType,
  InvalidSiwxMessageError,
  type InvalidSiwxMessageErrorType,
  type SiwxMessageField,
  SiwxMessageParseError,
  type SiwxMessageParseErrorType,
  SiwxNoActiveCaipAddressError,
  type SiwxNoActiveCaipAddressErrorType,
  SiwxNoActiveNetworkError,
  type SiwxNoActiveNetworkErrorType,
  SiwxNotEnabledError,
  type SiwxNotEnabledErrorType,
  SiwxRequestError,
  type SiwxRequestErrorType,
} from '../core/siwx/errors.js'
export {
  type FormatSiwxMessageErrorType,
  type FormatSiwxMessageReturnType,
  formatSiwxMessage,
} from '../core/siwx/formatSiwxMessage.js'
export { type GetSiwxConfigErrorType, type GetSiwxConfigReturnType, getSiwxConfig } from '../core/siwx/getSiwxConfig.js'
export {
  type GetSiwxSessionsErrorType,
  type GetSiwxSessionsParameters,
  type GetSiwxSessionsReturnType,
  getSiwxSessions,
} from '../core/siwx/getSiwxSessions.js'
export {
  type GetSiwxStateReturnType,
  getSiwxState,
  type SiwxState,
  type SiwxStatus,
  type SiwxStep,
} from '../core/siwx/getSiwxState.js'
export {
  type IsSiwxRequiredErrorType,
  type IsSiwxRequiredReturnType,
  isSiwxRequired,
} from '../core/siwx/isSiwxRequired.js'
export { type LocalSiwxOptions, localSiwx } from '../core/siwx/localSiwx.js'
export { type SiwxMessage, type ValidateSiwxMessageErrorType, validateSiwxMessage } from '../core/siwx/message.js'
export { generateSiwxNonce } from '../core/siwx/nonce.js'
export {
  type ParseSiwxMessageErrorType,
  type ParseSiwxMessageReturnType,
  parseSiwxMessage,
} from '../core/siwx/parseSiwxMessage.js'
export type { SiwxAccountParameters } from '../core/siwx/resolveSiwxAccount.js'
export {
  type RevokeSiwxSessionErrorType,
  type RevokeSiwxSessionParameters,
  type RevokeSiwxSessionReturnType,
  revokeSiwxSession,
} from '../core/siwx/revokeSiwxSession.js'
export {
  type SiwxRejectionReason,
  SiwxVerificationError,
  type SiwxVerificationErrorType,
} from '../core/siwx/server/errors.js'
export { type ServerSiwxOptions, serverSiwx } from '../core/siwx/serverSiwx.js'
export {
  type SetSiwxSessionsErrorType,
  type SetSiwxSessionsParameters,
  type SetSiwxSessionsReturnType,
  setSiwxSessions,
} from '../core/siwx/setSiwxSessions.js'
export { type SignInSiwxErrorType, type SignInSiwxReturnType, signInSiwx } from '../core/siwx/signInSiwx.js'
export {
  type SignInWithSiwxErrorType,
  type SignInWithSiwxParameters,
  type SignInWithSiwxReturnType,
  signInWithSiwx,
} from '../core/siwx/signInWithSiwx.js'
export { signOutSiwx } from '../core/siwx/signOutSiwx.js'
export {
  type FromSolanaSignInOutputErrorType,
  fromSolanaSignInOutput,
  type ToSolanaSignInInputErrorType,
  toSolanaSignInInput,
} from '../core/siwx/solanaSignIn.js'
export {
  type VerifySiwxSignatureOptions,
  type VerifySiwxSignatureParameters,
  type VerifySiwxSignatureReturnType,
  verifySiwxSignature,
} from '../core/siwx/verifySiwxSignature.js'
export { type WatchSiwxStateParameters, watchSiwxState } from '../core/siwx/watchSiwxState.js'
export { type UseSiwxReturnType, useSiwx } from '../react/useSiwx.js'
