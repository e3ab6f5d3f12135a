import { BaseError } from '../../kernel/errors/base.js'
import { describe } from '../../kernel/errors/validation.js'

export type SiwxNotEnabledErrorType = SiwxNotEnabledError & { name: 'SiwxNotEnabledError' }
/** A sign-in action ran while `createPortico` was given no `siwx` option. */
export class SiwxNotEnabledError extends BaseError {
  override name = 'SiwxNotEnabledError' as const
  constructor() {
    super('SIWX is not enabled', {
      metaMessages: ['Pass a `siwx` config to createPortico, e.g. `siwx: localSiwx()`.'],
      docsPath: '/api/siwx',
    })
  }
}

export type SiwxNoActiveCaipAddressErrorType = SiwxNoActiveCaipAddressError & { name: 'SiwxNoActiveCaipAddressError' }
/** A sign-in action needs an account, and none is connected (or given). */
export class SiwxNoActiveCaipAddressError extends BaseError {
  override name = 'SiwxNoActiveCaipAddressError' as const
  constructor() {
    super('No ActiveCaipAddress found', {
      metaMessages: ['Connect a wallet first, or pass `address` and `caipNetworkId`.'],
      docsPath: '/api/siwx',
    })
  }
}

export type SiwxNoActiveNetworkErrorType = SiwxNoActiveNetworkError & { name: 'SiwxNoActiveNetworkError' }
/** A sign-in action needs the active network (and its adapter), and there is none. */
export class SiwxNoActiveNetworkError extends BaseError {
  override name = 'SiwxNoActiveNetworkError' as const
  constructor({ details }: { details?: string } = {}) {
    super('No ActiveCaipNetwork or client found', {
      ...(details ? { details } : {}),
      metaMessages: ['Connect a wallet first, or pass `caipNetworkId`.'],
      docsPath: '/api/siwx',
    })
  }
}

export type SiwxNoConnectionClientErrorType = SiwxNoConnectionClientError & { name: 'SiwxNoConnectionClientError' }
/**
 * A sign-in needs a connected wallet that can sign for its account: none is connected on the
 * network's namespace, or the connected one holds another address than the one given.
 */
export class SiwxNoConnectionClientError extends BaseError {
  override name = 'SiwxNoConnectionClientError' as const
  constructor({ details }: { details?: string } = {}) {
    super('No ConnectionController client found', {
      ...(details ? { details } : {}),
      metaMessages: ['Sign in with the connected account, or connect the wallet that holds the address.'],
      docsPath: '/api/siwx',
    })
  }
}

export type InvalidSiwxConfigErrorType = InvalidSiwxConfigError & { name: 'InvalidSiwxConfigError' }
/** The `siwx` option is not a sign-in configuration (a method is missing or not a function). */
export class InvalidSiwxConfigError extends BaseError {
  override name = 'InvalidSiwxConfigError' as const
  constructor({ missing }: { missing: readonly string[] }) {
    super('Invalid siwx configuration', {
      details: `Missing or not a function: ${missing.join(', ')}.`,
      metaMessages: ['Use `localSiwx()`, `serverSiwx({ url })`, or an object with every SiwxConfig method.'],
      docsPath: '/api/siwx',
    })
  }
}

/** Which field of a sign-in message was rejected. */
export type SiwxMessageField =
  | 'accountAddress'
  | 'chainId'
  | 'domain'
  | 'scheme'
  | 'uri'
  | 'version'
  | 'nonce'
  | 'statement'
  | 'resources'
  | 'requestId'
  | 'issuedAt'
  | 'expirationTime'
  | 'notBefore'

export type InvalidSiwxMessageErrorType = InvalidSiwxMessageError & { name: 'InvalidSiwxMessageError' }
/** A sign-in message field breaks its format's grammar (EIP-4361, the Solana sign-in text or CAIP-122). */
export class InvalidSiwxMessageError extends BaseError {
  override name = 'InvalidSiwxMessageError' as const
  readonly field: SiwxMessageField
  constructor({ field, value, reason }: { field: SiwxMessageField; value: unknown; reason: string }) {
    super('Invalid sign-in message', { details: `${field} ${describe(value)}: ${reason}.`, docsPath: '/api/siwx' })
    this.field = field
  }
}

