import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { resetWarnings } from '../internal/warn.js'
import { darkTheme } from './darkTheme.js'

beforeEach(() => {
  resetWarnings()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

test('default', () => {
  expect(darkTheme()).toMatchInlineSnapshot(`
    {
      "blurs": {
        "overlay": "0px",
      },
      "colors": {
        "accent": "#3396ff",
        "accentForeground": "#000000",
        "border": "#2e2e2e",
        "danger": "#f3616d",
        "dangerForeground": "#000000",
        "foreground": "#f5f5f5",
        "foregroundMuted": "#9a9a9a",
        "foregroundSubtle": "#6b6b6b",
        "overlay": "rgba(0, 0, 0, 0.6)",
        "qrBackground": "#ffffff",
        "qrForeground": "#141414",
        "ring": "#3396ff",
        "success": "#2fbf71",
        "successForeground": "#000000",
        "surface": "#141414",
        "surfaceHover": "#2a2a2a",
        "surfaceRaised": "#1f1f1f",
        "surfaceSunken": "#0f0f0f",
        "warning": "#f5a524",
        "warningForeground": "#000000",
      },
      "durations": {
        "headerText": "120ms",
        "modalHeight": "150ms",
        "shake": "500ms",
        "viewTransition": "150ms",
      },
      "easings": {
        "standard": "cubic-bezier(0.2, 0, 0, 1)",
      },
      "fontSizes": {
        "lg": "20px",
        "md": "16px",
        "sm": "14px",
        "xl": "24px",
        "xs": "12px",
      },
      "fontWeights": {
        "medium": "500",
        "regular": "400",
        "semibold": "600",
      },
      "fonts": {
        "body": "ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"",
        "mono": "ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace",
      },
      "radii": {
        "full": "9999px",
        "lg": "16px",
        "md": "12px",
        "sm": "8px",
        "xl": "24px",
        "xs": "4px",
      },
      "shadows": {
        "modal": "0 24px 64px rgba(0, 0, 0, 0.6), 0 0 0 1px rgba(255, 255, 255, 0.06)",
        "raised": "0 1px 2px rgba(0, 0, 0, 0.4)",
      },
      "space": {
        "lg": "16px",
        "md": "12px",
        "sm": "8px",
        "xl": "24px",
        "xs": "4px",
        "xxl": "32px",
        "xxs": "2px",
      },
      "zIndices": {
        "modal": "2147483000",
        "toast": "2147483010",
      },
    }
  `)
  expect(console.warn).not.toHaveBeenCalled()
})

test('behavior: spec durations are exact', () => {
  expect(darkTheme().durations).toEqual({
    headerText: '120ms',
    modalHeight: '150ms',
    viewTransition: '150ms',
    shake: '500ms',
  })
})

test('behavior: toast sits above the modal', () => {
  const { zIndices } = darkTheme()
  expect(Number(zIndices.toast)).toBeGreaterThan(Number(zIndices.modal))
})

test('behavior: returns a fresh object every call', () => {
  const first = darkTheme()
  first.colors.accent = '#000'
  first.radii.md = '0px'
  expect(darkTheme().colors.accent).toBe('#3396ff')
  expect(darkTheme().radii.md).toBe('12px')
})

test('parameters: accentColor', () => {
  const theme = darkTheme({ accentColor: '#7b3fe4' })
  expect(theme.colors.accent).toBe('#7b3fe4')
  expect(theme.colors.accentForeground).toBe('#ffffff')
  // The focus ring follows the accent.
  expect(theme.colors.ring).toBe('#7b3fe4')
})

test('parameters: borderRadius', () => {
  expect(darkTheme({ borderRadius: 'none' }).radii).toMatchObject({ xs: '0px', md: '0px', xl: '0px', full: '9999px' })
  expect(darkTheme({ borderRadius: 'large' }).radii.md).toBe('16px')
})

test('parameters: fontStack', () => {
  expect(darkTheme({ fontStack: 'mono' }).fonts.body).toBe(darkTheme().fonts.mono)
})

test('parameters: overlayBlur', () => {
  expect(darkTheme({ overlayBlur: 'large' }).blurs.overlay).toBe('16px')
})
