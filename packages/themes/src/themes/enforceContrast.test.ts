import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { contrastRatio } from '../color/contrastRatio.js'
import { resetWarnings } from '../internal/warn.js'
import { sanitizeTokens } from '../sanitize/sanitizeTokens.js'
import { applyThemeVariables } from '../variables/applyThemeVariables.js'
import { darkTheme } from './darkTheme.js'
import { enforceContrast, worstContrast } from './enforceContrast.js'
import { lightTheme } from './lightTheme.js'

const warnings = () => vi.mocked(console.warn).mock.calls.map(([message]) => String(message))
beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

test('default: the built-in themes pass untouched, without warnings', () => {
  for (const theme of [darkTheme(), lightTheme()])
    expect(enforceContrast(theme.colors, theme.colors)).toEqual(theme.colors)
  expect(warnings()).toEqual([])
})

test('worstContrast: a translucent background counts over black and white, or over an opaque surface', () => {
  expect(worstContrast('#000000', '#ffffff')).toBe(21)
  expect(worstContrast('#ffffff', 'rgb(0 0 0 / 50%)')).toBeLessThan(4.5)
  expect(worstContrast('#ffffff', 'rgb(255 255 255 / 5%)', '#141414')).toBeGreaterThan(14)
})

test('behavior: a foreground below AA on a fill becomes black or white', () => {
  const colors = enforceContrast({ ...darkTheme().colors, accentForeground: '#3397ff' }, darkTheme().colors)
  expect(colors.accentForeground).toBe('#000000')
  expect(warnings()).toHaveLength(1)
  expect(warnings()[0]).toContain('below WCAG AA (4.5:1); using "#000000"')
})

test('behavior: a translucent fill takes the fallback pair', () => {
  const colors = enforceContrast({ ...darkTheme().colors, danger: 'transparent' }, darkTheme().colors)
  expect([colors.danger, colors.dangerForeground]).toEqual([
    darkTheme().colors.danger,
    darkTheme().colors.dangerForeground,
  ])
  expect(warnings()[0]).toContain('colors.danger: "transparent" is not opaque')
})

test('behavior: text on surfaces the host made light is corrected', () => {
  const tokens = sanitizeTokens({ colors: { surface: '#f0f0f0', surfaceRaised: '#e0e0e0' } }, darkTheme())
  for (const text of [tokens.colors.foreground, tokens.colors.foregroundMuted])
    for (const background of [tokens.colors.surface, tokens.colors.surfaceRaised])
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5)
  expect(tokens.colors.surface).toBe('#f0f0f0')
  expect(warnings()).toHaveLength(2)
})

test('behavior: surfaces no one text colour can read on fall back', () => {
  const tokens = sanitizeTokens({ colors: { surface: '#f0f0f0' } }, darkTheme())
  expect(tokens.colors.surface).toBe(darkTheme().colors.surface)
  expect(contrastRatio(tokens.colors.foreground, tokens.colors.surface)).toBeGreaterThanOrEqual(4.5)
})

test('behavior: host-set pairs (fill and foreground both given) are checked too', () => {
  const tokens = sanitizeTokens({ colors: { accent: '#777777', accentForeground: '#888888' } }, lightTheme())
  expect(tokens.colors.accent).toBe('#777777')
  expect(contrastRatio(tokens.colors.accentForeground, tokens.colors.accent)).toBeGreaterThanOrEqual(4.5)
  expect(warnings()).toHaveLength(1)
})

test('behavior: a surface no text can read on falls back with its text', () => {
  const fallback = darkTheme().colors
  const colors = enforceContrast({ ...fallback, surface: 'rgb(128 128 128 / 50%)' }, fallback)
  expect(colors.surface).toBe(fallback.surface)
  expect(colors.foreground).toBe(fallback.foreground)
})

// The focus ring follows the accent (withFill moves it along). When the accent is then refused for
// being translucent, a ring left on the refused value would be a faint or invisible focus indicator.
test('a11y: a ring that followed a refused translucent accent falls back with it, on every path a host takes', () => {
  for (const theme of [darkTheme, lightTheme]) {
    const fallback = theme().colors
    for (const accent of ['transparent', 'rgb(0 0 0 / 50%)', '#3396ff00']) {
      const results = [
        theme({ accentColor: accent }).colors,
        sanitizeTokens({ colors: { accent } }, theme()).colors,
        applyThemeVariables(theme(), { '--w3m-accent': accent }).colors,
      ]
      for (const colors of results) expect([colors.accent, colors.ring]).toEqual([fallback.accent, fallback.ring])
    }
  }
  // The refusal is announced once, for the accent; the ring goes with it.
  expect(warnings()).toContain(
    `[@portico/themes] colors.accent: "transparent" is not opaque; using "${darkTheme().colors.accent}".`,
  )
  expect(warnings().some((message) => message.includes('colors.ring'))).toBe(false)
  // A ring the host set on its own is theirs to keep.
  const own = sanitizeTokens({ colors: { accent: 'transparent', ring: '#ff5c00' } }, darkTheme()).colors
  expect([own.accent, own.ring]).toEqual([darkTheme().colors.accent, '#ff5c00'])
})

// The colour check follows the grammar, which allows numbers past what can be computed here.
test('error: a colour that cannot be computed falls back saying so, not as "not opaque" or "below WCAG AA"', () => {
  const fallback = darkTheme().colors
  const fill = sanitizeTokens({ colors: { accent: 'rgb(1e400 0 0)' } }, darkTheme()).colors
  // Its text colour reads on the fallback; the ring that followed it stays (the browser draws it).
  expect([fill.accent, fill.accentForeground, fill.ring]).toEqual([
    fallback.accent,
    fallback.accentForeground,
    'rgb(1e400 0 0)',
  ])
  expect(warnings()).toEqual([
    `[@portico/themes] colors.accent: "rgb(1e400 0 0)" has no computable contrast; using "${fallback.accent}".`,
  ])
  resetWarnings()
  vi.mocked(console.warn).mockClear()
  const surface = sanitizeTokens(
    { colors: { surface: 'hsl(1e400 50% 50%)', foreground: 'lab(1e999 0 0)' } },
    darkTheme(),
  )
  expect([surface.colors.surface, surface.colors.foreground]).toEqual([fallback.surface, fallback.foreground])
  expect(warnings()).toHaveLength(2)
  for (const message of warnings()) {
    expect(message).toContain('has no computable contrast')
    expect(message).not.toMatch(/opaque|WCAG/)
  }
})
