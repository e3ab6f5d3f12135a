import { BaseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import * as c from '../utils/check.js'
import { lazy } from '../utils/lazy.js'
import { hostedFetch } from './http.js'
import { directoryUrl } from './urls.js'

export type ProjectApiErrorType = ProjectApiError & { name: 'ProjectApiError' }
/** The project API refused: `code` is `RATE_LIMITED` (HTTP 429) or `SERVER_ERROR` (HTTP 500 and above). */
export class ProjectApiError extends BaseError {
  override name = 'ProjectApiError' as const
  readonly code: 'RATE_LIMITED' | 'SERVER_ERROR'
  constructor({ code, status }: { code: 'RATE_LIMITED' | 'SERVER_ERROR'; status: number }) {
    super(code === 'RATE_LIMITED' ? 'Rate Limited' : 'Server Error loading app configuration', {
      details: `HTTP ${status}`,
    })
    this.code = code
  }
}

const originsSchema = lazy(() => c.object({ allowedOrigins: c.array(c.string({ max: 500 })) }))

/**
 * The project's allowed origins (`GET {api}/projects/v1/origins`). Spec: 429 becomes
 * `RATE_LIMITED`, 500 and above `SERVER_ERROR` (both a {@link ProjectApiError}); any other failure
 * (other statuses, unreachable, malformed) returns an empty list.
 *
 * @example
 * const origins = await fetchAllowedOrigins(portico)
 */
export async function fetchAllowedOrigins(portico: Portico): Promise<string[]> {
  let response: Response
  try {
    response = await hostedFetch(portico, directoryUrl(portico, '/projects/v1/origins'))
  } catch {
    return []
  }
  if (response.status === 429) throw new ProjectApiError({ code: 'RATE_LIMITED', status: 429 })
  if (response.status >= 500) throw new ProjectApiError({ code: 'SERVER_ERROR', status: response.status })
  if (!response.ok) return []
  try {
    const parsed = originsSchema().safeParse(await response.json())
    return parsed.success ? parsed.data.allowedOrigins : []
  } catch {
    return []
  }
}

/**
 * Whether analytics is enabled for the project (`GET {api}/getAnalyticsConfig`). Any failure means
 * off (the spec), so an unreachable service never produces analytics traffic.
 *
 * @example
 * if (await fetchAnalyticsEnabled(portico)) …
 */
export async function fetchAnalyticsEnabled(portico: Portico): Promise<boolean> {
  try {
    const response = await hostedFetch(portico, directoryUrl(portico, '/getAnalyticsConfig'))
    if (!response.ok) return false
    const body = (await response.json()) as { isAnalyticsEnabled?: unknown }
    return body?.isAnalyticsEnabled === true
  } catch {
    return false
  }
}
