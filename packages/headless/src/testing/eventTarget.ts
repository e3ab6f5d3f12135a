import { TestWalletUsageError } from './testWalletUsageError.js'

/**
 * The part of `window` the test wallets use, so any `EventTarget` (or a happy-dom window) works.
 *
 * @example
 * const target: TestWalletEventTarget = new EventTarget()
 * wallet.announce(target)
 */
export type TestWalletEventTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>

/**
 * Resolves the default target at call time, never at import time: the testing entry must stay
 * importable during SSR and in plain Node.
 *
 * @internal
 * @example
 * const target = resolveEventTarget(undefined, 'announce')
 */
export function resolveEventTarget<target extends object = TestWalletEventTarget & Record<string, unknown>>(
  target: target | undefined,
  control: string,
): target {
  if (target) return target
  const window = (globalThis as unknown as { window?: target }).window
  if (!window)
    throw new TestWalletUsageError(`\`${control}()\` needs a target: there is no \`window\` here.`, {
      fix: `Pass one explicitly, e.g. \`${control}(new EventTarget())\`, or run in a browser or happy-dom.`,
    })
  return window
}

/**
 * Creates a `CustomEvent` from the target's own realm when it has one (a happy-dom or iframe
 * window), because some `dispatchEvent` implementations reject events from another realm.
 *
 * @internal
 * @example
 * target.dispatchEvent(createCustomEvent(target, 'eip6963:announceProvider', detail))
 */
export function createCustomEvent<detail>(target: object, type: string, detail: detail): CustomEvent<detail> {
  const Constructor = (target as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? globalThis.CustomEvent
  return new Constructor(type, { detail })
}
