import { afterEach, expect, test, vi } from 'vitest'
import { getPrefersDark } from './getPrefersDark.js'

afterEach(() => vi.unstubAllGlobals())

test('default', () => {
  // Vitest runs this package in Node: no window, as during server rendering.
  expect(typeof window).toBe('undefined')
  expect(getPrefersDark()).toBeUndefined()
})

test('behavior: reads prefers-color-scheme when matchMedia exists', () => {
  const matchMedia = vi.fn((query: string) => ({ matches: query === '(prefers-color-scheme: dark)' }))
  vi.stubGlobal('window', { matchMedia })
  expect(getPrefersDark()).toBe(true)
  matchMedia.mockReturnValue({ matches: false })
  expect(getPrefersDark()).toBe(false)
})

test('behavior: undefined when window has no matchMedia', () => {
  vi.stubGlobal('window', {})
  expect(getPrefersDark()).toBeUndefined()
})
