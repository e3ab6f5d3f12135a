import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { sanitizeValue } from './sanitizeValue.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

test('default', () => {
  expect(sanitizeValue('color', ' #fff ', '#000', 'colors.surface')).toBe('#fff')
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: undefined means not given: fallback, no warning', () => {
  expect(sanitizeValue('color', undefined, '#000', 'colors.surface')).toBe('#000')
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: unsafe value falls back and the warning names the token', () => {
  expect(sanitizeValue('color', 'red;background:url(https://evil)', '#000', 'colors.surface')).toBe('#000')
  expect(vi.mocked(console.warn).mock.calls).toMatchInlineSnapshot(`
    [
      [
        "[@portico/themes] colors.surface: "red;background:url(https://evil)" is not an accepted colour; using "#000".",
      ],
    ]
  `)
})

test('behavior: numbers become strings', () => {
  expect(sanitizeValue('zIndex', 5, '1', 'zIndices.modal')).toBe('5')
})
