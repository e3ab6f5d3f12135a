// End to end: buying crypto from the prebuilt modal on the demo site, in Chromium, offline. The
// devnet provider's checkout opens in a real popup on its own loopback origin; paying with the
// test card mints USDC on anvil, and the modal sees it arrive. Every wait is on an element or a
// condition; nothing sleeps.

import { formatBalance } from '@portico/headless/core'
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  type Locator,
  modalSettled,
  offlineContext,
  openAccountView,
  type Page,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

const cards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' }

function usdcBalance(address: `0x${string}`) {
  const usdc = running.demo.devnet.evm.tokens.find((t) => t.symbol === 'USDC')
  if (!usdc) throw new Error('no devnet USDC')
  const client = createPublicClient({ transport: http(running.demo.devnet.evm.rpcUrl) })
  return client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
}

/**
 * Clicks "Card or bank transfer" once the Buy view is whole and still (`modalSettled`): the quote's
 * rows arrive after the view (the quote says it is pending until then) and grow the centred dialog,
 * which moves as a whole; a press and a release on different spots make no click.
 */
async function chooseCard(page: Page, dialog: Locator) {
  await modalSettled(page)
  await dialog.getByRole('button', { name: /Card or bank transfer/ }).click()
}

/** Connects the Devnet Wallet (EVM) from the modal and opens Buy from the Account view. */
async function openBuy(page: Page) {
  await page.goto(running.demo.url)
  await page.locator('[data-slot="connect-button"]').click()
  await connectDevnetWallet(page)
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  await openAccountView(page)
  await page.locator('[data-slot="wallet-feature-buy"]').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Buy crypto' }).waitFor()
  return dialog
}

/** The choices of the Buy view's picker labelled `name`: opened, read, closed with Escape (the modal stays). */
async function pickerOptions(page: Page, name: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox', { name }).click()
  const list = dialog.getByRole('listbox', { name })
  await list.waitFor()
  const options = await list.getByRole('option').allTextContents()
  await page.keyboard.press('Escape')
  await list.waitFor({ state: 'detached' })
  return options
}

async function pay(checkout: Page, card: string) {
  await checkout.getByLabel('Card number').fill(card)
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('CVC').fill('123')
  await checkout.getByRole('button', { name: 'Pay' }).click()
}

