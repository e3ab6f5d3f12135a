export type { AppMessage, AppRequestName, AppRequestPayload, FrameMessage, FrameUser } from './protocol.js'
export {
  frameProtocolVersion,
  frameTexts,
  parseAppMessage,
  parseFrameMessage,
  parseFrameQuery,
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
export { rpcMethodKind, rpcMethods } from './walletPolicy.js'
