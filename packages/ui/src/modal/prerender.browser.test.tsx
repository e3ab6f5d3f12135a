// With React's <Activity> the closed modal is rendered ahead at idle, hidden, so a click only
// reveals it (the bench's click -> list); each close starts a fresh frame for the next opening.
import { expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import '../test/provided.js'
import { renderConnectButton } from '../test/renderConnectButton.js'
import { Activity } from './prerender.js'

const devnet = inject('devnet')
const frame = () => document.querySelector<HTMLElement>('[data-slot="modal-frame"]')

test('the closed modal is rendered ahead, hidden and not a dialog; opening reveals that same tree', async () => {
  expect(Activity).toBeDefined() // the workspace's React (19.2+) has it
  await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, extraWallets: 8 })
  // Rendered at idle, with the Connect view and its wallets, before any click.
  await expect.poll(() => frame()?.querySelector('[data-slot="connect-view"]')).toBeTruthy()
  const ahead = frame() as HTMLElement
  expect(ahead.checkVisibility()).toBe(false)
  expect(document.querySelector('[role="dialog"]')).toBeNull()
  expect(document.querySelector('[data-slot="modal-content"]')?.getAttribute('data-state')).toBe('closed')
  expect(document.querySelector('[data-slot="modal-overlay"]')).toBeNull()
  expect(document.documentElement.hasAttribute('aria-hidden')).toBe(false)
  expect(document.activeElement).toBe(document.body)

  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  expect(frame()).toBe(ahead)
  expect(document.querySelector('[data-slot="modal-content"]')?.getAttribute('data-state')).toBe('open')
  await expect.element(page.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()

  // Typed text does not survive a close: the next opening shows a fresh frame, again rendered ahead.
  await userEvent.click(page.getByRole('button', { name: /All Wallets/ }))
  await userEvent.fill(page.getByRole('searchbox'), 'zen')
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect.poll(() => frame() !== ahead && frame()?.querySelector('[data-slot="connect-view"]') != null).toBe(true)
  expect(frame()?.checkVisibility()).toBe(false)
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: /All Wallets/ }))
  await expect.element(page.getByRole('searchbox')).toHaveValue('')
})
