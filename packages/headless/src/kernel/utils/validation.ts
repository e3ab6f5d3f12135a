const transactionHashRegex = /^0x[0-9a-fA-F]{64}$/
const signedMessageRegex = /^0x[0-9a-fA-F]{62,}$/
const nameRegex = /^[a-zA-Z0-9-]{4,}$/
// The address rule zod's `email()` applies (the features check emails with it too): dot-separated
// local parts, a domain of labels and a top-level domain of at least two letters.
const emailRegex = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/**
 * Checks whether `value` is a transaction hash: `0x` followed by exactly 64 hex characters
 * (either case). Never throws.
 *
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 * isTransactionHash('0x1234') // false
 */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && transactionHashRegex.test(value)
}

/**
 * Checks whether `value` looks like a signed message (a signature): `0x` followed by at least
 * 62 hex characters. Never throws.
 *
 * @example
 * isSignedMessage(`0x${'a'.repeat(130)}`) // true (65-byte ECDSA signature)
 * isSignedMessage('0xdeadbeef') // false
 */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && signedMessageRegex.test(value)
}

/**
 * Checks whether `value` is a registrable name label: ASCII letters, digits and hyphens, at
 * least 4 characters (spec: "A name matches letters, digits and hyphen, at least 4
 * characters"). The input is not trimmed or lowercased. Never throws.
 *
 * @example
 * isValidName('my-wallet') // true
 * isValidName('abc') // false (too short)
 * isValidName('my.wallet') // false
 */
export function isValidName(value: unknown): value is string {
  return typeof value === 'string' && nameRegex.test(value)
}

/**
 * Checks whether `value` is a valid email address (zod's email rule). The input is not
 * trimmed, so trim user input first. Never throws.
 *
 * @example
 * isEmail('satoshi@example.com') // true
 * isEmail('satoshi@example') // false
 */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && emailRegex.test(value)
}

/**
 * Normalises search text: trims surrounding whitespace (spec: "Search text is trimmed").
 * Non-strings give `''`.
 *
 * @example
 * normalizeSearch('  MetaMask ') // 'MetaMask'
 */
export function normalizeSearch(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * Checks whether `value` is a search query worth running: a string that is not empty once
 * trimmed. Never throws.
 *
 * @example
 * isSearchQuery(' rain ') // true
 * isSearchQuery('   ') // false
 */
export function isSearchQuery(value: unknown): value is string {
  return normalizeSearch(value).length > 0
}
