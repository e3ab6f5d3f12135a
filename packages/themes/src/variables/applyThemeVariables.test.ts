import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { applyThemeVariables } from './applyThemeVariables.js'
import type { ThemeVariables } from './themeVariables.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

const warnings = () => vi.mocked(console.warn).mock.calls.map(([message]) => message)

test('default', () => {
  expect(applyThemeVariables(darkTheme(), {})).toEqual(darkTheme())
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: returns a new object and leaves the input untouched', () => {
  const tokens = darkTheme()
  const result = applyThemeVariables(tokens, { '--w3m-accent': '#7b3fe4', '--w3m-border-radius-master': '8px' })
  expect(tokens).toEqual(darkTheme())
  expect(result).not.toBe(tokens)
  expect(result.colors).not.toBe(tokens.colors)
})

test('parameters: --w3m-accent', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-accent': '#7b3fe4' }).colors).toMatchObject({
    accent: '#7b3fe4',
    accentForeground: '#ffffff',
    ring: '#7b3fe4',
  })
})

test('parameters: --portico-accent-foreground', () => {
  expect(
    applyThemeVariables(darkTheme(), { '--portico-accent': '#7b3fe4', '--portico-accent-foreground': '#fafafa' })
      .colors,
  ).toMatchObject({ accent: '#7b3fe4', accentForeground: '#fafafa' })
})

test('parameters: --w3m-color-mix and --w3m-color-mix-strength', () => {
  const { colors } = applyThemeVariables(darkTheme(), {
    '--w3m-color-mix': '#00bb7f',
    '--w3m-color-mix-strength': 20,
  })
  expect(colors).toMatchObject({
    surface: '#103529',
    surfaceRaised: '#193e32',
    surfaceHover: '#22473b',
    surfaceSunken: '#0c3125',
    border: '#254a3e',
    // Text, fills and the QR code are untouched. (Checked by hand: 0.2 × #00bb7f + 0.8 × #1f1f1f = #193e32.)
    foreground: '#f5f5f5',
    accent: '#3396ff',
    qrBackground: '#ffffff',
  })
})

test('behavior: a colour mix only the browser could resolve (var()) is ignored', () => {
  const { colors } = applyThemeVariables(lightTheme(), {
    '--portico-color-mix': 'var(--portico-colors-accent)',
    '--portico-color-mix-strength': 10,
  })
  expect(colors.surface).toBe(lightTheme().colors.surface)
})

test('behavior: colour mix needs a strength, as in AppKit', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-color-mix': '#00bb7f' })).toEqual(darkTheme())
  expect(applyThemeVariables(darkTheme(), { '--w3m-color-mix-strength': 40 })).toEqual(darkTheme())
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: colour mix strength accepts "40" and "40%", rejects out of range', () => {
  const mixed = (strength: unknown) =>
    applyThemeVariables(darkTheme(), {
      '--w3m-color-mix': '#ffffff',
      '--w3m-color-mix-strength': strength as number,
    }).colors.surface
  expect(mixed('40')).toBe(mixed(40))
  expect(mixed('40%')).toBe(mixed(40))
  expect(mixed(100)).toBe('#ffffff')
  expect(mixed(101)).toBe('#141414')
  expect(mixed(-1)).toBe('#141414')
  expect(mixed('lots')).toBe('#141414')
  expect(mixed('')).toBe('#141414')
  expect(warnings().filter((w) => !w.includes('WCAG'))).toHaveLength(4)
})

test('behavior: a mix that makes the surface light turns the text dark (never below WCAG AA)', () => {
  const { colors } = applyThemeVariables(darkTheme(), { '--w3m-color-mix': '#ffffff', '--w3m-color-mix-strength': 100 })
  expect(colors.surface).toBe('#ffffff')
  expect(colors.foreground).toBe('#000000')
  expect(warnings().some((w) => w.startsWith('[@portico/themes] colors.foreground: "#f5f5f5" is below WCAG AA'))).toBe(
    true,
  )
})

test('parameters: --w3m-font-family', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-font-family': 'Roboto, sans-serif' }).fonts.body).toBe(
    'Roboto, sans-serif',
  )
})

test('parameters: --w3m-font-size-master', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-font-size-master': '10px' }).fontSizes).toEqual(
    darkTheme().fontSizes,
  )
  expect(applyThemeVariables(darkTheme(), { '--w3m-font-size-master': '12px' }).fontSizes).toMatchInlineSnapshot(`
    {
      "lg": "24px",
      "md": "19.2px",
      "sm": "16.8px",
      "xl": "28.8px",
      "xs": "14.4px",
    }
  `)
  expect(applyThemeVariables(darkTheme(), { '--portico-font-size-master': '0.5rem' }).fontSizes.md).toBe('12.8px')
})

test('error: a font-size master under 1px (0 would hide every text) is ignored with a warning; a radius of 0 is kept', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  for (const small of ['0', '0px', '0rem', '0.5px', 0] as const) {
    expect(applyThemeVariables(darkTheme(), { '--w3m-font-size-master': small as never }).fontSizes).toEqual(
      darkTheme().fontSizes,
    )
  }
  expect(warn).toHaveBeenCalledWith(
    '[@portico/themes] themeVariables["--w3m-font-size-master"]: "0px" is not from 1 to 10000px; ignored.',
  )
  expect(applyThemeVariables(darkTheme(), { '--w3m-font-size-master': '1px' }).fontSizes.md).toBe('1.6px')
  warn.mockRestore()
})

