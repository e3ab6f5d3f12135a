/** Longest outgoing web link accepted (directory links are capped at the same length). */
export const webLinkMaxLength = 2_000

// Whitespace, controls (C0, C1) and format characters (zero-width, bidirectional, soft hyphen,
// BOM): browsers strip or ignore some of them while parsing (`java\tscript:`), so a link holding
// any of them is refused, not cleaned.
const invisible = /[\s\p{Cc}\p{Cf}]/u

/**
 * @internal
 * Whether `host` (a URL's `hostname`) is this machine: `localhost`, `127.x.x.x` or `[::1]`.
 *
 * @example
 * isLoopbackHost('127.0.0.1') // true
 */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)

// "Development" is a page served from loopback (or no page at all: Node, SSR, tests). A site on a
// real domain never follows a plain-http link, even one to loopback.
function developmentPage(): boolean {
  const location = (globalThis as { location?: { hostname?: unknown } }).location
  return typeof location?.hostname !== 'string' || isLoopbackHost(location.hostname)
}

/** Options of {@link parseWebLink}. */
export type ParseWebLinkOptions = {
  /** Accept `http:` to a loopback host. Default: only when the page itself is on loopback (development). */
  allowLoopbackHttp?: boolean | undefined
}

/**
 * The one parser of outgoing web links (directory homepages, web apps, "Get wallet" links, the
 * base of WalletConnect universal links). Returns the link as a parsed `URL`, or `undefined` when
 * it must not be opened:
 *
 * - any scheme but `https:` (`javascript:`, `data:`, `file:`, `http:` to a remote host…); `http:`
 *   to loopback is accepted in development only (see `allowLoopbackHttp`);
 * - credentials in the authority, even empty ones: `https://metamask.io@evil.example/` leads to
 *   evil.example, so it is refused rather than "fixed";
 * - whitespace, control or format characters, backslashes, no host, or more than
 *   {@link webLinkMaxLength} characters.
 *
 * @example
 * parseWebLink('https://metamask.io/download')?.href // 'https://metamask.io/download'
 * parseWebLink('https://metamask.io@evil.example/') // undefined
 * parseWebLink('javascript:alert(1)') // undefined
 */
export function parseWebLink(value: unknown, options: ParseWebLinkOptions = {}): URL | undefined {
  if (typeof value !== 'string' || !value || value.length > webLinkMaxLength) return undefined
  if (invisible.test(value) || value.includes('\\')) return undefined
  const lower = value.slice(0, 8).toLowerCase()
  const secure = lower.startsWith('https://')
  if (!secure && !lower.startsWith('http://')) return undefined
  // `user@host`, `user:password@host` and a bare `@host`: the URL parser would hide an empty one.
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? ''
  // An empty authority (`https:///evil.example`) is one the parser would silently fill in.
  if (!authority || authority.includes('@')) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (!url.hostname || url.username || url.password) return undefined
  if (!secure) {
    const allowHttp = options.allowLoopbackHttp ?? developmentPage()
    if (!allowHttp || !isLoopbackHost(url.hostname)) return undefined
  }
  return url
}
