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
  bundleFrame,
  createSecureFrameHandler,
  framePage,
  type SecureFrameOptions,
  type SecureFrameServer,
  type StartSecureFrameOptions,
  startSecureFrame,
} from './server.js'
