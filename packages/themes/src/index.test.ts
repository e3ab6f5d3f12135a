import { expect, test } from 'vitest'
import * as entry from './index.js'

// The public surface: an added or removed export shows up in review.
test('default', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "applyThemeVariables",
      "contrastRatio",
      "cssVariableName",
      "darkTheme",
      "getPrefersDark",
      "isSafeCssValue",
      "lightTheme",
      "readableForeground",
      "resolveTheme",
      "resolveThemeVariables",
      "sanitizeTokens",
      "themeVariableAliases",
      "toCssVariables",
      "watchColorScheme",
    ]
  `)
})

test('behavior: the built-in themes resolve through the entry', () => {
  expect(entry.resolveTheme().tokens).toEqual(entry.darkTheme())
})
