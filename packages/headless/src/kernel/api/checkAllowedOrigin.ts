import type { Portico } from '../portico.js'
import { fetchAllowedOrigins, ProjectApiError } from './projectApi.js'

/**
 * Origins allowed whatever the project's allow-list says (the spec's default list): local
 * development servers on any port, so a project works on a developer's machine before its
 * production origins are listed.
 */
export const defaultAllowedOrigins = [
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
] as const

export type CheckAllowedOriginParameters = {
  /** The page's origin. Default: `window.location.origin` (none on a server: nothing is checked). */
  origin?: string | undefined
}
/**
 * `allowed`, `not-allowed` (the alert was raised), or `unknown` (no project id, the remote
 * configuration off, no page, or no list to judge by).
 */
export type CheckAllowedOriginReturnType = 'allowed' | 'not-allowed' | 'unknown'

/**
 * Checks the page's origin against the project's allow-list (`GET {api}/projects/v1/origins`)
 * and the default list: an exact entry or a wildcard pattern (`https://*.example.com`,
 * `http://127.0.0.1:*`). An origin on neither raises the 'Origin Not Allowed' alert (once per
 * page). A refused lookup raises 'Rate Limited' (429) or 'Server Error loading app configuration'
 * (5xx); an empty or unreadable list decides nothing, so a project that lists no origin, or a
 * service that cannot be reached, never accuses the page. Part of the remote project configuration:
 * nothing is asked with `remoteConfig: false`. Asked once per instance for the page's own origin.
 * Never throws.
 *
 * @example
 * if ((await checkAllowedOrigin(portico)) === 'not-allowed') console.warn('add this origin to the project')
 */
export function checkAllowedOrigin(
  portico: Portico,
  { origin }: CheckAllowedOriginParameters = {},
): Promise<CheckAllowedOriginReturnType> {
  if (origin !== undefined) return check(portico, origin)
  portico._internal.originCheck ??= check(portico, typeof window === 'undefined' ? undefined : window.location.origin)
  return portico._internal.originCheck
}

async function check(portico: Portico, origin: string | undefined): Promise<CheckAllowedOriginReturnType> {
  if (!portico.options.projectId || !portico.options.remoteConfig || !origin) return 'unknown'
  let allowList: string[]
  try {
    allowList = await fetchAllowedOrigins(portico)
  } catch (error) {
    if (error instanceof ProjectApiError) portico.alerts.raise(error)
    return 'unknown'
  }
  if (allowList.length === 0) return 'unknown'
  // The matcher loads with the first list to judge: this module is in the chunk of every view that
  // imports the internal entry (All Wallets), the matcher only where a list was fetched.
  const { isOriginAllowed } = await import('@portico/secure/origins')
  if (isOriginAllowed(origin, [...defaultAllowedOrigins, ...allowList])) return 'allowed'
  portico.alerts.emit('ORIGIN_NOT_ALLOWED', { details: `${origin} is not on the project's allowed origins` })
  return 'not-allowed'
}
