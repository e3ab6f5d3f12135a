export type { AppMessage, AppRequestName, AppRequestPayload, FrameMessage, FrameUser } from './protocol.js'
export {
  frameProtocolVersion,
  frameTexts,
  parseAppMessage,
  parseFrameMessage,
  parseFrameQuery,
  rpcMethodKind,
  rpcMethods,
} from './protocol.js'
export {
  buildFrameScript,
  bundleFrame,
  createSecureFrameHandler,
  framePage,
  frameScriptHash,
  type SecureFrameOptions,
  type SecureFrameServer,
  type StartSecureFrameOptions,
  startSecureFrame,
} from './server.js'