export type SiwxMessageParseErrorType = SiwxMessageParseError & { name: 'SiwxMessageParseError' }
/** A text is not a sign-in message Portico can read. */
export class SiwxMessageParseError extends BaseError {
  override name = 'SiwxMessageParseError' as const
  /** 1-based line of the problem, when it is one line's fault. */
  readonly line: number | undefined
  constructor({ reason, line, cause }: { reason: string; line?: number; cause?: unknown }) {
    super('Could not parse the sign-in message', {
      details: line === undefined ? reason : `Line ${line}: ${reason}`,
      ...(cause === undefined ? {} : { cause }),
      docsPath: '/api/siwx',
    })
    this.line = line
  }
}

export type SiwxRequestErrorType = SiwxRequestError & { name: 'SiwxRequestError' }
/** The sign-in server answered with an error or with something that is not the expected JSON. */
export class SiwxRequestError extends BaseError {
  override name = 'SiwxRequestError' as const
  readonly status: number | undefined
  /** The server's rejection reason (e.g. `replayed_nonce`) when it gave one. */
  readonly reason: string | undefined
  constructor({ url, status, reason, cause }: { url: string; status?: number; reason?: string; cause?: unknown }) {
    super('Sign-in server request failed', {
      details: `${url}${status === undefined ? '' : ` answered ${status}`}${reason ? ` (${reason})` : ''}`,
      ...(cause === undefined ? {} : { cause }),
      docsPath: '/api/siwx',
    })
    this.status = status
    this.reason = reason
  }
}

/**
 * Why the verifier refused a sign-in. Stable codes: a host maps them to its own copy and HTTP
 * status (the request handlers answer 400 for a malformed request, 401 otherwise).
 */
export type SiwxRejectionReason =
  /** The text is not a sign-in message (or not the one the fields describe). */
  | 'malformed_message'
  /** The signature is not encoded as the chain's signatures are. */
  | 'malformed_signature'
  /** No verifier for the message's chain namespace. */
  | 'unsupported_namespace'
  /** The message names another site. */
  | 'wrong_domain'
  /** The message's URI is not one this server signs in for. */
  | 'wrong_uri'
  /** The message's network is not accepted here. */
  | 'wrong_chain'
  /** The nonce was never issued here (or has been forgotten). */
  | 'unknown_nonce'
  /** The nonce's time to live ran out before it was used. */
  | 'expired_nonce'
  /** The nonce was already used: the message is a replay. */
  | 'replayed_nonce'
  /** Past the message's expiration time (or older than the accepted age). */
  | 'expired'
  /** Before the message's not-before time (or issued in the future). */
  | 'not_yet_valid'
  /** The signature does not match the message and the address: a wrong key or a tampered text. */
  | 'invalid_signature'

export type SiwxVerificationErrorType = SiwxVerificationError & { name: 'SiwxVerificationError' }
/**
 * A sign-in message was refused; `reason` says why.
 *
 * @example
 * try { await verifySiwxMessage(input, options) } catch (e) {
 *   if (e instanceof SiwxVerificationError && e.reason === 'expired') askToSignAgain()
 * }
 */
export class SiwxVerificationError extends BaseError {
  override name = 'SiwxVerificationError' as const
  readonly reason: SiwxRejectionReason
  constructor({ reason, details, cause }: { reason: SiwxRejectionReason; details: string; cause?: unknown }) {
    super('Sign-in verification failed', {
      details: `${reason}: ${details}`,
      ...(cause === undefined ? {} : { cause }),
      docsPath: `/api/siwx-server#${reason.replaceAll('_', '-')}`,
    })
    this.reason = reason
  }
}
