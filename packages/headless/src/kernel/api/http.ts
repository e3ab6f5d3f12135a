import { HostedHttpError, HostedTimeoutError } from '../errors/http.js'
import type { Portico } from '../portico.js'
import { retryAfterMs } from '../retry.js'

/** Hosted calls give up after 10 s, like JSON-RPC calls (the spec). */
export const hostedTimeoutMs = 10_000

/**
 * @internal
 * A call to a hosted service through the instance's `fetch`, with the timeout over the headers and
 * the body (read before it resolves, so reading it after never waits). Callers that need
 * the status (429, 403, 5xx mean different things per service) use this directly. The timeout is
 * a plain timer (not `AbortSignal.timeout`) so fake timers can drive it in tests, and it rejects
 * with a typed {@link HostedTimeoutError}; a caller's own signal still aborts the call.
 */
export async function hostedFetch(portico: Portico, url: URL | string, init?: RequestInit): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new HostedTimeoutError({ timeoutMs: hostedTimeoutMs, url: String(url) })),
    hostedTimeoutMs,
  )
  const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal
  try {
    const response = await portico.fetch(url.toString(), { ...init, signal })
    // The 10 s cover the whole answer, not only its headers: a service that stalls its body fails
    // with the timeout too. The caller gets the same answer with its body already read.
    // (A Response is its own init: status, statusText, headers; a 204's body stays null.)
    return new Response(response.body && (await response.arrayBuffer()), response)
  } catch (error) {
    // Some fetch implementations reject with a generic AbortError instead of the signal's reason.
    throw controller.signal.aborted ? controller.signal.reason : error
  } finally {
    clearTimeout(timer)
  }
}

/** @internal A hosted call whose only outcomes are "JSON body" or "failed" (any non-2xx throws). */
export async function fetchJson(portico: Portico, url: URL | string, init?: RequestInit): Promise<unknown> {
  const response = await hostedFetch(portico, url, init)
  if (!response.ok) throw new HostedHttpError({ status: response.status, retryAfterMs: retryAfterMs(response) })
  return response.json()
}
