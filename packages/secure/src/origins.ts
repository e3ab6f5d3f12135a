// One origin matcher for the kit and the auth server. It lives here, beside the frame protocol,
// because both sides already depend on this package and the module needs nothing: no DOM, no
// Node API, no dependency, so a browser bundle and a server import the same lines.

/** Stands in for `*` while an entry goes through the URL parser (a valid DNS label). */
const placeholder = 'portico-wildcard-label'

/**
 * The serialised origin of `value` (`scheme://host[:port]`, lower case, IDNs as punycode, default
 * port dropped), or `undefined` when it is not one: an opaque origin (`null`, a sandboxed frame, a
 * `file:` page), a URL with a path, query, fragment or credentials, or no URL at all.
 *
 * @example
 * ```ts
 * normalizeOrigin('HTTPS://Bücher.example:443/') // 'https://xn--bcher-kva.example'
 * normalizeOrigin('null') // undefined
 * ```
 */
export function normalizeOrigin(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim().replace(/\/$/, '')
  if (trimmed === '' || trimmed.toLowerCase() === 'null') return undefined
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return undefined
  }
  // Only a tuple origin (special schemes with a host) can be compared; anything after the host
  // means the caller passed a URL, not an origin, and `https://evil.test/.example.com` must not pass.
  if (url.origin === 'null' || url.username || url.password) return undefined
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return undefined
  return url.origin
}

/**
 * Whether `origin` is on an allow-list (the spec: "an origin is allowed if it matches an
 * allow-list entry exactly or a wildcard pattern"). Both sides are compared as serialised origins,
 * so case, a trailing slash, a default port and unicode versus punycode host names make no
 * difference; scheme, host and port must otherwise be equal.
 *
 * - An exact entry matches that origin only (`https://app.example.com` is not
 *   `https://app.example.com:8443`, `http://app.example.com` or `https://app.example.com.`).
 * - In a pattern, `*` stands for one or more characters of ONE host label, never a dot, colon or
 *   slash: `https://*.example.com` matches `https://shop.example.com` but not
 *   `https://a.b.example.com`, `https://example.com` or `https://shop.example.com.evil.test`.
 *   Write `https://*.*.example.com` for deeper names. `:*` at the end stands for any explicit port.
 * - `*` alone allows every origin, except an opaque one (`null`): a sandboxed frame or a local file
 *   can be anyone's.
 * - A `*` in the scheme makes an entry match nothing; so does an entry that is not an origin.
 *
 * @example
 * ```ts
 * isOriginAllowed('https://shop.example.com', ['https://*.example.com']) // true
 * isOriginAllowed('https://a.b.example.com', ['https://*.example.com']) // false
 * isOriginAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*']) // true
 * ```
 */
export function isOriginAllowed(origin: string | null | undefined, allowList: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin)
  if (!normalized) return false
  return allowList.some((entry) => entryMatches(normalized, entry))
}

function entryMatches(origin: string, entry: string): boolean {
  const raw = entry.trim()
  if (raw === '*') return true
  if (!raw.includes('*')) return normalizeOrigin(raw) === origin
  let pattern = raw.replace(/\/$/, '')
  const anyPort = pattern.endsWith(':*')
  if (anyPort) pattern = pattern.slice(0, -2)
  const schemeEnd = pattern.indexOf('://')
  if (schemeEnd <= 0 || pattern.slice(0, schemeEnd).includes('*')) return false
  // Parsed with a label in place of each `*`, so the rest of the entry is normalised like an origin
  // (lower case, punycode, default port).
  const normalized = normalizeOrigin(pattern.replaceAll('*', placeholder))
  if (!normalized || (anyPort && /:\d+$/.test(normalized.slice(schemeEnd + 3)))) return false
  const source = normalized
    .split(placeholder)
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[a-z0-9_-]+')
  return new RegExp(`^${source}${anyPort ? ':\\d+' : ''}$`).test(origin)
}

/**
 * Whether sign-in data (EIP-4361's `domain`, `uri` and optional `scheme`) is for the page on
 * `origin`: the `uri` on that origin, the `domain` its host (with port) and the `scheme`, when
 * given, its scheme. The kit checks it before sending sign-in data to the embedded wallet's frame,
 * and the frame before signing it, so no page gets a signature that another site would accept.
 *
 * @example
 * ```ts
 * isSiwxForOrigin({ domain: 'app.example', uri: 'https://app.example/login' }, 'https://app.example') // true
 * isSiwxForOrigin({ domain: 'bank.example', uri: 'https://bank.example' }, 'https://app.example') // false
 * ```
 */
export function isSiwxForOrigin(
  data: { domain: string; uri: string; scheme?: string | undefined },
  origin: string,
): boolean {
  let page: URL
  let uri: URL
  try {
    page = new URL(origin)
    uri = new URL(data.uri)
  } catch {
    return false
  }
  return (
    uri.origin === page.origin &&
    data.domain === page.host &&
    (data.scheme === undefined || `${data.scheme}:` === page.protocol)
  )
}
