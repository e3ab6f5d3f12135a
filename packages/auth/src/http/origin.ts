import { isOriginAllowed, normalizeOrigin } from '@portico/secure/origins'
import { AuthError, serverMessages } from '../errors.js'
import type { AuthProject } from './env.js'

const refused = () => new AuthError('ORIGIN_NOT_ALLOWED', serverMessages.originNotAllowed)

/**
 * The page origin a request is made for, or `ORIGIN_NOT_ALLOWED`.
 *
 * A browser sets `Origin` itself and no script can change it; `X-Portico-Origin` is an ordinary
 * header any script can set. So the browser's `Origin` decides:
 * - `Origin` is the secure frame's: the frame runs on its own origin and names the page embedding
 *   it in `X-Portico-Origin`, which must then be on the project's list (the frame's own origin
 *   never counts as a page).
 * - `Origin` is anything else: it is the page, and must be on the list; an `X-Portico-Origin`
 *   naming another origin is refused (it can only be a script trying to pass as another page).
 * - `Origin` is `null` or malformed: refused (a sandboxed frame or a local file can be anyone).
 * - No `Origin` at all: not a browser's cross-origin call (browsers always send it on these
 *   requests, which need a preflight): a server or a script outside any browser, which could
 *   forge either header; its `X-Portico-Origin` is checked against the list.
 */
export function pageOrigin(
  headers: { origin: string | undefined; claimed: string | undefined },
  project: AuthProject,
  frameOrigins: readonly string[],
): string {
  const claimed = headers.claimed === undefined ? undefined : normalizeOrigin(headers.claimed)
  if (headers.claimed !== undefined && !claimed) throw refused()
  // Even where a project's wildcard covers the frame's host (a frame at secure.example.com, pages
  // at *.example.com), the frame is never the page.
  if (claimed && isOriginAllowed(claimed, frameOrigins)) throw refused()
  if (headers.origin !== undefined) {
    const browser = normalizeOrigin(headers.origin)
    if (!browser) throw refused()
    if (isOriginAllowed(browser, frameOrigins)) {
      if (!claimed || !isOriginAllowed(claimed, project.allowedOrigins)) throw refused()
      return claimed
    }
    if (!isOriginAllowed(browser, project.allowedOrigins)) throw refused()
    if (claimed && claimed !== browser) throw refused()
    return browser
  }
  if (!claimed || !isOriginAllowed(claimed, project.allowedOrigins)) throw refused()
  return claimed
}

/**
 * Whether a browser page at `origin` may read the API's answers (CORS): the secure frame, and the
 * pages of the project named in the request (or of any project, for a preflight, which carries no
 * headers' values). Everyone else gets no CORS header at all.
 */
export function corsAllowed(origin: string, projects: Iterable<AuthProject>, frameOrigins: readonly string[]): boolean {
  if (isOriginAllowed(origin, frameOrigins)) return true
  for (const project of projects) if (isOriginAllowed(origin, project.allowedOrigins)) return true
  return false
}
