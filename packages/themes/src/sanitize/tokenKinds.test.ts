import { expect, test } from 'vitest'
import { darkTheme } from '../themes/darkTheme.js'
import { lightTheme } from '../themes/lightTheme.js'
import { isSafeCssValue } from './isSafeCssValue.js'
import { tokenKinds } from './tokenKinds.js'

test('default', () => {
  expect(Object.keys(tokenKinds)).toEqual(Object.keys(darkTheme()))
})

test('behavior: every built-in token passes its own allow-list', () => {
  for (const theme of [darkTheme(), lightTheme(), darkTheme({ fontStack: 'rounded', borderRadius: 'none' })]) {
    for (const [group, kind] of Object.entries(tokenKinds)) {
      for (const [key, value] of Object.entries(theme[group as keyof typeof tokenKinds])) {
        expect(isSafeCssValue(kind, value), `${group}.${key}: ${value}`).toBe(true)
      }
    }
  }
})
