// End to end on the demo site with `?multiWallet=on` (the feature on locally, and in the devnet's
// project configuration): two installed EVM wallets (EIP-6963, each with its own devnet key)
// connected at once from the prebuilt modal, switched between in ProfileWallets, restored on a
// reload with the active one still active, one disconnected while the other stays; and with the
// project configuration turning the feature off, the kit behaves as with one wallet. In Chromium,
// offline; every wait is on an element or a condition.
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  modalSettled,
  offlineContext,
  openAccountView,
  type Page,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

const dialog = (page: Page) => page.getByRole('dialog')
const connectButton = (page: Page) => page.locator('[data-slot="connect-button"]')
const accountButton = (page: Page) => page.locator('[data-slot="account-button"]')
/** All Wallets' row of an installed EVM wallet: 'Devnet Wallet' or 'Devnet Wallet 2'. */
const installedRow = (page: Page, name: 'Devnet Wallet' | 'Devnet Wallet 2') => {
  const rows = page.locator('[data-slot="wallet-row"]').filter({ hasText: name }).filter({ hasNotText: 'Solana' })
  return name === 'Devnet Wallet' ? rows.filter({ hasNotText: 'Devnet Wallet 2' }) : rows
}
/** ProfileWallets' row of a connected wallet. */
const connectedRow = (page: Page, name: 'Devnet Wallet' | 'Devnet Wallet 2') => {
  const rows = dialog(page).locator('[data-slot="connected-wallet"]').filter({ hasText: name })
  return name === 'Devnet Wallet' ? rows.filter({ hasNotText: 'Devnet Wallet 2' }) : rows
}
const address = (page: Page) => page.getByTestId('account-address').textContent()

function multiWalletUrl() {
  const url = new URL(running.demo.url)
  url.searchParams.set('multiWallet', 'on')
  return url.toString()
}

describe('multi-wallet on the demo', () => {
  test('two installed wallets at once: add, switch, reload (both back, the active one active), disconnect one', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const [first, second] = running.demo.devnet.evm.accounts

    await page.goto(multiWalletUrl())
    await connectButton(page).click()
    await connectDevnetWallet(page)
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
    await expect.poll(() => address(page)).toBe(first.address)

    // Account → Connected wallets → Add wallet → the second wallet: back on the list with both.
    await openAccountView(page)
    await dialog(page).locator('[data-slot="open-wallets"]').click({ timeout: 30_000 })
    await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    await connectedRow(page, 'Devnet Wallet').and(page.locator('[data-status="active"]')).waitFor()
    await modalSettled(page)
    await dialog(page).locator('[data-slot="add-wallet"]').click()
    await modalSettled(page)
    await installedRow(page, 'Devnet Wallet 2').click()
    await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    await connectedRow(page, 'Devnet Wallet 2').and(page.locator('[data-status="active"]')).waitFor()
    await connectedRow(page, 'Devnet Wallet').and(page.locator('[data-status="connected"]')).waitFor()
    await expect.poll(() => address(page)).toBe(second.address)
    // Each row shows its own address and balance.
    await expect
      .poll(() => connectedRow(page, 'Devnet Wallet').locator('[data-slot="wallet-balance"]').textContent(), {
        timeout: 30_000,
      })
      .toMatch(/ETH/)
    expect(await connectedRow(page, 'Devnet Wallet 2').locator('[data-slot="wallet-address"]').textContent()).toBe(
      `${second.address.slice(0, 4)}…${second.address.slice(-6)}`,
    )
    await shot(page, 'multi-wallet-01-two-wallets')

    // Switch back to the first: the page's account (useConnection) follows.
    await connectedRow(page, 'Devnet Wallet').locator('[data-slot="switch-wallet"]').click()
    await expect.poll(() => address(page)).toBe(first.address)
    await connectedRow(page, 'Devnet Wallet').and(page.locator('[data-status="active"]')).waitFor()
    await connectedRow(page, 'Devnet Wallet 2').and(page.locator('[data-status="connected"]')).waitFor()
    await page.keyboard.press('Escape')

    // Reload: both wallets come back, the first one still active.
    await page.reload()
    await expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 30_000 }).toBe('connected')
    await expect.poll(() => address(page)).toBe(first.address)
    await openAccountView(page)
    await dialog(page).locator('[data-slot="open-wallets"]').click({ timeout: 30_000 })
    await connectedRow(page, 'Devnet Wallet').and(page.locator('[data-status="active"]')).waitFor({ timeout: 30_000 })
    await connectedRow(page, 'Devnet Wallet 2')
      .and(page.locator('[data-status="connected"]'))
      .waitFor({ timeout: 30_000 })
    await shot(page, 'multi-wallet-02-after-reload')

    // Disconnect the second: the first stays connected and active.
    await connectedRow(page, 'Devnet Wallet 2').locator('[data-slot="disconnect-wallet"]').click()
    await expect.poll(() => dialog(page).locator('[data-slot="connected-wallet"]').count()).toBe(1)
    await connectedRow(page, 'Devnet Wallet').and(page.locator('[data-status="active"]')).waitFor()
    expect(await page.getByTestId('account-status').textContent()).toBe('connected')
    expect(await address(page)).toBe(first.address)
    await shot(page, 'multi-wallet-03-one-disconnected')

    expect(blocked).toEqual([])
    await context.close()
  })

  test('the project configuration turns multiWallet off: no wallets entry, the local option ignored', async () => {
    const { features } = running.demo.devnet.api.switches
    features.multi_wallet = false
    try {
      const { context, blocked } = await offlineContext(running.browser)
      const page = await context.newPage()
      await page.goto(multiWalletUrl())
      await connectButton(page).click()
      await connectDevnetWallet(page)
      await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
      await accountButton(page).click()
      await dialog(page).locator('[data-slot="account-network"]').waitFor()
      await dialog(page).locator('[data-slot="wallet-feature-send"]').waitFor({ timeout: 30_000 })
      expect(await dialog(page).locator('[data-slot="open-wallets"]').count()).toBe(0)
      expect(blocked).toEqual([])
      await context.close()
    } finally {
      features.multi_wallet = true
    }
  })
})
