// End to end: swapping on the devnet's Uniswap V2 from the demo site, in Chromium, offline. The
// prebuilt modal (Account → Swap) and the headless swap card each move real balances on anvil.
// This file starts its own demo and devnet, so account #0 (the Devnet Wallet's) is its alone.

import { createPublicClient, erc20Abi, type Hex, http, parseUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  offlineContext,
  openAccountView,
  type Page,
  recordToasts,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

const token = (symbol: string) => running.demo.devnet.evm.tokens.find((t) => t.symbol === symbol)?.address as Hex
const owner = () => running.demo.devnet.evm.accounts[0]!.address as Hex
const chain = () => createPublicClient({ transport: http(running.demo.devnet.evm.rpcUrl) })
const balanceOf = (symbol: string) =>
  chain().readContract({ address: token(symbol), abi: erc20Abi, functionName: 'balanceOf', args: [owner()] })

const slot = (page: Page, name: string) => page.locator(`[data-slot="${name}"]`)

async function connectInModal(page: Page) {
  await page.goto(running.demo.url)
  await slot(page, 'connect-button').click()
  await connectDevnetWallet(page)
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
}

/** Picks `symbol` for a side of the swap form through its token list. */
async function pick(page: Page, side: 'from' | 'to', symbol: string) {
  await slot(page, `swap-${side}-token`).click()
  await page.locator(`[data-slot="swap-token-row"][data-symbol="${symbol}"]`).click()
  await expect.poll(() => slot(page, `swap-${side}-token`).textContent()).toContain(symbol)
}

describe('swap', () => {
  test('prebuilt modal: ETH → USDC, then USDC → PTK through the approve step; the balances move on anvil', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const toasts = await recordToasts(context)
    const page = await context.newPage()
    await connectInModal(page)
    await openAccountView(page)
    await slot(page, 'wallet-feature-swap').click()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()

    // ETH → USDC: no approval needed.
    const usdcBefore = await balanceOf('USDC')
    await pick(page, 'to', 'USDC')
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await page.getByRole('button', { name: 'Review swap' }).click()
    await slot(page, 'swap-minimum-received').filter({ hasText: 'USDC' }).waitFor()
    await shot(page, 'swap-01-review-eth-usdc')
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringMatching(/^Swapped 0\.5 ETH for [\d,.]+ USDC$/))
    const usdcAfter = await balanceOf('USDC')
    expect(usdcAfter - usdcBefore).toBeGreaterThan(parseUnits('1450', 6))

    // USDC → PTK: the approve transaction, then the swap.
    const ptkBefore = await balanceOf('PTK')
    await pick(page, 'from', 'USDC')
    await pick(page, 'to', 'PTK')
    await page.getByRole('textbox', { name: 'Amount' }).fill('100')
    await page.getByRole('button', { name: 'Review swap' }).click()
    await slot(page, 'swap-step-approve').filter({ hasText: 'Approve USDC' }).waitFor()
    await shot(page, 'swap-02-review-usdc-ptk-approve')
    await page.getByRole('button', { name: 'Approve USDC and swap' }).click()
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringMatching(/^Swapped 100 USDC for [\d,.]+ PTK$/))
    expect(await balanceOf('USDC')).toBe(usdcAfter - parseUnits('100', 6))
    expect((await balanceOf('PTK')) - ptkBefore).toBeGreaterThan(parseUnits('190', 18))
    await shot(page, 'swap-03-done')
    expect(blocked).toEqual([])
    await context.close()
  })

  test('custom page: the headless swap card swaps ETH → PTK with the hooks alone', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    await page.goto(`${running.demo.url}#/custom`)
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await wallets.getByRole('button').filter({ hasText: 'Devnet Wallet' }).filter({ hasText: 'EVM' }).click()
    const card = page.getByTestId('swap-card')
    await card.getByRole('combobox', { name: 'Receive token' }).selectOption({ label: 'PTK' })
    await card.getByRole('combobox', { name: 'Pay token' }).selectOption({ label: 'ETH' })
    await card.getByRole('textbox', { name: 'Swap amount' }).fill('0.1')
    await expect.poll(() => card.getByTestId('swap-card-quote').textContent()).toMatch(/^≈ [\d,.]+ PTK \(at least/)
    const ptkBefore = await balanceOf('PTK')
    await card.getByTestId('swap-card-submit').click()
    await card.getByTestId('swap-card-result').waitFor()
    expect((await balanceOf('PTK')) - ptkBefore).toBeGreaterThan(parseUnits('550', 18)) // 0.1 ETH ≈ 300 USDC ≈ 600 PTK
    await shot(page, 'swap-04-custom-card')
    expect(blocked).toEqual([])
    await context.close()
  })
})