describe('buy crypto', () => {
  test("Buy is not offered where the on-ramp is restricted: the browser's time zone is Asia/Shanghai", async () => {
    const { context } = await offlineContext(running.browser, { timezoneId: 'Asia/Shanghai' })
    try {
      const page = await context.newPage()
      await page.goto(running.demo.url)
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Shanghai')
      await page.locator('[data-slot="connect-button"]').click()
      await connectDevnetWallet(page)
      await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
      await page.locator('[data-slot="account-button"]').click()
      // The other features are there (their buttons settle first), Buy is not.
      await page.locator('[data-slot="wallet-feature-send"]').waitFor()
      await page.locator('[data-slot="wallet-feature-receive"]').waitFor()
      expect(
        await page
          .locator('[data-slot="wallet-features"] button')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-slot'))),
      ).not.toContain('wallet-feature-buy')
      expect(await page.locator('[data-slot="wallet-feature-buy"]').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test('Buy: quote, the provider checkout in a popup, the test card mints USDC, the modal sees it arrive', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const address = running.demo.devnet.evm.accounts[0]!.address
    const dialog = await openBuy(page)

    await dialog.getByLabel('You pay').fill('50')
    // 50 USD by card: 0.75 fee and 0.50 network fee, 48.75 USDC at 1 USD.
    await dialog.locator('[data-slot="onramp-quote-amount"]').filter({ hasText: '48.75 USDC' }).waitFor()
    await shot(page, 'onramp-01-quote')
    const before = await usdcBalance(address)

    const [checkout] = await Promise.all([context.waitForEvent('page'), chooseCard(page, dialog)])
    await dialog.getByRole('heading', { name: 'Complete your purchase' }).waitFor()
    await checkout.waitForURL((url) => url.origin === running.demo.devnet.onramp.url)
    const params = new URL(checkout.url()).searchParams
    expect(params.get('walletAddress')).toBe(address)
    expect(params.get('destinationCurrencyCode')).toBe('USDC')
    expect(await checkout.getByLabel('Amount').inputValue()).toBe('50')

    await pay(checkout, cards.success)
    await checkout.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor()
    await shot(checkout, 'onramp-02-checkout-paid')

    await dialog.getByText('Purchase complete').waitFor()
    await dialog.getByText('48.75 USDC arrived in your wallet.').waitFor()
    const after = await usdcBalance(address)
    expect(after - before).toBe(48_750_000n)
    await shot(page, 'onramp-03-success')

    // Back on Account, the token list already holds the new balance (the same balance query).
    await modalSettled(page)
    await dialog.getByRole('button', { name: 'Back to account' }).click()
    await dialog
      .locator('[data-slot="token-row"]')
      .filter({ hasText: 'USDC' })
      .filter({ hasText: formatBalance(formatUnits(after, 6)) })
      .waitFor()
    expect(blocked).toEqual([])
    await context.close()
  })

  test('Buy: a declined card shows the provider failure; Try again in the modal reopens the checkout and the next card pays', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const address = running.demo.devnet.evm.accounts[0]!.address
    const dialog = await openBuy(page)
    // The default amount's quote (100 USD) is there before the card is chosen.
    await dialog.locator('[data-slot="onramp-quote-amount"]').filter({ hasText: 'USDC' }).waitFor()
    const before = await usdcBalance(address)

    const [checkout] = await Promise.all([context.waitForEvent('page'), chooseCard(page, dialog)])
    await checkout.waitForURL((url) => url.origin === running.demo.devnet.onramp.url)
    await pay(checkout, cards.declined)
    await checkout.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor()
    await shot(checkout, 'onramp-04-declined')
    // Nothing arrived: the modal still waits, and offers a retry.
    await dialog.getByText('Waiting for the funds…', { exact: true }).waitFor()
    expect(await usdcBalance(address)).toBe(before)

    await dialog.getByRole('button', { name: 'Try again' }).click()
    await dialog.getByRole('heading', { name: 'Buy crypto' }).waitFor()
    await dialog.getByLabel('You pay').fill('20')
    await dialog.locator('[data-slot="onramp-quote-amount"]').filter({ hasText: 'USDC' }).waitFor()
    // The checkout window still open is reused, pointed at the new link.
    await chooseCard(page, dialog)
    await checkout.waitForURL((url) => url.searchParams.get('presetFiatAmount') === '20')
    expect(context.pages()).toHaveLength(2)
    await pay(checkout, cards.success)
    await checkout.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor()
    await dialog.getByText('Purchase complete').waitFor()
    // 20 USD: 0.30 fee and 0.50 network fee, 19.20 USDC.
    expect((await usdcBalance(address)) - before).toBe(19_200_000n)
    expect(blocked).toEqual([])
    await context.close()
  })

  test('Buy: the checkout closed before paying says so; Try again opens a new checkout that pays', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const address = running.demo.devnet.evm.accounts[0]!.address
    const dialog = await openBuy(page)
    await dialog.getByLabel('You pay').fill('30')
    await dialog.locator('[data-slot="onramp-quote-amount"]').filter({ hasText: 'USDC' }).waitFor()
    const before = await usdcBalance(address)

    const [first] = await Promise.all([context.waitForEvent('page'), chooseCard(page, dialog)])
    await first.waitForURL((url) => url.origin === running.demo.devnet.onramp.url)
    // The visitor closes the provider's window without paying.
    await first.close()
    await dialog.getByText('The checkout window was closed before the funds arrived.').waitFor()
    await shot(page, 'onramp-05-closed')
    expect(await usdcBalance(address)).toBe(before)

    await dialog.getByRole('button', { name: 'Try again' }).click()
    await dialog.getByRole('heading', { name: 'Buy crypto' }).waitFor()
    await dialog.getByLabel('You pay').fill('30')
    await dialog.locator('[data-slot="onramp-quote-amount"]').filter({ hasText: 'USDC' }).waitFor()
    const [second] = await Promise.all([context.waitForEvent('page'), chooseCard(page, dialog)])
    await second.waitForURL((url) => url.origin === running.demo.devnet.onramp.url)
    await pay(second, cards.success)
    await dialog.getByText('Purchase complete').waitFor()
    // 30 USD by card: 0.45 fee and 0.50 network fee, 29.05 USDC at 1 USD.
    expect((await usdcBalance(address)) - before).toBe(29_050_000n)
    expect(blocked).toEqual([])
    await context.close()
  })

  test('Buy: the options call failing shows the built-in sample options; once the service is back, the next visit gets the live ones and the purchase goes through', async () => {
    const { switches } = running.demo.devnet.api
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const address = running.demo.devnet.evm.accounts[0]!.address
    switches.onramp = 500
    let dialog: Awaited<ReturnType<typeof openBuy>>
    try {
      dialog = await openBuy(page)
      // The spec's sample options: USDC on Ethereum and Polygon, USD and EUR, card up to 7500.
      await dialog.getByText('Live options are unavailable; showing the default options.').waitFor()
      expect(await pickerOptions(page, 'Token')).toEqual(['USDC · Ethereum', 'USDC · Polygon'])
      expect(await pickerOptions(page, 'Currency')).toEqual(['USD', 'EUR'])
      await dialog.getByLabel('You pay').fill('8000')
      await dialog.getByText('The maximum is 7500.00 USD').waitFor()
      await shot(page, 'onramp-06-sample-options')
    } finally {
      switches.onramp = 'ok'
    }
    // The service is back: the samples were not cached, so opening Buy again asks it anew.
    await dialog.getByRole('button', { name: 'Back' }).click()
    await modalSettled(page)
    await page.locator('[data-slot="wallet-feature-buy"]').click()
    await dialog.getByRole('heading', { name: 'Buy crypto' }).waitFor()
    await dialog.locator('[data-slot="onramp-sample"]').waitFor({ state: 'detached' })
    const before = await usdcBalance(address)
    await dialog.getByLabel('You pay').fill('50')
    await dialog.locator('[data-slot="onramp-quote-amount"]').filter({ hasText: '48.75 USDC' }).waitFor()
    const [checkout] = await Promise.all([context.waitForEvent('page'), chooseCard(page, dialog)])
    await checkout.waitForURL((url) => url.origin === running.demo.devnet.onramp.url)
    await pay(checkout, cards.success)
    await dialog.getByText('Purchase complete').waitFor()
    expect((await usdcBalance(address)) - before).toBe(48_750_000n)
    expect(blocked).toEqual([])
    await context.close()
  })
})
