// The Receive view in real Chromium: the connected address (short on screen, whole in its title,
// its QR code and the clipboard), copy's success and refusal, the keyboard, and an account switch
// in the wallet (no stale address left anywhere). The view's layout, its network chips and axe
// are in SendView.browser.test.tsx.

import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { recordAnnouncements } from '../../test/announcements.js'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

// Anvil's accounts #0 and #1 (the harness wallet's two accounts).
const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function openReceive() {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, connected: true, balances: [] })
  stops.push(harness.cleanup)
  await render(<harness.Wrapper view="Receive" />)
  await expect.element(page.getByRole('heading', { name: 'Receive' })).toBeVisible()
  return harness
}

const shown = () => document.querySelector('[data-slot="receive-address"]') as HTMLElement
const qr = () => page.getByRole('img', { name: 'QR code of your address' })

test('behavior: the connected address: short on screen, whole in its title and QR code; Copy writes it whole and says so', async () => {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
  await openReceive()
  await expect.element(qr()).toHaveAttribute('data-uri', first)
  expect(shown().textContent).toBe('0xf3…b92266')
  expect(shown().title).toBe(first)
  const announced = recordAnnouncements()
  await userEvent.click(page.getByRole('button', { name: 'Copy address' }))
  await expect.poll(announced.texts).toContainEqual(expect.stringContaining('Address copied'))
  // The whole checksummed address, never the shortened text on screen.
  expect(writeText).toHaveBeenCalledExactlyOnceWith(first)
  expect(announced.texts().join(' ')).not.toContain('Could not copy')
  announced.stop()
})

test('error: a refused clipboard says the address was not copied (never that it was)', async () => {
  const writeText = vi
    .spyOn(navigator.clipboard, 'writeText')
    .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'))
  await openReceive()
  const announced = recordAnnouncements()
  await userEvent.click(page.getByRole('button', { name: 'Copy address' }))
  await expect.poll(announced.texts).toContainEqual(expect.stringContaining('Could not copy the address'))
  expect(writeText).toHaveBeenCalledOnce()
  expect(announced.texts().join(' ')).not.toContain('Address copied')
  // The view stays, the address still shown.
  expect(shown().title).toBe(first)
  announced.stop()
})

test('a11y: Copy is a button the keyboard reaches and presses; the networks list is labelled', async () => {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
  await openReceive()
  const copy = page.getByRole('button', { name: 'Copy address' })
  ;(copy.element() as HTMLElement).focus()
  expect(document.activeElement).toBe(copy.element())
  await userEvent.keyboard('{Enter}')
  await expect.poll(() => writeText.mock.calls.length).toBe(1)
  await userEvent.keyboard(' ')
  await expect.poll(() => writeText.mock.calls.length).toBe(2)
  expect(writeText.mock.calls.every(([text]) => text === first)).toBe(true)
  await expect.element(page.getByRole('list', { name: 'Networks that can receive' })).toBeVisible()
})

test('security: the wallet switching account replaces the address everywhere: text, title, QR code and the copy', async () => {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
  const { wallet } = await openReceive()
  await expect.element(qr()).toHaveAttribute('data-uri', first)
  wallet.setAccount(1)
  await expect.element(qr()).toHaveAttribute('data-uri', second)
  expect(shown().title).toBe(second)
  expect(shown().textContent).toBe('0x70…dc79C8')
  await userEvent.click(page.getByRole('button', { name: 'Copy address' }))
  await expect.poll(() => writeText.mock.calls).toEqual([[second]])
  // Nothing of the old account is left in the view.
  const view = document.querySelector('[data-slot="receive-view"]') as HTMLElement
  expect(view.outerHTML.toLowerCase()).not.toContain(first.toLowerCase())
})
