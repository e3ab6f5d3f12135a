// The overlay filters the page behind it only when the theme asks for a blur: any backdrop-filter,
// blur(0px) included, has the compositor re-filter the whole page on every frame the modal shows.
import { darkTheme, lightTheme } from '@portico/themes'
import { expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { HarnessOptions } from '../test/harness.js'
import '../test/provided.js'
import { renderConnectButton } from '../test/renderConnectButton.js'

const devnet = inject('devnet')

async function openOverlay(ui?: HarnessOptions['ui']) {
  await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, ui })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  const overlay = document.querySelector<HTMLElement>('[data-slot="modal-overlay"]')
  if (!overlay) throw new Error('the overlay is rendered')
  return overlay
}

test('the default themes draw the overlay without any backdrop-filter', async () => {
  const overlay = await openOverlay()
  expect(overlay.hasAttribute('data-blur')).toBe(false)
  expect(getComputedStyle(overlay).backdropFilter).toBe('none')
})

test("overlayBlur: 'none' (0px) is no filter either", async () => {
  const overlay = await openOverlay({
    theme: { dark: darkTheme({ overlayBlur: 'none' }), light: lightTheme({ overlayBlur: 'none' }) },
  })
  expect(getComputedStyle(overlay).backdropFilter).toBe('none')
})

test("overlayBlur: 'small' blurs the page behind the modal", async () => {
  const overlay = await openOverlay({
    theme: { dark: darkTheme({ overlayBlur: 'small' }), light: lightTheme({ overlayBlur: 'small' }) },
  })
  expect(overlay.hasAttribute('data-blur')).toBe(true)
  expect(getComputedStyle(overlay).backdropFilter).toBe('blur(4px)')
})

test("a blur from the host's theme tokens that is not a plain zero is applied as given", async () => {
  const tokens = darkTheme()
  tokens.blurs.overlay = '0.5rem'
  const overlay = await openOverlay({ themeMode: 'dark', theme: { dark: tokens } })
  expect(getComputedStyle(overlay).backdropFilter).toBe('blur(8px)')
})
