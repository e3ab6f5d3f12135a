import type { Portico } from '../config/createPortico.js'

/** Hosted calls give up after 10 s, like JSON-RPC calls (spec section 9). */
export const hostedTimeoutMs = 10_000

/**
 * @internal
 * A call to a hosted service through the instance's `fetch`, with the timeout. Callers that need
 * the status (429, 403, 5xx mean different things per service) use this directly.
 */
export function hostedFetch(portico: Portico, url: URL | string, init?: RequestInit): Promise<Response> {
  return portico.fetch(url.toString(), { ...init, signal: AbortSignal.timeout(hostedTimeoutMs) })
}

/** @internal A hosted call whose only outcomes are "JSON body" or "failed" (any non-2xx throws). */
export async function fetchJson(portico: Portico, url: URL | string, init?: RequestInit): Promise<unknown> {
  const response = await hostedFetch(portico, url, init)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.json()
}
