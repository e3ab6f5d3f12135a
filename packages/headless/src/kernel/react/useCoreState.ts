'use client'
import { useCallback, useRef, useSyncExternalStore } from 'react'

/**
 * @internal
 * Reads core state through its action pair: `watch` (subscribe) and `get` (snapshot). The core
 * builds a fresh object per read, so a snapshot equal (shallowly, or element-wise for lists) to
 * the last one is returned as that same object: React needs a stable snapshot, and components
 * re-render only when something they can see changed.
 */
export function useCoreState<value>(
  watch: (onChange: () => void) => () => void,
  get: () => value,
  deps: readonly unknown[],
): value {
  const last = useRef<{ value: value } | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps are the inputs of watch and get.
  const subscribe = useCallback(watch, deps)
  const read = () => {
    const next = get()
    if (last.current && equal(last.current.value, next)) return last.current.value
    last.current = { value: next }
    return next
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
  const snapshot = useCallback(read, deps)
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => shallow(item, b[i]))
  return shallow(a, b)
}

function shallow(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  )
}
