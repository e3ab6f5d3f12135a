import { BaseError } from '../../kernel/errors/base.js'

/**
 * The WalletConnect protocol's error kinds Portico names (spec: protocol error kinds). The SDK
 * raises the first four and `RECORD_DELETED` as plain `Error`s whose message starts with a fixed
 * text; a wallet answers the others as JSON-RPC errors with the protocol's codes.
 */
export type WalletConnectErrorKind =
  | 'MISSING_OR_INVALID'
  | 'NO_MATCHING_KEY'
  | 'EXPIRED'
  | 'NOT_INITIALIZED'
  | 'UNSUPPORTED_CHAINS'
  | 'USER_DISCONNECTED'
  | 'INVALID_UPDATE_REQUEST'
  | 'RECORD_DELETED'

/** One short sentence per kind: what a user or a support request needs to know. */
const shortMessages: Record<WalletConnectErrorKind, string> = {
  MISSING_OR_INVALID: 'The WalletConnect request is missing or invalid',
  NO_MATCHING_KEY: 'The WalletConnect session no longer exists',
  EXPIRED: 'The WalletConnect session or request expired',
  NOT_INITIALIZED: 'Sign Client not initialized',
  UNSUPPORTED_CHAINS: 'The wallet does not support this chain',
  USER_DISCONNECTED: 'The wallet ended the session',
  INVALID_UPDATE_REQUEST: 'The wallet sent an invalid session update',
  RECORD_DELETED: 'Record was recently deleted',
}

export type WalletConnectProtocolErrorType = WalletConnectProtocolError & { name: 'WalletConnectProtocolError' }
/**
 * A WalletConnect protocol failure, named by its `kind`: the session is gone or expired, the
 * request was malformed, the sign client never started, the wallet refused the chain, ended the
 * session or sent a bad update. The SDK's or the wallet's own error is kept as `cause`.
 *
 * @example
 * try { await signMessage(portico, { message: 'hello' }) } catch (e) {
 *   const error = e as WalletConnectProtocolErrorType
 *   if (error.name === 'WalletConnectProtocolError' && error.kind === 'NO_MATCHING_KEY') showReconnect()
 * }
 */
export class WalletConnectProtocolError extends BaseError {
  override name = 'WalletConnectProtocolError' as const
  readonly kind: WalletConnectErrorKind
  constructor({ kind, cause }: { kind: WalletConnectErrorKind; cause?: unknown }) {
    super(shortMessages[kind], { cause })
    this.kind = kind
  }
}

// The SDK's internal errors: `new Error('<fixed text> <context>')` (getInternalError, and the
// store's recently-deleted guard).
const messagePrefixes: ReadonlyArray<readonly [string, WalletConnectErrorKind]> = [
  ['Missing or invalid.', 'MISSING_OR_INVALID'],
  ['No matching key.', 'NO_MATCHING_KEY'],
  ['Expired.', 'EXPIRED'],
  ['Not initialized.', 'NOT_INITIALIZED'],
  ['Record was recently deleted', 'RECORD_DELETED'],
  // A request the wallet did not answer within its expiry (the SDK's delayed-promise timeout).
  ['Request expired', 'EXPIRED'],
  // The protocol's reasons (getSdkError) when the SDK hands back only their message: a refused
  // one-click request.
  ['Unsupported chains.', 'UNSUPPORTED_CHAINS'],
  ['User disconnected.', 'USER_DISCONNECTED'],
  ['Invalid update request.', 'INVALID_UPDATE_REQUEST'],
]

// A wallet's JSON-RPC error codes of the protocol (getSdkError): 5100 unsupported chains, 6000
// user disconnected, 1003 invalid update request. Its other codes (a rejection, 5000) pass on.
const codes: ReadonlyMap<number, WalletConnectErrorKind> = new Map([
  [5100, 'UNSUPPORTED_CHAINS'],
  [6000, 'USER_DISCONNECTED'],
  [1003, 'INVALID_UPDATE_REQUEST'],
])

/**
 * @internal
 * The protocol error `error` is, typed; `undefined` for anything else (a wallet's own refusal, an
 * RPC error from the chain), which passes on as it came.
 *
 * @example
 * catch (error) { throw toWalletConnectProtocolError(error) ?? error }
 */
export function toWalletConnectProtocolError(error: unknown): WalletConnectProtocolError | undefined {
  if (error instanceof WalletConnectProtocolError) return error
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
  if (typeof message === 'string') {
    for (const [prefix, kind] of messagePrefixes)
      if (message.startsWith(prefix)) return new WalletConnectProtocolError({ kind, cause: error })
  }
  const code = (error as { code?: unknown } | null)?.code
  const kind = typeof code === 'number' ? codes.get(code) : undefined
  return kind ? new WalletConnectProtocolError({ kind, cause: error }) : undefined
}
