import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { createTheme } from './createTheme.js'
import { darkTheme } from './darkTheme.js'
import type { ThemeOptions } from './themeOptions.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

const warnings = () => vi.mocked(console.warn).mock.calls.map(([message]) => message)

test('default', () => {
  expect(createTheme(darkTheme(), undefined, 'darkTheme')).toEqual(darkTheme())
  expect(createTheme(darkTheme(), {}, 'darkTheme')).toEqual(darkTheme())
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: unsafe accentColor falls back to the default accent, with a warning', () => {
  const theme = createTheme(darkTheme(), { accentColor: 'red;background:url(https://evil)' }, 'darkTheme')
  expect(theme.colors.accent).toBe('#3396ff')
  expect(theme.colors.accentForeground).toBe('#000000')
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] darkTheme(): accentColor: "red;background:url(https://evil)" is not an accepted colour; using "#3396ff".",
    ]
  `)
})

test('behavior: unsafe accentColorForeground is replaced by a computed one', () => {
  const theme = createTheme(darkTheme(), { accentColor: '#7b3fe4', accentColorForeground: '}</style>' }, 'darkTheme')
  expect(theme.colors.accentForeground).toBe('#ffffff')
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] darkTheme(): accentColorForeground: "}</style>" is not an accepted colour; computing one.",
    ]
  `)
})

test('behavior: a low-contrast explicit foreground falls back to black or white, with one warning', () => {
  const theme = createTheme(darkTheme(), { accentColor: '#3396ff', accentColorForeground: '#ffffff' }, 'darkTheme')
  expect(theme.colors.accentForeground).toBe('#000000')
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] colors.accentForeground: "#ffffff" on "#3396ff" has contrast 3.02:1, below WCAG AA (4.5:1); using "#000000".",
    ]
  `)
})

test('behavior: a translucent accent (the page would show through) falls back, with one warning', () => {
  const theme = createTheme(darkTheme(), { accentColor: 'rgb(51 150 255 / 0)' }, 'darkTheme')
  expect(theme.colors.accent).toBe(darkTheme().colors.accent)
  expect(theme.colors.accentForeground).toBe(darkTheme().colors.accentForeground)
  expect(warnings()).toHaveLength(1)
  expect(warnings()[0]).toContain('is not opaque')
})

test('behavior: an accent only the browser can resolve (a var() cycle) falls back to the default, with a warning', () => {
  const theme = createTheme(darkTheme(), { accentColor: 'var(--portico-colors-accent)' }, 'darkTheme')
  expect(theme.colors.accent).toBe(darkTheme().colors.accent)
  expect(theme.colors.accentForeground).toBe(darkTheme().colors.accentForeground)
  expect(warnings()).toHaveLength(1)
  expect(warnings()[0]).toContain('is not an accepted colour')
})

test('behavior: bad presets fall back, each with a warning', () => {
  const options = {
    borderRadius: 'huge',
    fontStack: 'Inter; color: red',
    overlayBlur: 'extreme',
  } as unknown as ThemeOptions
  const theme = createTheme(darkTheme(), options, 'darkTheme')
  expect(theme.radii).toEqual(darkTheme().radii)
  expect(theme.fonts.body).toBe(darkTheme().fonts.body)
  expect(theme.blurs.overlay).toBe('0px')
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] darkTheme(): borderRadius "huge" is not one of none, small, medium, large; using "medium".",
      "[@portico/themes] darkTheme(): fontStack: "Inter; color: red" is not an accepted font family; using "ui-sans-serif, system-ui, -apple-system, \\"Segoe UI\\", Roboto, \\"Helvetica N…".",
      "[@portico/themes] darkTheme(): overlayBlur "extreme" is not one of none, small, large; using "none".",
    ]
  `)
})

test('behavior: inherited keys are not presets', () => {
  const theme = createTheme(darkTheme(), { borderRadius: 'toString' } as unknown as ThemeOptions, 'darkTheme')
  expect(theme.radii).toEqual(darkTheme().radii)
  expect(console.warn).toHaveBeenCalledOnce()
})

test('behavior: unknown options are reported (typos such as `accent`)', () => {
  createTheme(darkTheme(), { accent: '#fff' } as unknown as ThemeOptions, 'lightTheme')
  expect(warnings()).toEqual(['[@portico/themes] lightTheme(): unknown option "accent" ignored.'])
})

test('behavior: non-object options never throw', () => {
  for (const options of ['dark', 42, true]) {
    expect(createTheme(darkTheme(), options as unknown as ThemeOptions, 'darkTheme')).toEqual(darkTheme())
  }
  expect(console.warn).toHaveBeenCalledTimes(3)
})
