// The entry `@portico/secure/protocol`: the frame protocol, which the frame and the kit's lazily
// loaded frame client share. Where each part is: protocol/fields.ts (version, prefixes, shared
// fields), requests.ts (app→frame), replies.ts (frame→app), texts.ts, query.ts (the frame's URL).
// The frame's wallet policy lives in walletPolicy.ts; this entry still offers it, since the kit and
// the end-to-end tests read it from here.

/**
 * The frame protocol (SPEC §7 "Embedded frame messages"): what the host page's kit (the app) and
 * the secure frame post to each other. Every app→frame message carries a request `id`; the frame
 * answers it with exactly one `<TYPE>_SUCCESS` or `<TYPE>_ERROR` message carrying the same `id`.
 * Both sides parse every incoming event with these schemas and ignore (with a console warning)
 * anything that does not match, so neither side ever acts on a malformed or forged shape.
 */

export {
  appPrefix,
  type FrameSiwxMessage,
  framePrefix,
  frameProtocolVersion,
  siwxMessageSchema,
} from './protocol/fields.js'
export { type FrameQuery, frameQuerySchema, parseFrameQuery } from './protocol/query.js'
export {
  authCodePattern,
  type FrameErrorCode,
  type FrameMessage,
  type FrameSuccessPayload,
  type FrameUser,
  frameSuccessSchemas,
  frameUserSchema,
  frameVisibilitySchema,
  parseFrameMessage,
  type RevertedOperationData,
  revertedOperationCode,
  unverifiedDomainCode,
  upgradeUnsupportedCode,
} from './protocol/replies.js'
export {
  type AppMessage,
  type AppRequestName,
  type AppRequestPayload,
  appRequestSchemas,
  type ParseResult,
  parseAppMessage,
} from './protocol/requests.js'
export { frameTexts } from './protocol/texts.js'
export { approvalDelayMs, frameNetworks, rpcMethodKind, rpcMethods } from './walletPolicy.js'
