import { BaseError } from './base.js'

export type HostedTimeoutErrorType = HostedTimeoutError & { name: 'HostedTimeoutError' }
/** A hosted service did not answer within the HTTP timeout (10 s). */
export class HostedTimeoutError extends BaseError {
  override name = 'HostedTimeoutError' as const
  readonly timeoutMs: number
  constructor({ timeoutMs, url }: { timeoutMs: number; url?: string | undefined }) {
    super('The request timed out.', { details: url ? `No answer from ${url} in ${timeoutMs} ms` : undefined })
    this.timeoutMs = timeoutMs
  }
}

export type HostedHttpErrorType = HostedHttpError & { name: 'HostedHttpError' }
/** A hosted service answered with a non-2xx status; `status` says which (429 rate limit, 5xx server). */
export class HostedHttpError extends BaseError {
  override name = 'HostedHttpError' as const
  readonly status: number
  /** How long the service asked to wait before another try (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined
  constructor({ status, retryAfterMs }: { status: number; retryAfterMs?: number | undefined }) {
    super(status === 429 ? 'Rate Limited' : 'The server answered with an error.', { details: `HTTP ${status}` })
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}
