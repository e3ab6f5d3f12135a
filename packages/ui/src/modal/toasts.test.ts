import { afterEach, expect, test, vi } from 'vitest'
import { createToasts, toastReplaceDelayMs } from './toasts.js'

afterEach(() => vi.useRealTimers())

test('behavior: a new toast replaces the open one after 150 ms', () => {
  vi.useFakeTimers()
  const toasts = createToasts()
  toasts.show('loading', 'Authenticating...')
  expect(toasts.get().toast).toMatchObject({ variant: 'loading', message: 'Authenticating...' })
  toasts.show('success', 'Address copied')
  expect(toasts.get()).toMatchObject({ leaving: true, toast: { message: 'Authenticating...' } })
  vi.advanceTimersByTime(toastReplaceDelayMs - 1)
  expect(toasts.get().toast?.message).toBe('Authenticating...')
  vi.advanceTimersByTime(1)
  expect(toasts.get()).toMatchObject({ leaving: false, toast: { variant: 'success', message: 'Address copied' } })
})

test('behavior: success and error toasts dismiss themselves; loading toasts stay', () => {
  vi.useFakeTimers()
  const toasts = createToasts()
  toasts.show('loading', 'x')
  vi.advanceTimersByTime(60_000)
  expect(toasts.get().toast).toBeDefined()
  toasts.dismiss()
  toasts.show('error', 'Failed')
  vi.advanceTimersByTime(10_000)
  expect(toasts.get().toast).toBeUndefined()
})
