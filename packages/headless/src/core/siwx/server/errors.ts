import { BaseError } from '../../errors/base.js'

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