test('parameters: --w3m-border-radius-master', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-border-radius-master': '4px' }).radii).toEqual(darkTheme().radii)
  expect(applyThemeVariables(darkTheme(), { '--w3m-border-radius-master': '0px' }).radii).toEqual({
    xs: '0px',
    sm: '0px',
    md: '0px',
    lg: '0px',
    xl: '0px',
    full: '9999px',
  })
  expect(applyThemeVariables(darkTheme(), { '--w3m-border-radius-master': '8px' }).radii.md).toBe('24px')
  // Scales the theme's own scale, so it composes with the borderRadius option.
  expect(
    applyThemeVariables(darkTheme({ borderRadius: 'large' }), { '--w3m-border-radius-master': '2px' }).radii.md,
  ).toBe('8px')
})

test('parameters: --w3m-z-index', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-z-index': 999 }).zIndices).toEqual({ modal: '999', toast: '1009' })
  expect(applyThemeVariables(darkTheme(), { '--w3m-z-index': 2147483647 }).zIndices).toEqual({
    modal: '2147483647',
    toast: '2147483647',
  })
  // A token reference passes the value check but is no number: the z-indices stay as they were.
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(applyThemeVariables(darkTheme(), { '--w3m-z-index': 'var(--portico-z)' } as never).zIndices).toEqual(
    darkTheme().zIndices,
  )
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('is not an integer; ignored'))
  warn.mockRestore()
})

test('parameters: a master length too large to scale is ignored, not written as 1e+21px', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const tokens = applyThemeVariables(darkTheme(), {
    '--w3m-border-radius-master': 166666666666666700000 as never,
    '--w3m-font-size-master': '20000px',
  })
  expect(tokens.radii).toEqual(darkTheme().radii)
  expect(tokens.fontSizes).toEqual(darkTheme().fontSizes)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('is not from 0 to 10000px; ignored'))
  warn.mockRestore()
})

test('parameters: --w3m-qr-color', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-qr-color': '#1a1a2e' }).colors.qrForeground).toBe('#1a1a2e')
})

test('behavior: --portico-… wins over --w3m-…, whatever the order', () => {
  const both = (first: keyof ThemeVariables, second: keyof ThemeVariables) =>
    applyThemeVariables(darkTheme(), { [first]: '#111111', [second]: '#eeeeee' } as ThemeVariables).colors.accent
  expect(both('--w3m-accent', '--portico-accent')).toBe('#eeeeee')
  expect(both('--portico-accent', '--w3m-accent')).toBe('#111111')
})

test('behavior: unknown keys are ignored with a warning', () => {
  const variables = { '--w3m-background-color': '#000', '--portico-colors-accent': '#fff' } as ThemeVariables
  expect(applyThemeVariables(darkTheme(), variables)).toEqual(darkTheme())
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] themeVariables: unknown variable "--w3m-background-color" ignored.",
      "[@portico/themes] themeVariables: unknown variable "--portico-colors-accent" ignored.",
    ]
  `)
})

test('behavior: undefined values count as not set', () => {
  expect(applyThemeVariables(darkTheme(), { '--w3m-accent': undefined })).toEqual(darkTheme())
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: unsafe values leave their token as it was, each named in a warning', () => {
  const variables = {
    '--w3m-accent': 'red;background:url(https://evil)',
    '--w3m-color-mix': '}</style><script>alert(1)</script>',
    '--w3m-color-mix-strength': 50,
    '--w3m-font-family': 'Inter; color: red',
    '--w3m-font-size-master': 'expression(alert(1))',
    '--w3m-border-radius-master': '4px !important',
    '--w3m-z-index': '1; position: fixed',
    '--w3m-qr-color': '#fff\\0',
  } as unknown as ThemeVariables
  expect(applyThemeVariables(darkTheme(), variables)).toEqual(darkTheme())
  expect(warnings()).toMatchInlineSnapshot(`
    [
      "[@portico/themes] themeVariables["--w3m-accent"]: "red;background:url(https://evil)" is not an accepted color; ignored.",
      "[@portico/themes] themeVariables["--w3m-color-mix"]: "}</style><script>alert(1)</script>" is not an accepted color; ignored.",
      "[@portico/themes] themeVariables["--w3m-font-family"]: "Inter; color: red" is not an accepted fontFamily; ignored.",
      "[@portico/themes] themeVariables["--w3m-font-size-master"]: "expression(alert(1))" is not a px or rem length; ignored.",
      "[@portico/themes] themeVariables["--w3m-border-radius-master"]: "4px !important" is not a px or rem length; ignored.",
      "[@portico/themes] themeVariables["--w3m-z-index"]: "1; position: fixed" is not an accepted zIndex; ignored.",
      "[@portico/themes] themeVariables["--w3m-qr-color"]: "#fff\\\\0" is not an accepted color; ignored.",
    ]
  `)
})

test('behavior: masters must be px or rem', () => {
  for (const master of ['50%', '2em', '-4px', 'big']) {
    expect(applyThemeVariables(darkTheme(), { '--w3m-border-radius-master': master }).radii).toEqual(darkTheme().radii)
  }
  expect(applyThemeVariables(darkTheme(), { '--w3m-border-radius-master': 8 as unknown as string }).radii.md).toBe(
    '24px',
  )
  expect(warnings()).toHaveLength(4)
})

test('behavior: non-object variables never throw', () => {
  for (const variables of [null, undefined, 'x', 42, ['--w3m-accent']]) {
    expect(applyThemeVariables(darkTheme(), variables as unknown as ThemeVariables)).toEqual(darkTheme())
  }
  expect(warnings()).toHaveLength(3)
})

test('behavior: inherited property names are not variables', () => {
  const variables = JSON.parse('{"toString": "#fff", "__proto__": "#fff", "constructor": "#fff"}')
  expect(applyThemeVariables(darkTheme(), variables)).toEqual(darkTheme())
  expect(warnings()).toHaveLength(3)
})
