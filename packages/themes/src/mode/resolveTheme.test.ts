import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ThemeMode } from '../contract.js'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { resolveTheme } from './resolveTheme.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

test('default', () => {
  // Spec: the theme defaults to dark.
  expect(resolveTheme()).toEqual({ mode: 'dark', tokens: darkTheme() })
  expect(resolveTheme({})).toEqual({ mode: 'dark', tokens: darkTheme() })
})

test('parameters: themeMode', () => {
  expect(resolveTheme({ themeMode: 'light' })).toEqual({ mode: 'light', tokens: lightTheme() })
  expect(resolveTheme({ themeMode: 'dark', prefersDark: false }).mode).toBe('dark')
})

test('parameters: prefersDark (auto)', () => {
  expect(resolveTheme({ themeMode: 'auto', prefersDark: true }).mode).toBe('dark')
  expect(resolveTheme({ themeMode: 'auto', prefersDark: false })).toEqual({ mode: 'light', tokens: lightTheme() })
  // Unknown (server rendering): the spec default.
  expect(resolveTheme({ themeMode: 'auto' }).mode).toBe('dark')
})

test('behavior: auto is pure and never reads matchMedia itself', () => {
  const matchMedia = vi.fn(() => ({ matches: false }))
  vi.stubGlobal('window', { matchMedia })
  expect(resolveTheme({ themeMode: 'auto' }).mode).toBe('dark')
  expect(matchMedia).not.toHaveBeenCalled()
})

test('parameters: light and dark', () => {
  const light = lightTheme({ accentColor: '#0052ff' })
  const dark = darkTheme({ accentColor: '#4c8dff' })
  expect(resolveTheme({ themeMode: 'light', light, dark }).tokens).toEqual(light)
  expect(resolveTheme({ themeMode: 'dark', light, dark }).tokens).toEqual(dark)
})

test('behavior: partial mode tokens complete over the built-in theme', () => {
  const { tokens } = resolveTheme({ themeMode: 'light', light: { colors: { accent: '#ff5c00' } } })
  expect(tokens).toEqual({
    ...lightTheme(),
    colors: { ...lightTheme().colors, accent: '#ff5c00', accentForeground: '#000000', ring: '#ff5c00' },
  })
})

test('behavior: mode tokens from the host are sanitised', () => {
  const { tokens } = resolveTheme({ dark: { colors: { surface: '}</style><script>alert(1)</script>' } } })
  expect(tokens.colors.surface).toBe('#141414')
  expect(console.warn).toHaveBeenCalledOnce()
})

test('parameters: themeVariables', () => {
  const { tokens } = resolveTheme({
    themeMode: 'light',
    light: lightTheme({ borderRadius: 'large' }),
    themeVariables: { '--w3m-accent': '#7b3fe4', '--w3m-border-radius-master': '2px' },
  })
  expect(tokens.colors.accent).toBe('#7b3fe4')
  expect(tokens.radii.md).toBe('8px')
})

test('behavior: an unknown themeMode falls back to dark with a warning', () => {
  expect(resolveTheme({ themeMode: 'system' as ThemeMode }).mode).toBe('dark')
  expect(vi.mocked(console.warn).mock.calls).toMatchInlineSnapshot(`
    [
      [
        "[@portico/themes] resolveTheme(): themeMode "system" is not light, dark or auto; using "dark".",
      ],
    ]
  `)
})

test('behavior: null parameters never throw', () => {
  expect(resolveTheme(null as unknown as undefined).mode).toBe('dark')
})
