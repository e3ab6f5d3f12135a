const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A fresh sign-in nonce: 22 random letters and digits (about 131 bits), from the platform's
 * cryptographic random source. EIP-4361 asks for at least 8 alphanumeric characters.
 *
 * @example
 * generateSiwxNonce() // 'q3Lk0XbZ8vR1mNw7YtA2cD'
 */
export function generateSiwxNonce(length = 22): string {
  let nonce = ''
  const bytes = new Uint8Array(length * 2)
  while (nonce.length < length) {
    globalThis.crypto.getRandomValues(bytes)
    for (const byte of bytes) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && nonce.length < length) nonce += alphabet[byte % 62]
    }
  }
  return nonce
}
