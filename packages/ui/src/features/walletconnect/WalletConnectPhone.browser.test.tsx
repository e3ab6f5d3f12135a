// WalletConnect on a phone, in Chromium emulating one (a touch screen, so `(pointer: coarse)`
// matches, and a phone-sized viewport): the QR code, which the phone's own screen cannot scan, is
// neither shown nor promised. A wallet without a mobile link gets the plain `wc:` link
// (the phone hands it to an installed wallet) and Copy link; the pairing is the relay's, real.

import { useEffect } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { cdp, page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import type { ViewEntry } from '../../modal/views.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { renderConnectButton } from '../../test/renderConnectButton.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const stop of cleanups.splice(0).reverse()) await stop()
})

async function harness(options: HarnessOptions = {}) {
  const created = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
    ...options,
  })
  cleanups.push(created.cleanup)
  return created
}

// The Playwright provider's session; its `send` type lives in a package the ui types do not load.
const session = () => cdp() as unknown as { send(method: string, params?: object): Promise<unknown> }

/** Makes this browser a phone (touch and a 390 px wide viewport) until the test ends. */
async function becomePhone() {
  // Touch first: Chromium's emulation flips `(pointer: coarse)` without a media query change
  // event, which the narrowing viewport then fires (a real phone's pointer never changes).
  await session().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  await page.viewport(390, 844)
  cleanups.push(async () => {
    await session().send('Emulation.setTouchEmulationEnabled', { enabled: false })
    await page.viewport(1280, 800)
  })
  await expect.poll(() => matchMedia('(pointer: coarse) and (max-width: 500px)').matches).toBe(true)
}

/** Opens the modal on any view, with data (the public `useModal` opens the top-level views only). */
function OpenAt(entry: ViewEntry) {
  const { modal } = usePorticoUI('OpenAt')
  // biome-ignore lint/correctness/useExhaustiveDependencies: open once per view, as a user would.
  useEffect(() => modal.open(entry), [modal, entry.view])
  return null
}

// A wallet with no app link at all (some have none; the host's own wallet here, so no directory is
// needed): nothing but the `wc:` link can open it. An inline icon: the test needs no image host.
const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>')}`
const linklessWallet = { id: 'linkless', name: 'Linkless Wallet', image_url: icon }

const qrCodes = () => document.querySelectorAll('[data-slot="qr-code"]').length

test('on a phone the WalletConnect row promises no QR code; on a desktop it does', async () => {
  const { Wrapper } = await harness()
  await render(
    <Wrapper>
      <OpenAt view="Connect" />
    </Wrapper>,
  )
  const row = page.getByRole('button', { name: /WalletConnect/ })
  const badge = row.getByText('QR code')
  await expect.element(badge).toBeVisible()
  // The same list, the window becoming a phone's: the badge goes (from assistive technology too).
  await becomePhone()
  await expect.element(badge).not.toBeVisible()
  await expect.element(page.getByRole('button', { name: 'WalletConnect' })).toBeVisible()
})

test('on a phone a wallet without a mobile link: no QR code; Open wallet app with the relay pairing (wc:) and Copy link', async () => {
  await becomePhone()
  await renderConnectButton({
    rpcUrl: devnet.evmRpcUrl,
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
    customWallets: [linklessWallet],
  })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await userEvent.click(page.getByRole('button', { name: 'Linkless Wallet' }))
  const view = page.getByRole('dialog')
  await expect.element(view.getByRole('heading', { name: 'Linkless Wallet' })).toBeVisible()
  const open = view.getByRole('link', { name: 'Open wallet app' })
  await expect.element(open).toHaveAttribute('href', expect.stringMatching(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn/))
  await expect.element(view.getByText('Open Linkless Wallet to connect')).toBeVisible()
  await expect.element(view.getByRole('button', { name: 'Copy link' })).toBeEnabled()
  expect(document.querySelector('[data-slot="connecting-walletconnect-view"]')?.getAttribute('data-layout')).toBe(
    'phone',
  )
  expect(qrCodes()).toBe(0)
  // No link of the wallet's own to offer, and no other wallet's list: just the pairing link.
  expect(view.getByRole('link', { name: 'Open Linkless Wallet' }).query()).toBeNull()
  expect(view.getByRole('button', { name: 'Choose your wallet' }).query()).toBeNull()
})
