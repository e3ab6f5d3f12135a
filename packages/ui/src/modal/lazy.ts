import { useEffect, useReducer, useState } from 'react'

/** Code loaded on demand, once (see {@link lazy}). */
export type Lazy<value> = {
  /** Starts loading (once; a load that failed is tried again by the next call). */
  load(): Promise<value>
  /** The value once it has arrived, else undefined. */
  readonly current: value | undefined
}

/**
 * @internal
 * A chunk of the kit loaded on demand: the modal, each view, the slots views fill with a
 * feature's small component. Rendered through state (see {@link useLazy}), not `React.lazy` with
 * Suspense: a Suspense fallback that resolves is revealed only after React's ~300 ms throttle, and
 * the modal and its first view would pay it twice.
 *
 * @example
 * const modal = lazy(() => import('./Modal.js'))
 * void modal.load() // on hover: the click finds it loaded
 */
export function lazy<value>(load: () => Promise<value>): Lazy<value> {
  let current: value | undefined
  let pending: Promise<value> | undefined
  return {
    load() {
      pending ??= load().then(
        (loaded) => {
          current = loaded
          return loaded
        },
        (error: unknown) => {
          // A chunk that failed to arrive (offline, a deploy replaced it) is fetched again next time.
          pending = undefined
          throw error
        },
      )
      return pending
    },
    get current() {
      return current
    },
  }
}

/**
 * @internal
 * The value of `chunk` once loaded (loading it while `enabled`), else undefined; re-renders when it
 * arrives. `null` when it could not load (warned about, naming `what`): a failure belongs to its
 * `attempt`, so a caller that offers "Try again" (or reopens) passes a new one to fetch it again
 * (and one that changes `chunk` in place, a new one with it). The next mount tries again too.
 *
 * @example
 * const Field = useLazy(emailField, enabled, 'the email field')
 * return Field ? <Field /> : <Placeholder />
 */
export function useLazy<value>(
  chunk: Lazy<value>,
  enabled = true,
  what?: string,
  attempt: string | number | boolean = 0,
): value | null | undefined {
  const [failed, setFailed] = useState<string | number | boolean>()
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  const value = enabled ? chunk.current : undefined
  useEffect(() => {
    // Also when the chunk arrived after this render (a render ahead of time, effects held back).
    if (!enabled || value !== undefined) return
    let live = true
    chunk.load().then(
      () => live && arrived(),
      (error: unknown) => {
        // An effect already undone (StrictMode's first mount, a view left) says nothing: the live
        // one warns, once per failure.
        if (!live) return
        if (what) console.warn(`[portico] Could not load ${what}.`, error)
        setFailed(attempt)
      },
    )
    return () => {
      live = false
    }
  }, [chunk, enabled, value, what, attempt])
  if (!enabled) return undefined
  return value ?? (failed === attempt ? null : undefined)
}
