import type { StorageLike } from './storage.js'

// Browsers keep about 4 KB per cookie (name and attributes included); a value that would not fit
// (a recent wallet's inline icon) stays in localStorage, which the server does not need.
const maxCookieValueLength = 3000
const oneYearInSeconds = 60 * 60 * 24 * 365
/** @internal Why a cookie whose value's percent-escapes do not decode was ignored. */
export const notPercentEncoded = 'its percent-escapes do not decode'

/**
 * A storage that keeps Portico's state in cookies, so a server reads the restored connection from
 * the request (`cookieToInitialState`) and renders it. Pass it as `storage` with `ssr: true`.
 * First-party, `SameSite=Lax`, `Secure` on https; never throws (no `document` on the server: reads
 * find nothing and writes do nothing).
 *
 * @example
 * import { cookieStorage, getDefaultConfig, mainnet } from '@portico/headless/core'
 *
 * export const portico = getDefaultConfig({ appName: 'My dapp', networks: [mainnet], ssr: true, storage: cookieStorage })
 */
export const cookieStorage: StorageLike = {
  getItem(key) {
    if (typeof document === 'undefined') return null
    const value = parseCookies(document.cookie).get(key)
    if (value === null) ignoreCookie(key, notPercentEncoded)
    // An empty value is a cookie being deleted, not a value.
    return value || (localStore()?.getItem(key) ?? null)
  },
  setItem(key, value) {
    if (typeof document === 'undefined') return
    const encoded = encodeURIComponent(value)
    if (encoded.length > maxCookieValueLength) {
      writeCookie(key, '', 0)
      localStore()?.setItem(key, value)
      return
    }
    writeCookie(key, encoded, oneYearInSeconds)
    localStore()?.removeItem(key)
  },
  removeItem(key) {
    if (typeof document === 'undefined') return
    writeCookie(key, '', 0)
    localStore()?.removeItem(key)
  },
}

function writeCookie(key: string, encodedValue: string, maxAge: number) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : ''
  const expires = maxAge > 0 ? '' : '; Expires=Thu, 01 Jan 1970 00:00:00 GMT'
  // biome-ignore lint/suspicious/noDocumentCookie: the point of this storage; the Cookie Store API is async and not in every browser.
  document.cookie = `${encodeURIComponent(key)}=${encodedValue}; Path=/; Max-Age=${maxAge}${expires}; SameSite=Lax${secure}`
}

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * @internal
 * A `Cookie` header (or `document.cookie`) as decoded name → value. A pair whose name does not
 * decode is skipped (someone else's cookie, not ours to report); a value that does not decode is
 * `null`, so a reader of that name can say it ignored it. The first of two equal names wins (the
 * most specific path, as browsers send them), unless its value did not decode.
 */
export function parseCookies(header: string): Map<string, string | null> {
  const cookies = new Map<string, string | null>()
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0) continue
    const name = decode(pair.slice(0, separator).trim())
    if (name === null || typeof cookies.get(name) === 'string') continue
    cookies.set(name, decode(pair.slice(separator + 1).trim()))
  }
  return cookies
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/** @internal Says that a cookie of Portico's was not read, and why (the visitor's input is never thrown). */
export function ignoreCookie(name: string, why: string) {
  console.warn(`[portico] Ignored the cookie ${name}: ${why}.`)
}
