/**
 * @internal
 * A minimal `window` for Node tests: wallet discovery (EIP-6963, the Wallet Standard) is plain
 * DOM events on `window`, which Node's own EventTarget, Event and CustomEvent implement. Using
 * Node's globals (rather than a full DOM emulation) keeps fetch and AbortSignal the real ones,
 * which viem and @solana/kit rely on.
 */
export function installTestWindow(): Window & { ethereum?: unknown } {
  const target = new EventTarget() as unknown as Window & { ethereum?: unknown }
  Object.defineProperty(globalThis, 'window', { value: target, configurable: true, writable: true })
  return target
}

/** @internal Removes the test window again. */
export function removeTestWindow() {
  Reflect.deleteProperty(globalThis, 'window')
}
