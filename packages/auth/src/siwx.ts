/**
 * `@portico/auth/siwx`: the server half of "Sign in with X": nonce, verify, session and revoke
 * routes (HttpOnly cookie, a new session id at every sign-in) on one Hono router, the verifier
 * (domain, URI, network, time bounds, single-use nonce, EOA / ERC-1271 / ERC-6492 / ed25519
 * signatures) and its stores. Web-standard `Request`/`Response` only, no Node API (except the
 * optional `toNodeListener`): it runs in Node, Next.js route handlers and edge runtimes.
 *
 * The message text, its parser and the signature check are the kit's own
 * (`@portico/headless/siwx`, its nonce from `/siwx/config`), re-exported here so a server imports from one place.
 */
export {
  formatSiwxMessage,
  parseSiwxMessage,
  type SiwxMessageParseErrorType,
  SiwxVerificationError,
} from '@portico/headless/siwx'
export { generateSiwxNonce } from '@portico/headless/siwx/config'
export { verifySiwxSignature } from '@portico/headless/siwx/verify'
export {
  type CreateSiwxHandlersOptions,
  type CreateSiwxHandlersReturnType,
  createSiwxHandlers,
  type SiwxCookieOptions,
  type SiwxRequestHandler,
} from './siwx/createSiwxHandlers.js'
export {
  createMemoryNonceStore,
  type MemoryNonceStoreOptions,
  type SiwxNonceState,
  type SiwxNonceStore,
} from './siwx/nonceStore.js'
export {
  createMemorySessionStore,
  type MemorySessionStoreOptions,
  type SiwxSessionFilter,
  type SiwxSessionRecord,
  type SiwxSessionStore,
} from './siwx/sessionStore.js'
export { type ToNodeListenerOptions, toNodeListener } from './siwx/toNodeListener.js'
export {
  type VerifySiwxMessageErrorType,
  type VerifySiwxMessageOptions,
  type VerifySiwxMessageParameters,
  type VerifySiwxMessageReturnType,
  verifySiwxMessage,
} from './siwx/verifySiwxMessage.js'
