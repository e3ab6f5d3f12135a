// End to end: sending tokens on the demo site (apps/demo) on the devnet, in Chromium, offline.
// From the prebuilt modal (Account → Send → token → preview → wallet) on EVM and Solana, and from
// the headless send form (useSendToken / useEstimateSendFee alone). Each checks the chain after.
import { formatBalance } from '@portico/headless/core'
import { createPublicClient, erc20Abi, formatUnits, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  modalSettled,
  offlineContext,
  openAccountView,
  type Page,
  recordToasts,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

const connectButton = (page: Page) => page.locator('[data-slot="connect-button"]')
const dialog = (page: Page) => page.getByRole('dialog')

function usdcOf() {
  const usdc = running.demo.devnet.evm.tokens.find((t) => t.symbol === 'USDC')?.address as Hex
  const client = createPublicClient({ transport: http(running.demo.devnet.evm.rpcUrl) })
  return {
    usdc,
    balanceOf: (owner: Hex) =>
      client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  }
}

async function solBalance(address: string): Promise<bigint> {
  const response = await fetch(running.demo.devnet.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  const { result } = (await response.json()) as { result: { value: number } }
  return BigInt(result.value)
}

describe('sending from the demo', () => {
  test('EVM: USDC from the prebuilt modal; the chain has it, a toast says so, the modal is back on Account', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const toasts = await recordToasts(context)
    const page = await context.newPage()
    const { balanceOf } = usdcOf()
    const sender = running.demo.devnet.evm.accounts[0]!.address as Hex
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const before = await balanceOf(sender)

    await page.goto(running.demo.url)
    await connectButton(page).click()
    await connectDevnetWallet(page, 'eip155')
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
    await page.keyboard.press('Escape')

    const started = Date.now()
    await openAccountView(page)
    // Activity seen once before the send: the history is cached, so the send must refresh it.
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    await dialog(page).locator('[data-slot="activity-list"], [data-slot="empty-state"]').first().waitFor()
    const rowsBefore = await dialog(page).locator('[data-slot="activity-row"]').count()
    await modalSettled(page)
    await dialog(page).locator('[data-slot="wallet-feature-send"]').click()
    await dialog(page).getByRole('heading', { name: 'Send' }).waitFor()
    console.info(`[e2e] Account → Send view visible in ${Date.now() - started} ms (incl. opening the modal)`)

    await modalSettled(page)
    await dialog(page).locator('[data-slot="send-token"]').click()
    await modalSettled(page)
    await dialog(page).getByRole('button').filter({ hasText: 'USD Coin' }).click()
    await dialog(page).getByRole('textbox', { name: 'Amount' }).fill('7.25')
    await dialog(page).getByRole('textbox', { name: 'To' }).fill(receiver)
    await expect.poll(() => dialog(page).locator('[data-slot="send-fee"]').textContent()).toMatch(/ETH/)
    await shot(page, 'send-01-evm-form')
    await dialog(page).getByRole('button', { name: 'Preview send' }).click()
    await dialog(page).getByRole('heading', { name: 'Review send' }).waitFor()
    await shot(page, 'send-02-evm-preview')
    await modalSettled(page)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()

    await expect.poll(() => toasts(page)).toContain('Sent 7.25 USDC')
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    await shot(page, 'send-03-evm-sent')
    expect(await balanceOf(receiver)).toBe(7_250_000n)
    const after = await balanceOf(sender)
    expect(before - after).toBe(7_250_000n)
    // Back on Account: the USDC row shows the new balance, and Activity lists the transfer.
    await dialog(page)
      .locator('[data-slot="token-row"]')
      .filter({ hasText: 'USDC' })
      .filter({ hasText: formatBalance(formatUnits(after, 6)) })
      .waitFor()
    await dialog(page).getByRole('tab', { name: 'Activity' }).click()
    const sent = dialog(page)
      .locator('[data-slot="activity-row"][data-type="send"]')
      .filter({ hasText: '7.25 USDC' })
      .filter({ hasText: new RegExp(receiver.slice(-6), 'i') })
    await sent.first().waitFor()
    expect(await dialog(page).locator('[data-slot="activity-row"]').count()).toBeGreaterThan(rowsBefore)
    await shot(page, 'send-04-evm-activity')
    expect(blocked).toEqual([])
    await context.close()
  })

  test('Solana: SOL from the prebuilt modal to another devnet account', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const toasts = await recordToasts(context)
    const page = await context.newPage()
    const receiver = running.demo.devnet.solana.accounts[1]!.address
    const before = await solBalance(receiver)

    await page.goto(running.demo.url)
    await connectButton(page).click()
    await connectDevnetWallet(page, 'solana')
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
    await page.keyboard.press('Escape')

    await openAccountView(page)
    await dialog(page).locator('[data-slot="wallet-feature-send"]').click()
    await modalSettled(page)
    await dialog(page).locator('[data-slot="send-token"]').click()
    await modalSettled(page)
    await dialog(page).locator('[data-slot="send-token-option"]').filter({ hasText: 'SOL' }).first().click()
    await dialog(page).getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await dialog(page).getByRole('textbox', { name: 'To' }).fill(receiver)
    await expect.poll(() => dialog(page).locator('[data-slot="send-fee"]').textContent()).toMatch(/SOL/)
    await dialog(page).getByRole('button', { name: 'Preview send' }).click()
    await modalSettled(page)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => toasts(page)).toContain('Sent 0.5 SOL')
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    await shot(page, 'send-04-solana-sent')
    expect((await solBalance(receiver)) - before).toBe(500_000_000n)
    expect(blocked).toEqual([])
    await context.close()
  })

  test('headless send form on the custom page: typed error for bad input, fee, then a real USDC transfer', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const { usdc, balanceOf } = usdcOf()
    const receiver = privateKeyToAccount(generatePrivateKey()).address

    await page.goto(`${running.demo.url}#/custom`)
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await wallets.getByRole('button').filter({ hasText: 'Devnet Wallet' }).filter({ hasText: 'EVM' }).click()
    const form = page.locator('form.send-form')
    await form.getByRole('combobox', { name: 'Token' }).selectOption({ value: usdc })

    // Exponent notation is refused before the wallet is asked.
    await form.getByRole('textbox', { name: 'Amount' }).fill('1e3')
    await form.getByRole('textbox', { name: 'Receiver' }).fill(receiver)
    await form.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => page.getByTestId('send-error').textContent()).toBe('Amount is invalid')

    await form.getByRole('textbox', { name: 'Amount' }).fill('3')
    await expect.poll(() => page.getByTestId('send-fee').textContent()).toMatch(/^Network fee ≈ [\d.]+ ETH$/)
    await form.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => page.getByTestId('send-result').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    await shot(page, 'send-05-headless-sent')
    expect(await balanceOf(receiver)).toBe(3_000_000n)
    expect(blocked).toEqual([])
    await context.close()
  })
})
