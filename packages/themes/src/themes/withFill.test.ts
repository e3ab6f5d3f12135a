import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from './darkTheme.js'
import { withFill } from './withFill.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

test('default', () => {
  const colors = withFill(darkTheme().colors, 'accent', '#7b3fe4')
  expect(colors).toMatchObject({ accent: '#7b3fe4', accentForeground: '#ffffff', ring: '#7b3fe4' })
})

test('behavior: does not modify its input', () => {
  const colors = darkTheme().colors
  withFill(colors, 'danger', '#8b0000')
  expect(colors.danger).toBe('#f3616d')
})

test('behavior: a ring set apart from the accent stays', () => {
  const colors = { ...darkTheme().colors, ring: '#ffffff' }
  expect(withFill(colors, 'accent', '#7b3fe4').ring).toBe('#ffffff')
})

test('behavior: other fills never move the ring', () => {
  expect(withFill(darkTheme().colors, 'danger', '#8b0000')).toMatchObject({
    danger: '#8b0000',
    dangerForeground: '#ffffff',
    ring: '#3396ff',
  })
})

test('behavior: explicit foreground wins, with a warning below AA', () => {
  expect(withFill(darkTheme().colors, 'success', '#0a0', '#111').successForeground).toBe('#111')
  expect(console.warn).not.toHaveBeenCalled()
  withFill(darkTheme().colors, 'success', '#0a0', '#eee')
  expect(console.warn).toHaveBeenCalledOnce()
})
