import { expect, expectTypeOf, test } from 'vitest'
import { type PorticoThemeVariable, type ThemeVariables, themeVariableAliases } from './themeVariables.js'

test('default', () => {
  expect(themeVariableAliases).toMatchInlineSnapshot(`
    {
      "--w3m-accent": "--portico-accent",
      "--w3m-border-radius-master": "--portico-border-radius-master",
      "--w3m-color-mix": "--portico-color-mix",
      "--w3m-color-mix-strength": "--portico-color-mix-strength",
      "--w3m-font-family": "--portico-font-family",
      "--w3m-font-size-master": "--portico-font-size-master",
      "--w3m-qr-color": "--portico-qr-color",
      "--w3m-z-index": "--portico-z-index",
    }
  `)
})

test('behavior: every AppKit key has a Portico twin of the same type', () => {
  for (const [appKit, portico] of Object.entries(themeVariableAliases)) {
    expect(portico).toBe(appKit.replace('--w3m-', '--portico-'))
  }
  expectTypeOf<ThemeVariables['--w3m-color-mix-strength']>().toEqualTypeOf<number | undefined>()
  expectTypeOf<ThemeVariables['--portico-z-index']>().toEqualTypeOf<number | undefined>()
  expectTypeOf<PorticoThemeVariable>().toEqualTypeOf<
    | '--portico-accent'
    | '--portico-accent-foreground'
    | '--portico-color-mix'
    | '--portico-color-mix-strength'
    | '--portico-font-family'
    | '--portico-font-size-master'
    | '--portico-border-radius-master'
    | '--portico-z-index'
    | '--portico-qr-color'
  >()
})
