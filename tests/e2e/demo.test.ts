// End to end: the demo site (apps/demo) on the devnet, in Chromium, offline. Every wait is on an
// element or a condition; nothing sleeps.

import { formatBalance } from '@portico/headless/core'
import { createPublicClient, createWalletClient, defineChain, formatEther, formatUnits, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  dropStoredBalances,
  offlineContext,
  openAccountView,
  type Page,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

const accountButton = (page: Page) => page.locator('[data-slot="account-button"]')
const connectButton = (page: Page) => page.locator('[data-slot="connect-button"]')
const walletRow = (page: Page, chain: 'evm' | 'solana') =>
  page
    .locator('[data-slot="wallet-row"]')
    .filter({ hasText: 'Devnet Wallet' })
    .filter(chain === 'solana' ? { hasText: 'Solana' } : { hasNotText: 'Solana' })

function evmClients() {
  const chain = defineChain({
    id: running.demo.devnet.evm.chainId,
    name: 'Portico devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [running.demo.devnet.evm.rpcUrl] } },
  })
  const publicClient = createPublicClient({ chain, transport: http() })
  const [account0, account1] = running.demo.devnet.evm.accounts
  const walletClient = createWalletClient({
    chain,
    account: privateKeyToAccount(account1!.privateKey),
    transport: http(),
  })
  return { publicClient, walletClient, address0: account0!.address }
}

describe('demo site', () => {
  test('EVM: connect from the prebuilt modal, balance updates, switch network, reconnect on reload, disconnect', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const { publicClient, walletClient, address0 } = evmClients()

    await page.goto(running.demo.url)
    await connectButton(page).click()
    await connectDevnetWallet(page, 'eip155')
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')

    // The account button shows account #0's balance as read from anvil.
    const before = await publicClient.getBalance({ address: address0 })
    await accountButton(page)
      .filter({ hasText: `${formatBalance(formatEther(before))} ETH` })
      .waitFor()
    expect(await page.getByTestId('account-address').textContent()).toBe(address0)
    await shot(page, '01-evm-connected')

    // Account #1 sends account #0 1.5 ETH from outside the page.
    const hash = await walletClient.sendTransaction({ to: address0, value: parseEther('1.5') })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const after = await publicClient.getBalance({ address: address0 })
    expect(after - before).toBe(parseEther('1.5'))

    // Balances are kept 30 s across reloads (the spec's cache, checked in services.test.ts): with
    // the stored balance dropped, as 30 s later, a reload reads it afresh and reconnects silently.
    await dropStoredBalances(page)
    await page.reload()
    await accountButton(page)
      .filter({ hasText: `${formatBalance(formatEther(after))} ETH` })
      .waitFor()
    await shot(page, '02-evm-balance-updated')

    // Switch to Devnet 2 through the modal: Account view → network → Devnet 2.
    await openAccountView(page)
    await page.locator('[data-slot="account-network"]').click()
    await page.locator('[data-slot="networks-view"]').getByText('Devnet 2', { exact: true }).click()
    await expect.poll(() => page.getByTestId('account-network').textContent()).toBe('Devnet 2 (eip155:31338)')
    await shot(page, '03-evm-switched-devnet-2')
    await page.keyboard.press('Escape')

    // Reload: silently reconnected, still on Devnet 2 (the Devnet Wallet remembers its chain).
    await page.reload()
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
    await expect.poll(() => page.getByTestId('account-network').textContent()).toBe('Devnet 2 (eip155:31338)')
    await accountButton(page).waitFor()
    await shot(page, '04-evm-reconnected')

    // Disconnect from the Account view.
    await openAccountView(page)
    await page.locator('[data-slot="disconnect"]').click()
    await connectButton(page).waitFor()
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('disconnected')
    await page.keyboard.press('Escape')
    await shot(page, '05-evm-disconnected')

    expect(blocked).toEqual([])
    await context.close()
  })

  test('Solana: connect the Devnet Wallet from the modal and see the SOL balance', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    await page.goto(running.demo.url)
    await connectButton(page).click()
    await connectDevnetWallet(page, 'solana')
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')

    const address = running.demo.devnet.solana.accounts[0]!.address
    expect(await page.getByTestId('account-address').textContent()).toBe(address)
    const response = await fetch(running.demo.devnet.solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
    })
    const { result } = (await response.json()) as { result: { value: number } }
    await accountButton(page)
      .filter({ hasText: `${formatBalance(formatUnits(BigInt(result.value), 9))} SOL` })
      .waitFor()
    await shot(page, '06-solana-connected')
    expect(blocked).toEqual([])
    await context.close()
  })

  test('switching to a namespace no wallet is connected on offers its wallets; both connections stay', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const { address0 } = evmClients()
    await page.goto(running.demo.url)
    await connectButton(page).click()
    await connectDevnetWallet(page, 'eip155')
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')

    // Account view → network → Solana Devnet, where no wallet is connected yet.
    await openAccountView(page)
    await page.locator('[data-slot="account-network"]').click()
    await page.locator('[data-slot="networks-view"]').getByText('Solana Devnet', { exact: true }).click()
    // Not an Account view without an account: the wallets that connect on Solana, and why.
    await expect
      .poll(() => page.locator('[data-slot="connect-for-network"]').textContent())
      .toBe('Connect a wallet for Solana Devnet')
    await walletRow(page, 'solana').waitFor()
    expect(await walletRow(page, 'evm').count()).toBe(0)
    await shot(page, '07-switch-to-unconnected-namespace')

    await walletRow(page, 'solana').click()
    const solanaAddress = running.demo.devnet.solana.accounts[0]!.address
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe(solanaAddress)

    // Back to the EVM network: its wallet is still connected, nothing is asked again.
    await openAccountView(page)
    await page.locator('[data-slot="account-network"]').click()
    await page.locator('[data-slot="networks-view"]').getByText('Devnet', { exact: true }).click()
    await expect.poll(() => page.getByTestId('account-address').textContent()).toBe(address0)
    await page.locator('[data-slot="account-view"]').waitFor()
    expect(blocked).toEqual([])
    await context.close()
  })

  test('custom page: connects with the headless hooks only, no @portico/ui code loaded', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))

    await page.goto(`${running.demo.url}#/custom`)
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await wallets.getByRole('button').filter({ hasText: 'Devnet Wallet' }).filter({ hasText: 'EVM' }).click()
    await page.getByTestId('custom-address').filter({ hasText: running.demo.devnet.evm.accounts[0]!.address }).waitFor()

    const table = page.getByRole('table', { name: 'Balances' })
    for (const symbol of ['ETH', 'USDC', 'PTK']) await table.getByRole('cell', { name: symbol, exact: true }).waitFor()
    await shot(page, '07-custom-connected')

    await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Devnet 2' })
    await expect.poll(() => page.getByRole('combobox', { name: 'Network' }).inputValue()).toBe('eip155:31338')
    await table.getByRole('cell', { name: 'ETH', exact: true }).waitFor()
    await shot(page, '08-custom-switched')

    await page.getByRole('button', { name: 'Disconnect' }).click()
    await wallets.waitFor()
    await shot(page, '09-custom-disconnected')

    expect(requested.length).toBeGreaterThan(0)
    expect(requested.filter((url) => url.includes('packages/ui/'))).toEqual([])
    expect(blocked).toEqual([])
    await context.close()
  })

  test('theming page renders the Connect button and the embedded modal, and restyles live', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    await page.goto(`${running.demo.url}#/theming`)
    await page.getByTestId('theming-connect').locator('[data-slot="connect-button"]').waitFor()
    const embedded = page.getByTestId('theming-embedded')
    await embedded.locator('[data-slot="wallet-row"]').filter({ hasText: 'Devnet Wallet' }).first().waitFor()
    await shot(page, '10-theming-default')

    await page.getByRole('radio', { name: 'dark' }).check()
    await page.getByRole('button', { name: 'Accent #e6007a' }).click()
    await page.getByRole('combobox', { name: 'Radius' }).selectOption('large')
    await expect.poll(() => page.locator('.snippet').textContent()).toContain("accentColor: '#e6007a'")
    await shot(page, '11-theming-dark-pink-large')
    expect(blocked).toEqual([])
    await context.close()
  })
})
