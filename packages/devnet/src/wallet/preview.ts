/** Readable renderings of WalletConnect request params for the web wallet page. Isomorphic. */
import { base58 } from '@scure/base'

/** No replacement characters and no C0 controls other than tab, newline and carriage return. */
function isPrintable(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code === 0xfffd || (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r')) return false
  }
  return true
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
        if (isPrintable(text)) return `Message: ${text}\n\n${JSON.stringify(params, null, 2)}`
      }
    }
    if (method === 'eth_signTypedData_v4' && Array.isArray(params) && typeof params[1] === 'string')
      return JSON.stringify([params[0], JSON.parse(params[1])], null, 2)
    if (method === 'solana_signMessage' && typeof (params as { message?: unknown })?.message === 'string') {
      const text = new TextDecoder().decode(base58.decode((params as { message: string }).message))
      if (isPrintable(text)) return `Message: ${text}\n\n${JSON.stringify(params, null, 2)}`
    }
  } catch {
    // fall through to the raw JSON
  }
  return JSON.stringify(params, null, 2) ?? String(params)
}
