/**
 * @internal Whether a value is a string that parses as a URL with one of these protocols. The
 * options' URL checks (zod's refinements and the plain checks) and the image-source check share it.
 *
 * @example
 * isHttpUrl('https://rpc.example') // true
 * isWsUrl('https://relay.example') // false
 */
const urlWith =
  (...protocols: string[]) =>
  (value: unknown): value is string => {
    if (typeof value !== 'string') return false
    try {
      return protocols.includes(new URL(value).protocol)
    } catch {
      return false
    }
  }

/** @internal A string that parses as an http(s) URL. */
export const isHttpUrl = urlWith('http:', 'https:')
/** @internal A string that parses as a ws(s) URL. */
export const isWsUrl = urlWith('ws:', 'wss:')
