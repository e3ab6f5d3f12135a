import { HostedTimeoutError } from '../errors/http.js'

/** Spec: 3 retries by default. */
export const hostedQueryRetryCount = 3
/** Spec: exponential backoff from 150 ms (150, 300, 600 ms: a failure shows in about a second). */
export const hostedQueryRetryBaseDelayMs = 150

/** Statuses worth another try: the spec's retryable set minus 403, which a hosted API uses for "origin not allowed". */
const transientStatuses = new Set([408, 413, 429, 500, 502, 503, 504])

/**
 * @internal
 * Whether a failed hosted read is worth repeating: a network failure or a transient status is,
 * a timeout is not (it already cost the full 10 s, and the reader needs an end state), and
 * neither is a response of the wrong shape (asking again returns the same garbage).
 */
export function isTransientFailure(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof HostedTimeoutError) return false
    if (typeof current === 'object' && current !== null) {
      const { status, name } = current as { status?: unknown; name?: unknown }
      if (typeof status === 'number') return transientStatuses.has(status)
      if (name === 'ZodError' || name === '$ZodError' || current instanceof SyntaxError) return false
      // fetch rejects with a TypeError when the connection is refused or reset.
      if (current instanceof TypeError) return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * @internal
 * TanStack `retry` for hosted reads: up to 3 more tries, transient failures only.
 *
 * @example
 * useQuery({ ...options, retry: hostedQueryRetry, retryDelay: hostedQueryRetryDelay })
 */
export function hostedQueryRetry(failureCount: number, error: unknown): boolean {
  return failureCount < hostedQueryRetryCount && isTransientFailure(error)
}

/** @internal TanStack `retryDelay` for hosted reads: 150 ms, doubling. */
export function hostedQueryRetryDelay(attempt: number): number {
  return hostedQueryRetryBaseDelayMs * 2 ** attempt
}
