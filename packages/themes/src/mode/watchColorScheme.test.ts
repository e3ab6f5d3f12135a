import { afterEach, expect, test, vi } from 'vitest'
import { watchColorScheme } from './watchColorScheme.js'

afterEach(() => vi.unstubAllGlobals())

// A MediaQueryList stand-in whose `change` events the test fires by hand.
function fakeMedia({ legacy = false } = {}) {
  const listeners = new Set<(event: { matches: boolean }) => void>()
  const media = {
    matches: false,
    addListener: vi.fn((listener: (event: { matches: boolean }) => void) => listeners.add(listener)),
    removeListener: vi.fn((listener: (event: { matches: boolean }) => void) => listeners.delete(listener)),
    ...(legacy
      ? {}
      : {
          addEventListener: vi.fn((_: string, listener: (event: { matches: boolean }) => void) =>
            listeners.add(listener),
          ),
          removeEventListener: vi.fn((_: string, listener: (event: { matches: boolean }) => void) =>
            listeners.delete(listener),
          ),
        }),
  }
  const matchMedia = vi.fn(() => media)
  vi.stubGlobal('window', { matchMedia })
  const emit = (matches: boolean) => {
    for (const listener of listeners) listener({ matches })
  }
  return { media, matchMedia, listeners, emit }
}

test('default', () => {
  const { matchMedia, emit } = fakeMedia()
  const onChange = vi.fn()
  const unwatch = watchColorScheme(onChange)
  expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)')
  // Reports changes only, not the current value.
  expect(onChange).not.toHaveBeenCalled()
  emit(true)
  emit(false)
  expect(onChange.mock.calls).toEqual([[true], [false]])
  unwatch()
})

test('behavior: unsubscribe stops the updates and is idempotent', () => {
  const { emit, listeners } = fakeMedia()
  const onChange = vi.fn()
  const unwatch = watchColorScheme(onChange)
  unwatch()
  unwatch()
  emit(true)
  expect(onChange).not.toHaveBeenCalled()
  expect(listeners.size).toBe(0)
})

test('behavior: falls back to addListener on old Safari', () => {
  const { media, emit } = fakeMedia({ legacy: true })
  const onChange = vi.fn()
  const unwatch = watchColorScheme(onChange)
  emit(true)
  expect(onChange).toHaveBeenCalledWith(true)
  unwatch()
  expect(media.removeListener).toHaveBeenCalledOnce()
})

test('behavior: SSR-safe no-op without window', () => {
  expect(typeof window).toBe('undefined')
  const onChange = vi.fn()
  const unwatch = watchColorScheme(onChange)
  expect(unwatch).toBeTypeOf('function')
  expect(() => unwatch()).not.toThrow()
  expect(onChange).not.toHaveBeenCalled()
})

test('behavior: importing the module touches no window', async () => {
  const window = new Proxy(
    {},
    {
      get() {
        throw new Error('window read at import time')
      },
    },
  )
  vi.stubGlobal('window', window)
  vi.resetModules()
  await expect(import('./watchColorScheme.js')).resolves.toHaveProperty('watchColorScheme')
  await expect(import('./getPrefersDark.js')).resolves.toHaveProperty('getPrefersDark')
})
