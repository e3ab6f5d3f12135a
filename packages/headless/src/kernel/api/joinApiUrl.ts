/**
 * @internal
 * A hosted service's URL: the base the host configured in `apiUrls` (a proxy may carry its own
 * path and query, e.g. `https://proxy.example/x?key=1`) with a call's path appended to the base's
 * path, never to its query. The base's query parameters are kept; a call adds its own through the
 * URL's `searchParams` (a `set` of the same name replaces the base's). Joining the two as text sent
 * every call of a base with a query to the base's path, the call's path folded into the base's last
 * parameter. A fragment in the base stays after the query, where it hides nothing and is never sent.
 *
 * @example
 * joinApiUrl('https://proxy.example/x?key=1', '/v1/bundler').href // 'https://proxy.example/x/v1/bundler?key=1'
 */
export function joinApiUrl(base: string, path: string): URL {
  const url = new URL(base)
  url.pathname = url.pathname.replace(/\/+$/, '') + path
  return url
}
