/**
 * @internal
 * Discovery of wallets that inject a global (Keplr-style `window.keplr`, polkadot's
 * `window.injectedWeb3`): they announce nothing, and inject at or shortly after page load. So the
 * globals are read now, on `load`, on the `events` given, and a few times during the first seconds;
 * `onChange` is called only when the list's identity changes.
 *
 * @example
 * const stop = watchInjected(() => readWallets(), (list) => onChange(list), ['keplr_keystorechange'])
 */
export function watchInjected<entry extends { key: string; provider: unknown }>(
  read: () => entry[],
  onChange: (entries: entry[]) => void,
  events: readonly string[] = [],
): () => void {
  let last: string | undefined
  let lastProviders: unknown[] = []
  const check = () => {
    const entries = read()
    const key = entries.map((e) => e.key).join('\n')
    const providers = entries.map((e) => e.provider)
    if (key === last && providers.every((p, i) => p === lastProviders[i])) return
    last = key
    lastProviders = providers
    onChange(entries)
  }
  check()
  const timers = [100, 500, 1500, 3000].map((ms) => setTimeout(check, ms))
  const names = ['load', ...events]
  for (const name of names) window.addEventListener(name, check)
  return () => {
    for (const timer of timers) clearTimeout(timer)
    for (const name of names) window.removeEventListener(name, check)
  }
}

/** @internal Reads `key` of an untrusted object: a throwing getter reads as undefined. */
export function readProperty(object: unknown, key: string): unknown {
  if ((typeof object !== 'object' && typeof object !== 'function') || object === null) return undefined
  try {
    return (object as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/** @internal One console warning per key in `warned` (re-reads do not repeat it). */
export function warnOnce(warned: Set<string>, key: string, message: string) {
  if (warned.has(key)) return
  warned.add(key)
  console.warn(`[portico] ${message}`)
}
