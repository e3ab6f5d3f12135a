import fc from 'fast-check'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { toCssVariables } from '../css/toCssVariables.js'
import { resetWarnings } from '../internal/warn.js'
import { colorStrings } from '../test/colorStrings.js'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { resolveTheme } from './resolveTheme.js'
import { resolveThemeVariables } from './resolveThemeVariables.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

test('default', () => {
  expect(resolveThemeVariables()).toEqual({ mode: 'dark', variables: toCssVariables(darkTheme()) })
  expect(resolveThemeVariables({ themeMode: 'light' })).toEqual({
    mode: 'light',
    variables: toCssVariables(lightTheme()),
  })
  expect(resolveThemeVariables({ themeMode: 'auto', prefersDark: false }).mode).toBe('light')
})

test('behavior: host values are sanitised as resolveTheme does; a rejected one falls back, never reaches the CSS', () => {
  const { variables } = resolveThemeVariables({
    dark: { colors: { accent: 'red;background:url(https://evil.example)' } },
    themeVariables: { '--w3m-font-family': '}</style><script>', '--w3m-border-radius-master': '8px' },
  })
  expect(variables['--portico-colors-accent']).toBe(darkTheme().colors.accent)
  expect(variables['--portico-fonts-body']).toBe(darkTheme().fonts.body)
  expect(Object.values(variables).join(' ')).not.toMatch(/evil|script|[;{}<]/)
  expect(console.warn).toHaveBeenCalled()
})

// The skipped re-check must change nothing: for any host input, the one-step output equals
// resolveTheme followed by toCssVariables' checked flattening (which emits `initial` for any value
// it rejects, so a value resolveTheme let through unchecked would show up as a difference).
const text = fc.oneof(
  colorStrings,
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '8px',
    '1e308px',
    '-4px',
    '0',
    '2rem',
    '100%',
    'var(--portico-x)',
    'url(x)',
    '1px;color:red',
    'Inter',
  ),
)
const anyValue = fc.oneof(text, fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.boolean())
const variableNames = fc.constantFrom(
  '--w3m-accent',
  '--w3m-color-mix',
  '--w3m-color-mix-strength',
  '--w3m-font-family',
  '--w3m-font-size-master',
  '--w3m-border-radius-master',
  '--w3m-z-index',
  '--w3m-qr-color',
  '--portico-accent',
  '--portico-accent-foreground',
  '--portico-color-mix-strength',
  '--portico-font-size-master',
  '--unknown',
)
const colorKeys = fc.constantFrom('accent', 'accentForeground', 'surface', 'foreground', 'ring', 'danger', 'overlay')
const partialTokens = fc.record(
  {
    colors: fc.dictionary(colorKeys, anyValue, { maxKeys: 4 }),
    radii: fc.dictionary(fc.constantFrom('modal', 'button', 'bogus'), anyValue, { maxKeys: 2 }),
    fonts: fc.dictionary(fc.constantFrom('body', 'mono'), anyValue, { maxKeys: 2 }),
    zIndices: fc.dictionary(fc.constantFrom('modal', 'toast'), anyValue, { maxKeys: 2 }),
  },
  { requiredKeys: [] },
)

test('behavior: the same variables as toCssVariables(resolveTheme(…).tokens), for any host input', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('light', 'dark', 'auto', 'sepia'),
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.dictionary(variableNames, anyValue, { maxKeys: 5 }), { nil: undefined }),
      fc.option(partialTokens, { nil: undefined }),
      fc.option(partialTokens, { nil: undefined }),
      (themeMode, prefersDark, themeVariables, light, dark) => {
        const parameters = { themeMode, prefersDark, themeVariables, light, dark } as never
        const checked = toCssVariables(resolveTheme(parameters).tokens)
        const { variables } = resolveThemeVariables(parameters)
        expect(variables).toEqual(checked)
        expect(Object.values(variables)).not.toContain('initial')
      },
    ),
    { numRuns: 400 },
  )
})
