import { expect, expectTypeOf, test } from 'vitest'
import { type CssVariableName, cssVariableName } from './cssVariableName.js'

test('default', () => {
  expect(cssVariableName('colors', 'accent')).toBe('--portico-colors-accent')
})

test('behavior: group and key verbatim, camelCase kept (matches the vanilla-extract contract)', () => {
  expect(cssVariableName('colors', 'accentForeground')).toBe('--portico-colors-accentForeground')
  expect(cssVariableName('durations', 'headerText')).toBe('--portico-durations-headerText')
  expect(cssVariableName('fontSizes', 'xl')).toBe('--portico-fontSizes-xl')
  expect(cssVariableName('zIndices', 'modal')).toBe('--portico-zIndices-modal')
  // What createGlobalThemeContract(shape, (_, path) => `portico-${path.join('-')}`) produces.
  const path = ['colors', 'surfaceRaised']
  expect(cssVariableName('colors', 'surfaceRaised')).toBe(`--portico-${path.join('-')}`)
})

test('behavior: names are typed literals', () => {
  expectTypeOf(cssVariableName('radii', 'md')).toEqualTypeOf<'--portico-radii-md'>()
  expectTypeOf<'--portico-colors-accent'>().toExtend<CssVariableName>()
  expectTypeOf<'--portico-colors-nope'>().not.toExtend<CssVariableName>()
  // @ts-expect-error: not a key of the radii group
  cssVariableName('radii', 'accent')
})
