/** Readable renderings of WalletConnect request params for the web wallet page. Isomorphic. */
import { base58 } from '@scure/base'

/**
 * Characters that act on the text around them without showing themselves, beyond the C0
 * controls: DEL and the C1 controls (U+007F–U+009F), and the bidirectional formatting characters,
 * embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and marks (U+200E, U+200F,
 * U+061C), which reorder what follows: "\u202Emoc.knab" reads as "bank.com" to the person
 * approving it.
 */
const HIDDEN_CONTROLS = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * What keeps a decoded message from being shown as text: a control character (C0, DEL or C1) other
 * than tab, newline and carriage return, a replacement character (the bytes were not UTF-8), or
 * one of {@link HIDDEN_CONTROLS}. Built on that list so the two cannot drift apart; not global,
 * so `test` carries no position from one message to the next.
 */
const NOT_PRINTABLE = new RegExp(String.raw`[^\P{Cc}\t\n\r]|\ufffd|${HIDDEN_CONTROLS.source}`, 'u')

/** Whether a decoded message may be shown as text: none of {@link NOT_PRINTABLE} in it. */
const isPrintable = (text: string): boolean => !NOT_PRINTABLE.test(text)

/**
 * Indented JSON (or the value as a string where JSON cannot express it) with
 * {@link HIDDEN_CONTROLS} escaped as `\uXXXX`, as JSON.stringify escapes the C0 controls: in JSON
 * those characters can only stand inside a string, where the escape reads back the same.
 */
function toJson(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? String(value)).replace(
    HIDDEN_CONTROLS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * A readable rendering of a request's params: the decoded text of a signed message where there
 * is one, then the params as indented JSON.
 *
 * @example
 * ```ts
 * previewParams('personal_sign', ['0x68656c6c6f', address]) // 'Message: hello\n\n[…]'
 * ```
 */
export function previewParams(method: string, params: unknown): string {
  try {
    if (method === 'personal_sign' && Array.isArray(params) && typeof params[0] === 'string') {
      const raw = params[0]
      if (/^0x([0-9a-fA-F]{2})*$/.test(raw)) {
        const bytes = Uint8Array.from(raw.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16))
        const text = new TextDecoder().decode(bytes)
        if (isPrintable(text)) return `Message: ${text}\n\n${toJson(params)}`
      }
    }
    if (method === 'eth_signTypedData_v4' && Array.isArray(params) && typeof params[1] === 'string')
      return toJson([params[0], JSON.parse(params[1])])
    if (method === 'solana_signMessage' && typeof (params as { message?: unknown })?.message === 'string') {
      const text = new TextDecoder().decode(base58.decode((params as { message: string }).message))
      if (isPrintable(text)) return `Message: ${text}\n\n${toJson(params)}`
    }
  } catch {
    // fall through to the raw JSON
  }
  return toJson(params)
}
