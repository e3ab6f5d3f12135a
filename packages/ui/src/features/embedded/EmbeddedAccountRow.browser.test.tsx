// EmbeddedAccountRow (the Account view's row of an embedded login) in real Chromium against the
// test auth server and secure frame (packages/ui/src/test/globalAuth.ts): the email it shows, a very
// long one shown whole as text inside the dialog, "Change email" pushing its view once on a double
// click, and Disconnect signing the embedded wallet out once. The email change itself is in
// UpdateEmailWalletView.browser.test.tsx, the account-type rows in SmartAccount.browser.test.tsx;
// the social username (a provider's login form filled in another window) in
// tests/e2e/socialLoginModal.test.ts.

import { getConnection, type Portico, PorticoProvider } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { recordAnnouncements } from '../../test/announcements.js'
import { emailLogin, embeddedPortico, freshEmail, stopEmbedded } from '../../test/embeddedKit.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'
import { useModal } from '../../useModal.js'
import '../../test/provided.js'

afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

function OpenAccount() {
  const { open } = useModal()
  useEffect(() => open({ view: 'Account' }), [open])
  return null
}

async function mountAccount(portico: Portico) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <OpenAccount />
      </PorticoUI>
    </PorticoProvider>,
  )
  await accountViewSettled()
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const view = () => $('modal-frame')?.getAttribute('data-view')

test('edge: a very long email (64-character local part, long domain) is shown whole, as text, and wraps inside the dialog instead of widening it', async () => {
  const local = `${'l'.repeat(40)}-${Date.now().toString(36)}`.padEnd(64, 'x').slice(0, 64)
  const email = `${local}@${'sub-domain-'.repeat(6)}example.com`
  const portico = embeddedPortico()
  await emailLogin(portico, email)
  await mountAccount(portico)
  const row = $('account-email') as HTMLElement
  await expect.element(page.getByText(email)).toBeVisible()
  const address = $('account-email-address') as HTMLElement
  expect(address.textContent).toBe(email)
  expect(address.children).toHaveLength(0)
  expect(row.querySelector('span')?.textContent).toBe('Email')
  // Wrapped inside its row and the dialog: nothing sticks out to the side.
  const dialog = document.querySelector('[role="dialog"]') as HTMLElement
  expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth)
  const d = dialog.getBoundingClientRect()
  const a = address.getBoundingClientRect()
  expect(a.right).toBeLessThanOrEqual(d.right + 0.5)
  expect(a.left).toBeGreaterThanOrEqual(d.left - 0.5)
  // "Change email" is still there and in the dialog.
  const change = ($('account-change-email') as HTMLElement).getBoundingClientRect()
  expect(change.right).toBeLessThanOrEqual(d.right + 0.5)
})

test('behavior: a double click on "Change email" opens one UpdateEmailWallet view: one Back returns to Account', async () => {
  const portico = embeddedPortico()
  await emailLogin(portico, freshEmail('row'))
  await mountAccount(portico)
  await userEvent.dblClick(page.getByRole('button', { name: 'Change email' }))
  await expect.poll(view).toBe('UpdateEmailWallet')
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.poll(view).toBe('Account')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
})

test('behavior: a double click on Disconnect signs the embedded wallet out once: the modal closes, "Wallet disconnected" only, never "Failed to disconnect"', async () => {
  const portico = embeddedPortico()
  await emailLogin(portico, freshEmail('row'))
  await mountAccount(portico)
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  const announced = recordAnnouncements()
  await userEvent.dblClick(page.getByRole('button', { name: 'Disconnect' }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect.poll(() => getConnection(portico).isConnected).toBe(false)
  await expect.poll(announced.texts).toContain('Wallet disconnected')
  announced.stop()
  expect(announced.texts()).not.toContain('Failed to disconnect')
})
