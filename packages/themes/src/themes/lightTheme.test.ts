import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from './darkTheme.js'
import { lightTheme } from './lightTheme.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

test('default', () => {
  expect(lightTheme().colors).toMatchInlineSnapshot(`
    {
      "accent": "#0b63e5",
      "accentForeground": "#ffffff",
      "border": "#e4e4e4",
      "danger": "#c8242f",
      "dangerForeground": "#ffffff",
      "foreground": "#141414",
      "foregroundMuted": "#636363",
      "foregroundSubtle": "#8a8a8a",
      "overlay": "rgba(0, 0, 0, 0.3)",
      "qrBackground": "#ffffff",
      "qrForeground": "#141414",
      "ring": "#0b63e5",
      "success": "#15803d",
      "successForeground": "#ffffff",
      "surface": "#ffffff",
      "surfaceHover": "#e8e8e8",
      "surfaceRaised": "#f3f3f3",
      "surfaceSunken": "#fafafa",
      "warning": "#b45309",
      "warningForeground": "#ffffff",
    }
  `)
  expect(lightTheme().shadows).toMatchInlineSnapshot(`
    {
      "modal": "0 24px 64px rgba(0, 0, 0, 0.16), 0 0 0 1px rgba(0, 0, 0, 0.06)",
      "raised": "0 1px 2px rgba(0, 0, 0, 0.08)",
    }
  `)
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: shares the mode-independent scales with the dark theme', () => {
  const { colors: _light, shadows: _lightShadows, ...light } = lightTheme()
  const { colors: _dark, shadows: _darkShadows, ...dark } = darkTheme()
  expect(light).toEqual(dark)
})

test('parameters: accentColor and accentColorForeground', () => {
  expect(lightTheme({ accentColor: '#ff5c00' }).colors).toMatchObject({
    accent: '#ff5c00',
    accentForeground: '#000000',
    ring: '#ff5c00',
  })
  expect(lightTheme({ accentColor: '#ff5c00', accentColorForeground: '#1a1a1a' }).colors.accentForeground).toBe(
    '#1a1a1a',
  )
})

test('parameters: accentColorForeground alone keeps the default accent', () => {
  expect(lightTheme({ accentColorForeground: '#fafafa' }).colors).toMatchObject({
    accent: '#0b63e5',
    accentForeground: '#fafafa',
  })
})

test('parameters: fontStack accepts a custom font family', () => {
  expect(lightTheme({ fontStack: 'Inter, "Helvetica Neue", sans-serif' }).fonts.body).toBe(
    'Inter, "Helvetica Neue", sans-serif',
  )
})
