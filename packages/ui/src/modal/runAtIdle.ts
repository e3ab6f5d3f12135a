/** Fallback delay where `requestIdleCallback` is missing (Safari before 18.2): after first paint. */
const fallbackDelayMs = 300
/** Idle callbacks may never come on a busy page; fetch anyway by then. */
const idleTimeoutMs = 2000

/**
 * @internal
 * Runs `work` once the browser is idle (within 2 s on a busy page; after 300 ms where
 * `requestIdleCallback` is missing), never during a server render. Returns a cancel function.
 *
 * @example
 * useEffect(() => runAtIdle(() => void prepareWalletConnect(portico)), [portico])
 */
export function runAtIdle(work: () => void): () => void {
  if (typeof window === 'undefined') return () => {}
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: idleTimeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(work, fallbackDelayMs)
  return () => clearTimeout(id)
}
