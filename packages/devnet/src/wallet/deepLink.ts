/**
 * The web wallet's check of a deep-linked pairing URI (`/wc?uri=…`, `?uri=`, `#uri=`): the link
 * is anyone's to craft, so anything but a WalletConnect pairing URI is refused before the SDK
 * sees it, and the page says why.
 */

/** Longest pairing URI taken from a link; real `wc:` URIs are a few hundred characters. */
const maxLength = 4_096

/**
 * Why a deep-linked `uri` is not paired with, or `undefined` when it is a WalletConnect pairing
 * URI (`wc:{64 hex topic}@2?…`, printable, at most 4,096 characters).
 *
 * @example
 * ```ts
 * deepLinkProblem('wc:' + 'a'.repeat(64) + '@2?relay-protocol=irn&symKey=' + 'b'.repeat(64)) // undefined
 * deepLinkProblem('javascript:alert(1)') // 'The link does not carry a WalletConnect pairing URI (wc:…).'
 * ```
 */
export function deepLinkProblem(uri: string): string | undefined {
  const value = uri.trim()
  if (value.length > maxLength || /[\s\p{Cc}]/u.test(value) || !/^wc:[0-9a-f]{64}@2\?/i.test(value))
    return 'The link does not carry a WalletConnect pairing URI (wc:…).'
  return undefined
}
