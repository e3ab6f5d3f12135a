/**
 * Whether an error from a wallet means the user declined: EIP-1193 code 4001, ethers-style
 * `ACTION_REJECTED`, or the Wallet Standard wallets' rejection errors (which have no agreed
 * code, so their names and messages are matched).
 *
 * @example
 * try { await provider.request({ method: 'eth_requestAccounts' }) } catch (e) { if (isUserRejection(e)) … }
 */
export function isUserRejection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown }
    if (code === 4001 || code === 'ACTION_REJECTED') return true
    if (typeof name === 'string' && /UserRejected|Rejected(Request)?Error$/.test(name)) return true
    if (
      typeof message === 'string' &&
      /user (rejected|denied|declined|cancell?ed)|rejected by (the )?user/i.test(message)
    )
      return true
  }
  return false
}

/** @internal The numeric EIP-1193 / EIP-1474 code of a provider error, looking into MetaMask's `data.originalError`. */
export function providerErrorCode(error: unknown, depth = 0): number | undefined {
  // A wallet's error is untrusted input: its cause chain may loop, so it is followed five deep, as above.
  if (!error || typeof error !== 'object' || depth > 4) return undefined
  const { code, data, cause } = error as {
    code?: unknown
    data?: { originalError?: { code?: unknown } }
    cause?: unknown
  }
  if (typeof data?.originalError?.code === 'number') return data.originalError.code
  if (typeof code === 'number') return code
  return providerErrorCode(cause, depth + 1)
}
