import { expect, test } from 'vitest'
import { contrastRatio } from '../color/contrastRatio.js'
import type { ThemeTokens } from '../contract.js'
import { darkTheme } from './darkTheme.js'
import { lightTheme } from './lightTheme.js'

type Color = keyof ThemeTokens['colors']

// WCAG 2.2 AA: 4.5:1 for text. The brief's required pairs first, then the other text pairs the UI
// draws (muted text on rows, fills used as text on the modal).
const textPairs: [Color, Color][] = [
  ['foreground', 'surface'],
  ['foregroundMuted', 'surface'],
  ['accentForeground', 'accent'],
  ['dangerForeground', 'danger'],
  ['successForeground', 'success'],
  ['warningForeground', 'warning'],
  ['foreground', 'surfaceRaised'],
  ['foreground', 'surfaceHover'],
  ['foreground', 'surfaceSunken'],
  ['foregroundMuted', 'surfaceRaised'],
  ['foregroundMuted', 'surfaceSunken'],
  ['accent', 'surface'],
  ['danger', 'surface'],
  ['danger', 'surfaceRaised'],
  // The danger button (Disconnect) under the pointer: its text on the hover background.
  ['danger', 'surfaceHover'],
]

// WCAG 2.2 non-text contrast (1.4.11) and focus appearance: 3:1.
const uiPairs: [Color, Color][] = [
  ['ring', 'surface'],
  ['ring', 'surfaceRaised'],
  ['foregroundSubtle', 'surface'],
  ['qrForeground', 'qrBackground'],
]

const themes = [
  ['dark', darkTheme()],
  ['light', lightTheme()],
] as const

test.each(themes.flatMap(([name, theme]) => textPairs.map(([fg, bg]) => [name, fg, bg, theme] as const)))(
  'behavior: %s theme %s on %s meets WCAG AA (4.5:1)',
  (_, foreground, background, theme) => {
    expect(contrastRatio(theme.colors[foreground], theme.colors[background])).toBeGreaterThanOrEqual(4.5)
  },
)

test.each(themes.flatMap(([name, theme]) => uiPairs.map(([fg, bg]) => [name, fg, bg, theme] as const)))(
  'behavior: %s theme %s on %s meets 3:1',
  (_, foreground, background, theme) => {
    expect(contrastRatio(theme.colors[foreground], theme.colors[background])).toBeGreaterThanOrEqual(3)
  },
)

test('behavior: QR codes stay dark on light in both modes (scanners need it)', () => {
  for (const [, theme] of themes) {
    expect(contrastRatio(theme.colors.qrForeground, theme.colors.qrBackground)).toBeGreaterThanOrEqual(7)
  }
})

test('behavior: a computed accent foreground always meets AA', () => {
  for (const accentColor of ['#3396ff', '#7b3fe4', '#ff5c00', '#00bb7f', '#ffdd00', '#888888', 'oklch(60% 0.2 300)']) {
    for (const theme of [darkTheme({ accentColor }), lightTheme({ accentColor })]) {
      expect(contrastRatio(theme.colors.accentForeground, theme.colors.accent)).toBeGreaterThanOrEqual(4.5)
    }
  }
})
