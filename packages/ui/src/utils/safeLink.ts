/**
 * @internal
 * A directory link made safe to put in an `href`: only https (and http on loopback, for local
 * directories) survive; `javascript:`, `data:` and anything unparsable give undefined.
 */
export function safeWebLink(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol === 'https:') return url.toString()
    if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
      return url.toString()
  } catch {}
  return undefined
}
