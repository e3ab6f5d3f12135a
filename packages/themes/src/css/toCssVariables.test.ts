import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ThemeTokens } from '../contract.js'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { toCssVariables } from './toCssVariables.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

test('default', () => {
  const variables = toCssVariables(darkTheme())
  expect(Object.keys(variables)).toMatchInlineSnapshot(`
    [
      "--portico-colors-accent",
      "--portico-colors-accentForeground",
      "--portico-colors-surface",
      "--portico-colors-surfaceRaised",
      "--portico-colors-surfaceHover",
      "--portico-colors-surfaceSunken",
      "--portico-colors-foreground",
      "--portico-colors-foregroundMuted",
      "--portico-colors-foregroundSubtle",
      "--portico-colors-border",
      "--portico-colors-ring",
      "--portico-colors-success",
      "--portico-colors-successForeground",
      "--portico-colors-warning",
      "--portico-colors-warningForeground",
      "--portico-colors-danger",
      "--portico-colors-dangerForeground",
      "--portico-colors-overlay",
      "--portico-colors-qrForeground",
      "--portico-colors-qrBackground",
      "--portico-radii-xs",
      "--portico-radii-sm",
      "--portico-radii-md",
      "--portico-radii-lg",
      "--portico-radii-xl",
      "--portico-radii-full",
      "--portico-fonts-body",
      "--portico-fonts-mono",
      "--portico-fontSizes-xs",
      "--portico-fontSizes-sm",
      "--portico-fontSizes-md",
      "--portico-fontSizes-lg",
      "--portico-fontSizes-xl",
      "--portico-fontWeights-regular",
      "--portico-fontWeights-medium",
      "--portico-fontWeights-semibold",
      "--portico-space-xxs",
      "--portico-space-xs",
      "--portico-space-sm",
      "--portico-space-md",
      "--portico-space-lg",
      "--portico-space-xl",
      "--portico-space-xxl",
      "--portico-shadows-modal",
      "--portico-shadows-raised",
      "--portico-blurs-overlay",
      "--portico-zIndices-modal",
      "--portico-zIndices-toast",
      "--portico-durations-headerText",
      "--portico-durations-modalHeight",
      "--portico-durations-viewTransition",
      "--portico-durations-shake",
      "--portico-easings-standard",
    ]
  `)
  expect(variables['--portico-colors-accent']).toBe('#3396ff')
  expect(variables['--portico-durations-headerText']).toBe('120ms')
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: one variable per token, values unchanged', () => {
  for (const theme of [darkTheme(), lightTheme()]) {
    const variables: Record<string, string> = toCssVariables(theme)
    const leaves = Object.entries(theme).flatMap(([group, values]) =>
      Object.entries(values as Record<string, string>).map(([key, value]) => [`--portico-${group}-${key}`, value]),
    )
    expect(Object.entries(variables)).toEqual(leaves)
  }
})

test('behavior: works as SSR CSS text', () => {
  const css = Object.entries(toCssVariables(lightTheme()))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
  expect(css).toContain('--portico-colors-surface:#ffffff;')
  expect(css).not.toMatch(/[{}<>\n]/)
})

test('behavior: a hand-built unsafe value is emitted as initial, with a warning', () => {
  const tokens = darkTheme()
  tokens.colors.surface = 'red;}</style><script>alert(1)</script>'
  const variables = toCssVariables(tokens)
  expect(variables['--portico-colors-surface']).toBe('initial')
  expect(vi.mocked(console.warn).mock.calls).toMatchInlineSnapshot(`
    [
      [
        "[@portico/themes] toCssVariables(): colors.surface: "red;}</style><script>alert(1)</script>" is not an accepted value; emitted as "initial".",
      ],
    ]
  `)
})

test('behavior: keys that are not plain identifiers are skipped', () => {
  const tokens = darkTheme() as unknown as Record<string, Record<string, string>>
  tokens.colors!['x;}body{display:none'] = '#fff'
  const variables = toCssVariables(tokens as unknown as ThemeTokens)
  expect(Object.keys(variables).some((name) => name.includes(';'))).toBe(false)
  expect(console.warn).toHaveBeenCalledOnce()
})

test('behavior: missing groups never throw', () => {
  const variables = toCssVariables({ colors: { accent: '#fff' } } as unknown as ThemeTokens)
  expect(variables).toEqual({ '--portico-colors-accent': '#fff' })
})
