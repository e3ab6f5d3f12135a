import type { DirectoryWallet } from '../../kernel/api/walletDirectory.js'
import { parseWebLink } from '../../kernel/utils/webLink.js'

/** Which directory link a wallet link is built from (they differ in what they may be). */
export type WalletLinkKind = 'mobile' | 'desktop' | 'webapp'

/** The links to open a WalletConnect pairing in one directory wallet; absent when unsafe or unknown. */
export type WalletConnectLinks = { mobile?: string; desktop?: string; webapp?: string }

/** Longest directory link accepted (the directory schema caps links at the same length). */
export const walletLinkMaxLength = 2_000
/** Longest pairing URI accepted; real `wc:` URIs are a few hundred characters. */
const uriMaxLength = 4_096

// Schemes a wallet's native link must never be, whatever the directory says: script and document
// carriers, browser-internal pages, local files, OS handlers with known exploits, Android intents
// (they can name any activity and carry a fallback URL), and web schemes that are not app links.
const forbiddenSchemes = new Set([
  'javascript',
  'livescript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'chrome',
  'chrome-extension',
  'chrome-untrusted',
  'devtools',
  'edge',
  'brave',
  'opera',
  'moz-extension',
  'resource',
  'view-source',
  'jar',
  'mhtml',
  'res',
  'shell',
  'intent',
  'android-app',
  'content',
  'search-ms',
  'ws',
  'wss',
  'ftp',
  'mailto',
  'tel',
  'sms',
])

// Whitespace, controls (C0, C1) and format characters (zero-width, bidirectional, soft hyphen,
// BOM): browsers strip or ignore some of them while parsing (`java\tscript:`), so a link holding
// any of them is refused, not cleaned.
const invisible = /[\s\p{Cc}\p{Cf}]/u
const schemePattern = /^([a-z][a-z0-9+.-]{0,63}):/i
// What may follow a custom scheme (it is dropped, but a link with anything else is not trusted).
const customRestPattern = /^[A-Za-z0-9\-._~/:?#[\]!$&'()*+,;=%]*$/

/** A pairing URI we are willing to put in a link: `wc:…`, printable, not absurdly long. */
function isPairingUri(uri: string): boolean {
  return uri.length <= uriMaxLength && /^wc:/i.test(uri) && !invisible.test(uri)
}

/** `https://host/path` (or http on loopback) without credentials, normalised; undefined if not one. */
function universalBase(value: string): string | undefined {
  const url = parseWebLink(value)
  // The query and fragment are dropped: `/wc?uri=` goes on the path (as wallet kits do).
  return url && `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/**
 * A link that hands the WalletConnect pairing `uri` to a wallet, built from one of its directory
 * links (`mobile_link`, `desktop_link` or `webapp_link`), or `undefined` when the link is not safe.
 *
 * - Universal links (`https://…`, or `http://` on loopback in development) give
 *   `${base}/wc?uri=${encodeURIComponent(uri)}` (trailing slashes, query and fragment dropped).
 * - Custom schemes (`metamask://`, `rainbow:`) give `${scheme}://wc?uri=…`; web apps (`webapp`)
 *   accept universal links only.
 * - Refused: `javascript:`, `data:`, `vbscript:`, `file:`, `blob:`, `about:`, `chrome:`, `intent:`
 *   and other browser or OS schemes, `http:` off loopback, schemes outside `[a-z0-9+.-]`,
 *   whitespace and control characters, credentials, values over {@link walletLinkMaxLength}
 *   characters, and a `uri` that is not a `wc:` URI.
 *
 * @example
 * buildWalletLink('https://metamask.app.link/', 'wc:abc@2?relay-protocol=irn', 'mobile')
 * // 'https://metamask.app.link/wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn'
 * buildWalletLink('rainbow:', uri, 'mobile') // 'rainbow://wc?uri=wc%3A…'
 * buildWalletLink('javascript:alert(1)', uri, 'webapp') // undefined
 */
export function buildWalletLink(base: unknown, uri: unknown, kind: WalletLinkKind): string | undefined {
  if (typeof base !== 'string' || typeof uri !== 'string') return undefined
  if (!base || base.length > walletLinkMaxLength || invisible.test(base) || base.includes('\\')) return undefined
  if (!isPairingUri(uri)) return undefined
  const scheme = schemePattern.exec(base)?.[1]?.toLowerCase()
  if (!scheme) return undefined
  const encoded = encodeURIComponent(uri)
  if (scheme === 'https' || scheme === 'http') {
    const universal = universalBase(base)
    return universal === undefined ? undefined : `${universal}/wc?uri=${encoded}`
  }
  if (kind === 'webapp') return undefined
  if (forbiddenSchemes.has(scheme) || scheme.startsWith('ms-') || scheme.startsWith('web+')) return undefined
  const rest = base.slice(scheme.length + 1)
  if (rest.includes('@') || !customRestPattern.test(rest)) return undefined
  return `${scheme}://wc?uri=${encoded}`
}

/**
 * Every link to open the WalletConnect pairing `uri` in a directory wallet: its mobile deep link,
 * desktop app link and web app, each only when present and safe (see {@link buildWalletLink}).
 *
 * @example
 * const { mobile, desktop, webapp } = walletConnectLinks(wallet, pairing.uri)
 * if (desktop) window.open(desktop, '_self')
 */
export function walletConnectLinks(
  wallet: Pick<DirectoryWallet, 'mobile_link' | 'desktop_link' | 'webapp_link'> | null | undefined,
  uri: string,
): WalletConnectLinks {
  const links: WalletConnectLinks = {}
  const mobile = buildWalletLink(wallet?.mobile_link, uri, 'mobile')
  const desktop = buildWalletLink(wallet?.desktop_link, uri, 'desktop')
  const webapp = buildWalletLink(wallet?.webapp_link, uri, 'webapp')
  if (mobile) links.mobile = mobile
  if (desktop) links.desktop = desktop
  if (webapp) links.webapp = webapp
  return links
}
