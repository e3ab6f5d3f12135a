import type { Portico } from '../config/createPortico.js'

/** Hosted calls give up after 10 s, like JSON-RPC calls (spec section 9). */
export const hostedTimeoutMs = 10_000

/**
 * @internal
 * A call to a hosted service through the instance's `fetch`, with the timeout. Callers that need
 * the status (429, 403, 5xx mean different things per service) use this directly.
 */
export function hostedFetch(portico: Portico, url: URL | string, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(hostedTimeoutMs)
  // A caller's signal (a stale quote's query being cancelled) aborts too, alongside the timeout.
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  return portico.fetch(url.toString(), { ...init, signal })
}

/** @internal A hosted call whose only outcomes are "JSON body" or "failed" (any non-2xx throws). */
export async function fetchJson(portico: Portico, url: URL | string, init?: RequestInit): Promise<unknown> {
  const response = await hostedFetch(portico, url, init)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.json()
}
