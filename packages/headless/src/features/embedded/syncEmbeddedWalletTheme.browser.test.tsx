// syncEmbeddedWalletTheme in real Chromium against the real secure frame (ui's globalAuth.ts), read
// inside the frame's own document (another origin) by a browser command (ui's test/frameCommands.ts):
// a theme given before the frame exists is the one it starts with, later ones follow, and a value
// that is not a plain colour never reaches the frame's styles.
import { afterEach, expect, inject, test } from 'vitest'
import { commands } from 'vitest/browser'
import { emailLogin, embeddedPortico, secureFrames, stopEmbedded } from '../../../../ui/src/test/embeddedKit.js'
import { syncEmbeddedWalletTheme } from './syncEmbeddedWalletTheme.js'

afterEach(stopEmbedded)

const accent = '--portico-colors-accent'
const frameStyle = () => commands.frameRootStyle(new URL(inject('embedded').frameUrl).origin, [accent])

test('a theme given before the frame exists loads no frame and is the one the frame starts with', async () => {
  const portico = embeddedPortico()
  syncEmbeddedWalletTheme(portico, { themeMode: 'light', themeVariables: { [accent]: '#e6007a' } })
  expect(secureFrames()).toHaveLength(0)
  await emailLogin(portico)
  await expect.poll(frameStyle).toEqual({ colorScheme: 'light', [accent]: '#e6007a' })
})

test('later themes follow; a value that is not a plain colour is dropped and the last good one stays', async () => {
  const portico = embeddedPortico()
  await emailLogin(portico)
  // The spec's default before the host gives one: dark.
  await expect.poll(async () => (await frameStyle())?.colorScheme).toBe('dark')

  syncEmbeddedWalletTheme(portico, { themeMode: 'light', themeVariables: { [accent]: '#00bb7f' } })
  await expect.poll(frameStyle).toEqual({ colorScheme: 'light', [accent]: '#00bb7f' })

  syncEmbeddedWalletTheme(portico, {
    themeMode: 'dark',
    themeVariables: { [accent]: 'red; background: url(https://attacker.example/x)' },
  })
  await expect.poll(async () => (await frameStyle())?.colorScheme).toBe('dark')
  const style = await frameStyle()
  expect(style?.[accent]).not.toContain('url(')
  expect(style?.[accent]).not.toContain('attacker')
})
