// WalletsButton (the Account view's "Connected wallets" entry) in real Chromium with the Devnet
// Wallet and a second EVM wallet connected: it pushes ProfileWallets over the Account view (Back
// returns there, the entry still offered), the view it opens lists every held wallet, it works from
// the keyboard alone, and its text comes from the wallets catalogue of the chosen language. It
// shows no count of its own: the count is the view's rows. The entry's absence while multiWallet is
// off, switching and disconnecting are in ProfileWallets.browser.test.tsx and
// ProfileWalletsView.browser.test.tsx; the demo site's entry in tests/e2e/multiWallet.test.ts.
import { connect } from '@portico/headless'
import { getConnections } from '@portico/headless/wallets'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
const wait = { timeout: 15_000 }

afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
const rows = () => document.querySelectorAll('[data-slot="connected-wallet"]').length

/** The Account view with the Devnet Wallet and Test Wallet 01 (a second EVM wallet) connected. */
async function mount(options: HarnessOptions = {}) {
  const harness = await createHarness({
    connected: true,
    multiWallet: true,
    extraWallets: 1,
    rpcUrl: devnet.evmRpcUrl,
    ...options,
  })
  cleanups.push(harness.cleanup)
  // The list follows the kernel once a reader started it (see ProfileWallets.browser.test.tsx).
  expect(getConnections(harness.portico)).toHaveLength(1)
  await connect(harness.portico, { connectorId: 'dev.portico.test0', namespace: 'eip155' })
  await render(<harness.Wrapper view="Account" />)
  await accountViewSettled()
  return harness
}

test('behavior: a click pushes ProfileWallets over Account, listing both wallets; Back returns to Account with the entry still there', async () => {
  await mount()
  const entry = page.getByRole('button', { name: 'Connected wallets' })
  await expect.element(entry).toBeVisible()
  expect(entry.element().getAttribute('type')).toBe('button')
  await userEvent.click(entry)
  await expect.element(page.getByRole('heading', { name: 'Wallets' }), wait).toBeVisible()
  expect(view()).toBe('ProfileWallets')
  await expect.poll(rows, wait).toBe(2)
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.poll(view, wait).toBe('Account')
  await expect.element(page.getByRole('dialog')).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Connected wallets' })).toBeVisible()
})

test('a11y: from the keyboard alone, Enter on the focused entry opens ProfileWallets', async () => {
  await mount()
  const entry = page.getByRole('button', { name: 'Connected wallets' })
  await expect.element(entry).toBeVisible()
  ;(entry.element() as HTMLButtonElement).focus()
  expect(document.activeElement).toBe(entry.element())
  await userEvent.keyboard('{Enter}')
  await expect.poll(view, wait).toBe('ProfileWallets')
  await expect.element(page.getByRole('button', { name: 'Add wallet' })).toBeVisible()
})

test('default: in Arabic the entry and the view it opens read from the Arabic catalogue', async () => {
  await mount({ ui: { locale: 'ar' } })
  const entry = page.getByRole('button', { name: 'المحافظ المتصلة' })
  await expect.element(entry, wait).toBeVisible()
  expect(document.querySelector('[data-slot="open-wallets"]')?.textContent).toBe('المحافظ المتصلة')
  await userEvent.click(entry)
  await expect.element(page.getByRole('heading', { name: 'المحافظ', exact: true }), wait).toBeVisible()
  expect(view()).toBe('ProfileWallets')
})
