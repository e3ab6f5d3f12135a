// The sign-in verifier for servers: no React, no DOM, no Portico state. Explicit named exports
// only (see siwxServer.test.ts).

export {
  SiwxMessageParseError,
  type SiwxMessageParseErrorType,
} from '../core/siwx/errors.js'
export { type FormatSiwxMessageErrorType, formatSiwxMessage } from '../core/siwx/formatSiwxMessage.js'
export type { SiwxMessage } from '../core/siwx/message.js'
export { generateSiwxNonce } from '../core/siwx/nonce.js'
export { type ParseSiwxMessageErrorType, parseSiwxMessage } from '../core/siwx/parseSiwxMessage.js'
export {
  type CreateSiwxHandlersOptions,
  type CreateSiwxHandlersReturnType,
  createSiwxHandlers,
  type SiwxCookieOptions,
  type SiwxRequestHandler,
} from '../core/siwx/server/createSiwxHandlers.js'
export {
  type SiwxRejectionReason,
  SiwxVerificationError,
  type SiwxVerificationErrorType,
} from '../core/siwx/server/errors.js'
export {
  createMemoryNonceStore,
  type MemoryNonceStoreOptions,
  type SiwxNonceState,
  type SiwxNonceStore,
} from '../core/siwx/server/nonceStore.js'
export {
  createMemorySessionStore,
  type MemorySessionStoreOptions,
  type SiwxSessionFilter,
  type SiwxSessionRecord,
  type SiwxSessionStore,
} from '../core/siwx/server/sessionStore.js'
export { type ToNodeListenerOptions, toNodeListener } from '../core/siwx/server/toNodeListener.js'
export {
  type VerifySiwxMessageErrorType,
  type VerifySiwxMessageOptions,
  type VerifySiwxMessageParameters,
  type VerifySiwxMessageReturnType,
  verifySiwxMessage,
} from '../core/siwx/server/verifySiwxMessage.js'
export {
  type VerifySiwxSignatureOptions,
  type VerifySiwxSignatureParameters,
  type VerifySiwxSignatureReturnType,
  verifySiwxSignature,
} from '../core/siwx/verifySiwxSignature.js'
