import { expect, test } from 'vitest'
import { hasForbiddenCss, isPorticoVariable, stripPorticoVariables } from './hasForbiddenCss.js'

test('default', () => {
  expect(hasForbiddenCss('#3396ff')).toBe(false)
})

test.each([
  ';',
  '{',
  '}',
  '<',
  '>',
  '\\',
  '/*',
  'url(',
  'url\t(',
  'expression(',
  '@import',
  '@IMPORT',
  '!important',
  '! important',
  'var(--other)',
  'var(--portico-x, red)',
  '\n',
  '\r',
  '\t',
  '\u007f',
  '\u2029',
])('behavior: forbids %j', (fragment) => {
  expect(hasForbiddenCss(`red${fragment}`)).toBe(true)
})

test('behavior: allows Portico token references only', () => {
  expect(hasForbiddenCss('var(--portico-colors-accent)')).toBe(false)
  expect(hasForbiddenCss('color-mix(in srgb, var(--portico-colors-accent) 10%, var(--portico-colors-surface))')).toBe(
    false,
  )
  expect(isPorticoVariable('var(--portico-radii-md)')).toBe(true)
  expect(isPorticoVariable('var(--portico-radii-md) red')).toBe(false)
  expect(isPorticoVariable('var(--porticox)')).toBe(false)
  expect(stripPorticoVariables('var(--portico-a) var(--b)')).toBe('portico var(--b)')
})

test('behavior: a lone slash is fine (alpha syntax), a comment is not', () => {
  expect(hasForbiddenCss('rgb(0 0 0 / 50%)')).toBe(false)
  expect(hasForbiddenCss('rgb(0 0 0 /* x */)')).toBe(true)
})
