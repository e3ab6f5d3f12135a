import { HostedTimeoutError } from './errors/http.js'

// The client retry rules of the spec, in one place for every hosted read (wallet directory,
// activity, swap) and, once it moves onto this, the JSON-RPC client: retry on JSON-RPC code -1 or
// an internal-type code, on a timeout, and on HTTP 403, 408, 413, 429, 500, 502, 503 or 504; wait
// what Retry-After says, otherwise back off exponentially from 150 ms; at most 3 retries.

/** Spec: 3 retries. */
export const retryCount = 3
/** Spec: exponential backoff from 150 ms (150, 300, 600 ms: a failure shows in about a second). */
export const retryBaseDelayMs = 150
/** A Retry-After above this is cut to it: a reader must reach an end state (the spec's HTTP timeout). */
export const retryAfterLimitMs = 10_000

const retryableStatuses: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])
// JSON-RPC: -1 unknown, -32005 limit exceeded, -32603 internal error.
const retryableCodes: ReadonlySet<number> = new Set([-1, -32005, -32603])

/**
 * Whether a failed call is worth another try, by the first thing in its cause chain that decides:
 * an HTTP status (the spec's list), a JSON-RPC code (-1, or an internal-type code), a timeout, or a
 * connection that failed (fetch's TypeError) retry; a response of the wrong shape (zod, JSON
 * syntax) does not (asking again returns the same), nor does an error that decides nothing (an
 * unsupported network, a bad amount).
 *
 * @example
 * isRetryable(new HostedHttpError({ status: 503 })) // true
 */
export function isRetryable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    if (current instanceof HostedTimeoutError) return true
    const { status, code, name } = current as { status?: unknown; code?: unknown; name?: unknown }
    if (typeof status === 'number') return retryableStatuses.has(status)
    if (typeof code === 'number') return retryableCodes.has(code)
    if (name === 'TimeoutError') return true
    if (name === 'ZodError' || name === '$ZodError' || current instanceof SyntaxError) return false
    // fetch rejects with a TypeError when the connection is refused or reset.
    if (current instanceof TypeError) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * TanStack `retry` for hosted reads: up to 3 more tries, retryable failures only.
 *
 * @example
 * useQuery({ ...options, retry: retry, retryDelay })
 */
export function retry(failureCount: number, error: unknown): boolean {
  return failureCount < retryCount && isRetryable(error)
}

/**
 * TanStack `retryDelay`: what the failed response's Retry-After asked (at most 10 s), otherwise
 * 150 ms doubling from the first retry.
 *
 * @example
 * retryDelay(2, new HostedHttpError({ status: 503 })) // 600
 */
export function retryDelay(attempt: number, error?: unknown): number {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { retryAfterMs } = current as { retryAfterMs?: unknown }
    if (typeof retryAfterMs === 'number' && retryAfterMs >= 0) return Math.min(retryAfterMs, retryAfterLimitMs)
    current = (current as { cause?: unknown }).cause
  }
  return retryBaseDelayMs * 2 ** attempt
}

/**
 * The wait a response's `Retry-After` header asks for, in ms (seconds or an HTTP date), or
 * `undefined` when it has none or it does not parse.
 *
 * @example
 * throw new HostedHttpError({ status: response.status, retryAfterMs: retryAfterMs(response) })
 */
export function retryAfterMs(
  response: { headers: { get(name: string): string | null } },
  now = Date.now(),
): number | undefined {
  const value = response.headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
