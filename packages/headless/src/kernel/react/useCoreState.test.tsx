// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { expect, test } from 'vitest'
import { useCoreState } from './useCoreState.js'

/** A tiny external store: what the kernel's watch/get pairs look like to the hook. */
function store<value>(initial: value) {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set(next: value) {
      current = next
      for (const listener of listeners) listener()
    },
    watch(onChange: () => void) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    listeners: () => listeners.size,
  }
}

test('re-renders with the new value when the store changes', () => {
  const s = store({ status: 'disconnected' })
  const { result } = renderHook(() => useCoreState(s.watch, s.get, [s]))
  expect(result.current.status).toBe('disconnected')
  act(() => s.set({ status: 'connected' }))
  expect(result.current.status).toBe('connected')
})

test('a new object equal to the last one keeps the last one’s identity (no render loop, stable memo deps)', () => {
  const s = store({ status: 'connected', list: [1, 2] })
  let renders = 0
  const { result } = renderHook(() => {
    renders++
    // get() builds a fresh object each call, as getConnection does.
    return useCoreState(s.watch, () => ({ ...s.get() }), [s])
  })
  const first = result.current
  const before = renders
  act(() => s.set({ status: 'connected', list: s.get().list }))
  expect(result.current).toBe(first)
  expect(renders).toBe(before)
})

test('a list of equal items keeps its identity too', () => {
  const item = { id: 'a' }
  const s = store([item])
  const { result } = renderHook(() => useCoreState(s.watch, () => s.get().map((i) => ({ ...i })), [s]))
  const first = result.current
  act(() => s.set([item]))
  expect(result.current).toBe(first)
  act(() => s.set([item, { id: 'b' }]))
  expect(result.current).toHaveLength(2)
})

test('unsubscribes on unmount', () => {
  const s = store(1)
  const { unmount } = renderHook(() => useCoreState(s.watch, s.get, [s]))
  expect(s.listeners()).toBe(1)
  unmount()
  expect(s.listeners()).toBe(0)
})
