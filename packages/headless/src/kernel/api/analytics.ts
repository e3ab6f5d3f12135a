import { getFeatures } from '../actions/getFeatures.js'
import type { Portico } from '../portico.js'
import { hostedFetch } from './http.js'
import { joinApiUrl } from './joinApiUrl.js'
import { fetchAnalyticsEnabled } from './projectApi.js'

/** An analytics event: its name and its data (the spec). */
export type AnalyticsEvent = { event: string; properties?: Readonly<Record<string, unknown>> | undefined }

/**
 * @internal
 * Analytics is on only if the `analytics` feature is on, the project has an id, and the project's
 * analytics configuration says so (asked once, lazily; `INITIALIZE` does not ask). Any doubt means off.
 */
function isEnabled(portico: Portico, event: string): Promise<boolean> {
  if (!getFeatures(portico).analytics || !portico.options.projectId) return Promise.resolve(false)
  // The spec: `INITIALIZE` is sent even when the project's configuration turns analytics off (the
  // host's `analytics: false` still means not a single request).
  if (event === 'INITIALIZE') return Promise.resolve(true)
  portico._internal.analyticsEnabled ??= fetchAnalyticsEnabled(portico)
  return portico._internal.analyticsEnabled
}

/**
 * Sends one analytics event (`POST {analytics}/e?projectId&st&sv`, body `{ eventId, url, domain,
 * timestamp, props }` with the event data and the connected address). Skipped for `MODAL_CREATED`
 * and when analytics is off: with the host's `analytics` feature off not a single analytics
 * request is made; when only the project's analytics configuration says off, `INITIALIZE` is still
 * sent (the spec). A 403 (origin
 * not on the allow-list) raises the 'Invalid App Configuration' alert, once. Never throws.
 *
 * @example
 * await sendAnalyticsEvent(portico, { event: 'MODAL_OPEN', properties: { connected: false } }, address)
 */
export function sendAnalyticsEvent(portico: Portico, event: AnalyticsEvent, address?: string): Promise<boolean> {
  if (event.event === 'MODAL_CREATED') return Promise.resolve(false)
  // One after the other, per instance: sent side by side, a quick step's start and end (a
  // signature granted at once, the modal closing as the connection succeeds) could reach the
  // service in the wrong order. Each waits at most for the one before's timeout.
  const timestamp = Date.now()
  const sent = (portico._internal.analyticsSent ?? Promise.resolve())
    .then(() => send(portico, event, address, timestamp))
    .catch(() => false)
  portico._internal.analyticsSent = sent
  return sent
}

async function send(portico: Portico, event: AnalyticsEvent, address: string | undefined, timestamp: number) {
  if (!(await isEnabled(portico, event.event))) return false
  const url = joinApiUrl(portico.options.apiUrls.analytics, '/e')
  url.searchParams.set('projectId', portico.options.projectId ?? '')
  url.searchParams.set('st', portico.options.sdkType)
  url.searchParams.set('sv', portico.options.sdkVersion)
  const location = typeof window === 'undefined' ? undefined : window.location
  const body = {
    eventId: globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`,
    url: location?.href ?? '',
    domain: location?.hostname ?? '',
    timestamp,
    props: { type: 'track', event: event.event, properties: event.properties, address },
  }
  try {
    const response = await hostedFetch(portico, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status === 403) portico.alerts.emit('INVALID_APP_CONFIGURATION', { details: 'Origin not allowed' })
    return response.ok
  } catch {
    // Analytics must never break the app; a lost event is acceptable.
    return false
  }
}
