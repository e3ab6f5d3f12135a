import { TestProviderRpcError } from './testProviderRpcError.js'

/**
 * @internal
 * The "user" of the injected test wallets: a log of every call, and prompts that can be told to
 * decline like a user would (a 4001 {@link TestProviderRpcError}, what Keplr, polkadot.js
 * extensions and Bitcoin wallets' code-carrying errors look like to an app).
 *
 * @example
 * const user = createTestWalletUser<'enable' | 'signAmino'>()
 * user.prompt('signAmino', input) // throws 4001 when a rejection is queued
 */
export function createTestWalletUser<prompt extends string>() {
  const pending: (prompt | undefined)[] = []
  const requests: { readonly method: string; readonly input: unknown }[] = []
  let rejectAll = false
  return {
    requests: requests as readonly { readonly method: string; readonly input: unknown }[],
    log(method: string, input: unknown) {
      requests.push({ method, input })
    },
    /** Logs the call and asks the user: throws 4001 when a rejection is queued for it. */
    prompt(method: prompt, input: unknown) {
      requests.push({ method, input })
      const index = pending.findIndex((p) => p === undefined || p === method)
      if (index >= 0) pending.splice(index, 1)
      if (rejectAll || index >= 0) throw new TestProviderRpcError({ code: 4001, message: 'User rejected the request.' })
    },
    rejectNext(method?: prompt) {
      pending.push(method)
    },
    setRejectAll(reject: boolean) {
      rejectAll = reject
    },
  }
}

/** @internal Bytes of a hex string (with or without 0x). */
export function hexToBytes(value: string): Uint8Array {
  const text = value.replace(/^0x/, '')
  if (!/^([0-9a-fA-F]{2})*$/.test(text)) throw new TypeError('not hex')
  return Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16))
}

/** @internal Lowercase hex of bytes, without 0x. */
export const bytesToHex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
