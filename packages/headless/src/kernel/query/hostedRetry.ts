/** Spec: hosted calls are retried on these HTTP statuses (and when no answer came at all). */
export const retryableStatuses: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/** Spec retry defaults: 3 retries, exponential backoff from 150 ms. */
const maxRetries = 3
const baseDelayMs = 150

/**
 * @internal TanStack `retry` for hosted calls whose errors carry the HTTP `status` (SwapApiError,
 * OnrampApiError): retry on the spec's statuses or a network failure, up to 3 times; never on a
 * 400 (the request itself is wrong) or on errors of another kind (unsupported network, bad amount).
 */
export function retryHostedCall(failureCount: number, error: unknown): boolean {
  if (failureCount >= maxRetries) return false
  if (!(error instanceof Error) || !('status' in error)) return false
  const { status } = error as { status?: number | undefined }
  return status === undefined || retryableStatuses.has(status)
}

/** @internal TanStack `retryDelay`: 150 ms, 300 ms, 600 ms… */
export function hostedRetryDelay(attempt: number): number {
  return baseDelayMs * 2 ** attempt
}
