import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { type PartialThemeTokens, sanitizeTokens } from './sanitizeTokens.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

const warnings = () => vi.mocked(console.warn).mock.calls.map(([message]) => message)

test('default', () => {
  expect(sanitizeTokens({})).toEqual(darkTheme())
  expect(sanitizeTokens(lightTheme(), lightTheme())).toEqual(lightTheme())
  expect(console.warn).not.toHaveBeenCalled()
})

test('parameters: defaults', () => {
  expect(sanitizeTokens({ radii: { md: '2px' } }, lightTheme())).toEqual({
    ...lightTheme(),
    radii: { ...lightTheme().radii, md: '2px' },
  })
})

test('behavior: keeps safe values', () => {
  const tokens = sanitizeTokens({
    colors: { surface: 'oklch(20% 0.02 250)', border: 'hsl(210 20% 30%)' },
    fonts: { body: 'Inter, sans-serif' },
    zIndices: { modal: '10' },
  })
  expect(tokens.colors.surface).toBe('oklch(20% 0.02 250)')
  expect(tokens.colors.border).toBe('hsl(210 20% 30%)')
  expect(tokens.fonts.body).toBe('Inter, sans-serif')
  expect(tokens.zIndices.modal).toBe('10')
  expect(console.warn).not.toHaveBeenCalled()
})

test.each<[string, PartialThemeTokens, string, string]>([
  ['colors', { colors: { surface: 'red;background:url(https://evil)' } }, 'surface', '#141414'],
  ['colors', { colors: { accent: '}</style><script>alert(1)</script>' } }, 'accent', '#3396ff'],
  ['colors', { colors: { foreground: 'expression(alert(1))' } }, 'foreground', '#f5f5f5'],
  ['colors', { colors: { border: '#fff\\0' } }, 'border', '#2e2e2e'],
  ['colors', { colors: { ring: 'var(--host)' } }, 'ring', '#3396ff'],
  ['colors', { colors: { overlay: 'rgba(0,0,0,.5) !important' } }, 'overlay', 'rgba(0, 0, 0, 0.6)'],
  ['radii', { radii: { md: '12px;}body{display:none' } }, 'md', '12px'],
  ['fonts', { fonts: { body: '"Inter</style>' } }, 'body', darkTheme().fonts.body],
  ['fonts', { fonts: { mono: 'x\n@import "evil.css"' } }, 'mono', darkTheme().fonts.mono],
  ['zIndices', { zIndices: { modal: '1; position: fixed' } }, 'modal', '2147483000'],
  ['shadows', { shadows: { modal: '0 0 1px url(https://evil/track)' } }, 'modal', darkTheme().shadows.modal],
  ['durations', { durations: { shake: '500ms /* x */' } }, 'shake', '500ms'],
  ['easings', { easings: { standard: 'cubic-bezier(0,0,1,1);x:y' } }, 'standard', 'cubic-bezier(0.2, 0, 0, 1)'],
])('behavior: rejects a malicious %s value, falls back and names the token', (group, input, key, fallback) => {
  const tokens = sanitizeTokens(input) as unknown as Record<string, Record<string, string>>
  expect(tokens[group]![key]).toBe(fallback)
  expect(warnings()).toHaveLength(1)
  expect(warnings()[0]).toContain(`${group}.${key}:`)
})

test('behavior: a fill without its foreground gets one computed', () => {
  const tokens = sanitizeTokens({ colors: { accent: '#7b3fe4', danger: '#ffb3b3' } })
  expect(tokens.colors).toMatchObject({
    accent: '#7b3fe4',
    accentForeground: '#ffffff',
    ring: '#7b3fe4',
    danger: '#ffb3b3',
    dangerForeground: '#000000',
  })
})

test('behavior: an explicit foreground and ring are kept', () => {
  const tokens = sanitizeTokens({ colors: { accent: '#7b3fe4', accentForeground: '#f0f0f0', ring: '#3396ff' } })
  expect(tokens.colors).toMatchObject({ accent: '#7b3fe4', accentForeground: '#f0f0f0', ring: '#3396ff' })
})

test('behavior: a rejected fill keeps the default pair', () => {
  const tokens = sanitizeTokens({ colors: { accent: 'url(x)' } })
  expect(tokens.colors).toMatchObject({ accent: '#3396ff', accentForeground: '#000000', ring: '#3396ff' })
})

test('behavior: unknown groups and keys are ignored with a warning', () => {
  const tokens = sanitizeTokens({ colours: { accent: 'red' }, colors: { accnet: 'red' } } as PartialThemeTokens)
  expect(tokens).toEqual(darkTheme())
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] sanitizeTokens(): unknown token group "colours" ignored.",
      "[@portico/themes] sanitizeTokens(): unknown token "colors.accnet" ignored.",
    ]
  `)
})

test('behavior: wrong shapes never throw', () => {
  for (const input of [null, undefined, 'dark', 42, [], { colors: 'red' }, { colors: [] }, { radii: null }]) {
    expect(sanitizeTokens(input as unknown as PartialThemeTokens)).toEqual(darkTheme())
  }
})

test('behavior: inherited property names are not tokens', () => {
  const input = JSON.parse('{"__proto__": {"accent": "red"}, "colors": {"constructor": "red"}}')
  expect(sanitizeTokens(input)).toEqual(darkTheme())
})

test('behavior: returns a new object, never the input', () => {
  const input = darkTheme()
  const output = sanitizeTokens(input)
  expect(output).toEqual(input)
  expect(output).not.toBe(input)
  expect(output.colors).not.toBe(input.colors)
})
