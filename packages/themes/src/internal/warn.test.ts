import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { describeValue, resetWarnings, warn } from './warn.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

test('default', () => {
  warn('colors.accent: bad')
  expect(console.warn).toHaveBeenCalledWith('[@portico/themes] colors.accent: bad')
})

test('behavior: each distinct message once (themes are resolved on every render)', () => {
  warn('a')
  warn('a')
  warn('b')
  expect(console.warn).toHaveBeenCalledTimes(2)
  resetWarnings()
  warn('a')
  expect(console.warn).toHaveBeenCalledTimes(3)
})

test('behavior: remembers a bounded number of messages', () => {
  for (let index = 0; index <= 200; index++) warn(`message ${index}`)
  expect(console.warn).toHaveBeenCalledTimes(201)
  // The 201st distinct message reset the memory, so the first one shows again.
  warn('message 0')
  expect(console.warn).toHaveBeenCalledTimes(202)
})

test('behavior: describeValue quotes, escapes and truncates', () => {
  expect(describeValue('red;\n')).toBe('"red;\\n"')
  expect(describeValue(42)).toBe('42')
  expect(describeValue(undefined)).toBe('undefined')
  expect(describeValue(null)).toBe('null')
  expect(describeValue(['x'])).toBe('an array')
  expect(describeValue({})).toBe('a value of type object')
  const long = describeValue('x'.repeat(200))
  expect(long.length).toBeLessThanOrEqual(80)
  expect(long.endsWith('…"')).toBe(true)
})
