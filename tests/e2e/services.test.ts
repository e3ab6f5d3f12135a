// End to end: the demo against the hosted-services emulator (wallet directory, analytics, blockchain
// API) and its failure switches, in Chromium, offline. Every wait is on an element, a request or a
// condition; nothing sleeps. "No request" checks count what Playwright saw after the UI settled.

import { type DirectoryWallet, devnetDex, uniswapV2RouterAbi } from '@portico/devnet'
import { formatSignedAmount, truncateAddress } from '@portico/headless/core'
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  dropStoredBalances,
  offlineContext,
  openAccountView,
  type Page,
  type Response,
  recordToasts,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

afterEach(() => {
  Object.assign(running.demo.devnet.api.switches, { origins: 'ok', config: 'ok', balance: 'ok' })
})

const accountButton = (page: Page) => page.locator('[data-slot="account-button"]')
const connectButton = (page: Page) => page.locator('[data-slot="connect-button"]')
const allWallets = (page: Page) => page.locator('[data-slot="all-wallets-view"]')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search wallets' })
const directoryRow = (page: Page, id: string) => page.locator(`[data-slot="directory-wallet-row"][data-wallet="${id}"]`)
const toast = (page: Page, text: string) => page.locator('[data-slot="toast"]').filter({ hasText: text })
/** The installed Devnet Wallet's row (one row for its EVM and Solana connectors). */
const devnetWalletRow = (page: Page) => page.locator('[data-slot="wallet-row"]').filter({ hasText: 'Devnet Wallet' })

/** A page that records every request it makes, every dialog it opens, and every toast it shows. */
async function openPage(path = '') {
  const { context, blocked } = await offlineContext(running.browser)
  const toasts = await recordToasts(context)
  const page = await context.newPage()
  const requests: URL[] = []
  const dialogs: string[] = []
  const logs: string[] = []
  const responses: Response[] = []
  page.on('request', (request) => requests.push(new URL(request.url())))
  page.on('response', (response) => responses.push(response))
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`))
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(new URL(path, running.demo.url).toString())
  /** The first response that matches, whether it came before this call or comes after it. */
  const response = (match: (response: Response) => boolean) => responses.find(match) ?? page.waitForResponse(match)
  return { context, page, blocked, requests, dialogs, logs, response, toasts: () => toasts(page) }
}

/**
 * Waits for the WalletConnect view's QR code. On a busy machine this wait once ran out with
 * nothing to say why: the error now names the views on screen, the QR code's state and the page's
 * console, so the next time tells whether the view, the pairing or the render was missing.
 */
async function qrReady(page: Page, logs: readonly string[]) {
  const view = page.locator('[data-slot="connecting-walletconnect-view"]')
  try {
    await view.locator('[data-slot="qr-code"][data-state="ready"]').waitFor()
  } catch (error) {
    const views = await page
      .locator('[data-slot$="-view"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-slot')))
      .catch(() => [])
    const qr = await view
      .locator('[data-slot="qr-code"]')
      .getAttribute('data-state', { timeout: 1000 })
      .catch(() => 'absent')
    throw new Error(`No QR code: views ${JSON.stringify(views)}, QR ${qr}; console:\n${logs.slice(-30).join('\n')}`, {
      cause: error,
    })
  }
  return view
}

async function connectEvm(page: Page) {
  await connectButton(page).click()
  await connectDevnetWallet(page)
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  // The balance is on the button once the (blockchain API) balance read is done.
  await accountButton(page).filter({ hasText: 'ETH' }).waitFor()
}

const isPath = (path: string | RegExp) => (url: URL) =>
  url.origin === new URL(running.demo.devnet.api.url).origin &&
  (typeof path === 'string' ? url.pathname === path : path.test(url.pathname))

describe('hosted services (emulator)', () => {
  test('All Wallets: installed wallet first, then the directory; paging, trimmed search, hostile entries inert', async () => {
    const { context, page, blocked, requests, dialogs, logs, response } = await openPage()
    await connectButton(page).click()
    await page.locator('[data-slot="all-wallets"]').click()
    // The directory's first page may have been asked for before the modal opened (prefetched at
    // idle), and on a busy machine the clicks and the views' code can take longer than a response
    // wait's clock: wait for its rows on screen, then read the response it came in.
    await allWallets(page).locator('[data-slot="directory-wallet-row"]').first().waitFor()
    const firstPage = await response(
      (r) => r.url().includes('/getWallets?') && new URL(r.url()).searchParams.get('page') === '1',
    )
    const page1 = (await firstPage.json()) as { count: number; data: DirectoryWallet[] }
    expect(page1.data.length).toBe(40)

    // WalletConnect (first in the spec's connector order), the installed Devnet Wallet, then the
    // directory's entries in its order.
    const firstDirectory = page1.data.find((w) => w.name && !w.name.includes('<'))!
    await directoryRow(page, firstDirectory.id).filter({ hasText: firstDirectory.name! }).waitFor()
    const slots = await allWallets(page)
      .locator('[data-slot="wallet-row"], [data-slot="directory-wallet-row"]')
      .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-slot')}:${row.textContent}`))
    expect(slots[0]).toMatch(/^wallet-row:.*WalletConnect/)
    expect(slots[1]).toMatch(/^wallet-row:.*Devnet Wallet/)
    const firstDirectoryIndex = slots.findIndex((s) => s.startsWith('directory-wallet-row:'))
    expect(firstDirectoryIndex).toBeGreaterThan(0)
    expect(slots.slice(0, firstDirectoryIndex).every((s) => s.startsWith('wallet-row:'))).toBe(true)
    expect(slots[firstDirectoryIndex]).toContain(page1.data[0]!.name)
    await shot(page, '20-all-wallets-directory')

    // Scrolling to the end of the list loads page 2, whose entries then appear.
    const secondPage = page.waitForResponse(
      (r) => r.url().includes('/getWallets?') && new URL(r.url()).searchParams.get('page') === '2',
    )
    // Brings the last rendered row into view, as a user scrolling down would; the virtualiser then
    // renders (and, near the end, fetches) the next rows.
    const scrollToEnd = () => allWallets(page).locator('li').last().scrollIntoViewIfNeeded()
    await expect
      .poll(async () => {
        await scrollToEnd()
        return requests.some((u) => u.pathname === '/getWallets' && u.searchParams.get('page') === '2')
      })
      .toBe(true)
    const page2 = (await (await secondPage).json()) as { data: DirectoryWallet[] }
    expect(page2.data.length).toBeGreaterThan(0)
    const page2Ids = new Set(page2.data.map((w) => w.id))
    await expect
      .poll(async () => {
        await scrollToEnd()
        return allWallets(page)
          .locator('[data-slot="directory-wallet-row"]')
          .evaluateAll(
            (rows, ids) => rows.some((row) => ids.includes(row.getAttribute('data-wallet') ?? '')),
            [...page2Ids],
          )
      })
      .toBe(true)
    await shot(page, '21-all-wallets-page-2')

    // Search: typed with spaces around it, sent trimmed, and only matching entries are listed.
    await searchBox(page).fill('  zen  ')
    await expect.poll(() => allWallets(page).getAttribute('data-query')).toBe('zen')
    await expect
      .poll(() => requests.some((u) => u.pathname === '/getWallets' && u.searchParams.get('search') === 'zen'))
      .toBe(true)
    expect(
      requests.some((u) => u.pathname === '/getWallets' && /^\s|\s$/.test(u.searchParams.get('search') ?? '')),
    ).toBe(false)
    // The rows of the unfiltered list stay until the search's answer replaces them (on a busy
    // machine, long enough to be read): wait for the answer's rows, each a match.
    const zenRows = allWallets(page).locator('[data-slot="directory-wallet-row"]')
    await expect
      .poll(async () => {
        const names = await zenRows.allTextContents()
        return names.length > 0 && names.every((name) => name.toLowerCase().includes('zen'))
      })
      .toBe(true)
    await expect.poll(() => devnetWalletRow(page).count()).toBe(0)
    await shot(page, '22-all-wallets-search')

    // Markup in a name is text: no <script>, no <img src=x> element, the raw characters are shown.
    await searchBox(page).fill(' markup ')
    const markup = directoryRow(page, 'hostile-markup-name')
    await markup.waitFor()
    expect(await markup.textContent()).toContain('<script>alert(1)</script><img src=x onerror="alert(2)">Markup Wallet')
    expect(await markup.locator('script, img[src="x"]').count()).toBe(0)

    // The scripted SVG icon loads as an image: its script and onload never run.
    await searchBox(page).fill('scripted')
    const scripted = directoryRow(page, 'hostile-scripted-svg')
    await scripted.waitFor()
    await expect
      .poll(() =>
        requests.some(
          (u) => u.pathname.startsWith('/getWalletImage/') && u.pathname.includes('hostile-image-scripted'),
        ),
      )
      .toBe(true)
    await expect
      .poll(() => scripted.evaluate((row) => [...row.querySelectorAll('img')].every((img) => img.complete) ?? true))
      .toBe(true)
    await shot(page, '23-all-wallets-hostile')

    // With WalletConnect on, a directory wallet opens its QR view. A javascript: web app link is
    // never offered: only the (safe) custom-scheme desktop link is.
    await searchBox(page).fill('jslink')
    await directoryRow(page, 'hostile-javascript-webapp-link').click()
    const wcView = await qrReady(page, logs)
    expect(await wcView.locator('[data-slot="open-webapp"]').count()).toBe(0)
    await shot(page, '24-hostile-walletconnect')
    // The data: desktop link is dropped too; only its https web app link remains.
    await page.locator('[data-slot="modal-back"]').click()
    await searchBox(page).fill('datalink')
    await directoryRow(page, 'hostile-data-html-desktop-link').click()
    await qrReady(page, logs)
    expect(await wcView.locator('[data-slot="open-desktop"]').count()).toBe(0)
    const webapp = await wcView.locator('[data-slot="open-webapp"]').getAttribute('href')
    expect(webapp).toMatch(/^https:\/\/datalink\.example\/wc\?uri=wc%3A/)

    // Nowhere in the modal a javascript: or data: link; nothing ran.
    const hrefs = await page
      .locator('[data-slot="modal-content"] [href], [data-slot="modal-content"] [*|href]')
      .evaluateAll((els) =>
        els.map((el) => el.getAttribute('href') ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? ''),
      )
    expect(hrefs.filter((h) => /^\s*(javascript|data):/i.test(h))).toEqual([])
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(blocked).toEqual([])
    await context.close()
  })

  test('analytics: modal open and connect are posted to the emulator; ?analytics=off sends nothing', async () => {
    running.demo.devnet.api.analytics.clear()
    const on = await openPage()
    await connectEvm(on.page)
    const address0 = running.demo.devnet.evm.accounts[0]!.address
    await expect
      .poll(() => running.demo.devnet.api.analytics.events().map((e) => e.props.event))
      .toEqual(expect.arrayContaining(['MODAL_OPEN', 'CONNECT_SUCCESS']))
    const events = running.demo.devnet.api.analytics.events()
    for (const name of ['MODAL_OPEN', 'CONNECT_SUCCESS']) {
      const event = events.find((e) => e.props.event === name)
      expect(event).toMatchObject({ projectId: 'portico-demo', props: { type: 'track', event: name } })
      expect(event?.st).toMatch(/\S/)
      expect(event?.sv).toMatch(/\S/)
      expect(new URL(event!.url).origin).toBe(new URL(running.demo.url).origin)
    }
    expect(events.find((e) => e.props.event === 'CONNECT_SUCCESS')?.props.address).toBe(address0)
    expect(on.requests.filter(isPath('/getAnalyticsConfig'))).toHaveLength(1)
    expect(on.blocked).toEqual([])
    await on.context.close()

    // Analytics off (demo toggle): open, connect, close. Settled once the balance is on the button
    // and the modal is gone; by then the enabled page had long posted MODAL_OPEN.
    running.demo.devnet.api.analytics.clear()
    const off = await openPage('/?analytics=off#/')
    await connectEvm(off.page)
    await off.page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })
    await accountButton(off.page).click()
    await off.page.locator('[data-slot="account-view"]').waitFor()
    await off.page.keyboard.press('Escape')
    await off.page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })
    // The page did talk to the emulator (directory, config, balance): only analytics is silent.
    expect(off.requests.filter(isPath(/^\/(appkit|v1)\//)).length).toBeGreaterThan(0)
    expect(off.requests.filter(isPath('/getAnalyticsConfig'))).toEqual([])
    expect(off.requests.filter(isPath('/e'))).toEqual([])
    expect(running.demo.devnet.api.analytics.events()).toEqual([])
    await shot(off.page, '25-analytics-off-connected')
    expect(off.blocked).toEqual([])
    await off.context.close()
  })

  test("origin not allowed: analytics answers 403, 'Invalid App Configuration' shows once", async () => {
    const { context, page, blocked, requests, toasts } = await openPage()
    // Flipped over HTTP, as a browser test would.
    const flipped = await fetch(`${running.demo.devnet.api.url}/__devnet/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ origins: 403 }),
    })
    expect(flipped.status).toBe(200)

    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/e' && r.status() === 403)
    await connectButton(page).click()
    await refused
    await toast(page, 'Invalid App Configuration').waitFor()
    await shot(page, '26-invalid-app-configuration')
    await page.keyboard.press('Escape')
    await page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })
    await toast(page, 'Invalid App Configuration').waitFor({ state: 'detached' })

    // Reopen and connect: MODAL_OPEN and CONNECT_SUCCESS are refused as well, the toast stays away.
    const postsBefore = requests.filter(isPath('/e')).length
    const refusedAgain = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/e' &&
        r.status() === 403 &&
        (r.request().postData() ?? '').includes('"CONNECT_SUCCESS"'),
    )
    await connectEvm(page)
    await refusedAgain
    expect(requests.filter(isPath('/e')).length).toBeGreaterThanOrEqual(postsBefore + 2)
    expect(await toasts()).toEqual(['Invalid App Configuration'])
    expect(await toast(page, 'Invalid App Configuration').count()).toBe(0)
    expect(blocked).toEqual([])
    await context.close()
  })

  test("failing balance: 'Token Balance Unavailable' shown once, then no request or new toast within the 30 s lockout", async () => {
    const { context, page, blocked, requests, toasts } = await openPage()
    await connectEvm(page)
    await page.keyboard.press('Escape')
    await page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })

    running.demo.devnet.api.switches.balance = 500
    const balanceRequests = () => requests.filter(isPath(/^\/v1\/account\/[^/]+\/balance$/)).length
    // The spec keeps balances 30 s across reloads (`@portico/portfolio_cache`): a reload now shows
    // the balance just read, at once, and never reaches the failing service.
    const beforeCachedReload = balanceRequests()
    await page.reload()
    await accountButton(page).filter({ hasText: 'ETH' }).waitFor()
    expect(balanceRequests()).toBe(beforeCachedReload)
    expect(await toasts()).toEqual([])

    // A load without a fresh stored balance (as 30 s later) reads it, and the read fails.
    await dropStoredBalances(page)
    const beforeReload = balanceRequests()
    const failed = page.waitForResponse((r) => /\/v1\/account\/[^/]+\/balance/.test(r.url()) && r.status() === 500)
    await page.reload()
    await failed
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
    expect(balanceRequests()).toBe(beforeReload + 1)

    // Shown without opening anything: an error alert loads the toaster.
    await expect.poll(toasts).toEqual(['Token Balance Unavailable'])

    // Within the lockout: the Account view shows the failure without asking again.
    const view = page.locator('[data-slot="account-view"]')
    await accountButton(page).click()
    await view.locator('[data-slot="account-balance"]').filter({ hasText: '—' }).waitFor()
    await view.locator('[data-slot="empty-state"]').filter({ hasText: 'Token Balance Unavailable' }).waitFor()
    await shot(page, '27-token-balance-unavailable')
    await page.keyboard.press('Escape')
    await page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })
    const shown = await toasts()
    expect(shown).toEqual(['Token Balance Unavailable'])

    // Reopened within the 30 s lockout: no request, no new toast.
    await accountButton(page).click()
    await view.locator('[data-slot="account-balance"]').filter({ hasText: '—' }).waitFor()
    await view.locator('[data-slot="empty-state"]').filter({ hasText: 'Token Balance Unavailable' }).waitFor()
    await shot(page, '28-balance-locked-out')
    await page.keyboard.press('Escape')
    await page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })
    expect(balanceRequests()).toBe(beforeReload + 1)
    expect(await toasts()).toEqual(shown)

    running.demo.devnet.api.switches.balance = 'ok'
    expect(blocked).toEqual([])
    await context.close()
  })

  test('activity: a transfer sent from outside the page is listed in the Account view', async () => {
    const { context, page, blocked } = await openPage()
    await connectEvm(page)
    await page.keyboard.press('Escape')
    await page.locator('[data-slot="modal-content"]').waitFor({ state: 'hidden' })

    // Account #0 (the connected one) sends 0.5 ETH to account #3.
    const chain = defineChain({
      id: running.demo.devnet.evm.chainId,
      name: 'Portico devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [running.demo.devnet.evm.rpcUrl] } },
    })
    const [account0, , , account3] = running.demo.devnet.evm.accounts
    const publicClient = createPublicClient({ chain, transport: http() })
    const walletClient = createWalletClient({
      chain,
      account: privateKeyToAccount(account0!.privateKey),
      transport: http(),
    })
    const hash = await walletClient.sendTransaction({ to: account3!.address, value: parseEther('0.5') })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    // And buys USDC with 0.1 ETH on the devnet's Uniswap router.
    const { router, weth } = running.demo.devnet.evm.dex
    const usdc = running.demo.devnet.evm.tokens.find((t) => t.symbol === 'USDC')!.address as `0x${string}`
    const swapHash = await walletClient.writeContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [weth, usdc], account0!.address, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: parseEther('0.1'),
      gas: devnetDex.swapGasLimit,
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: swapHash })).status).toBe('success')

    // The Activity tab was never opened on this page, so nothing is cached: no reload needed.
    await openAccountView(page)
    await page.getByRole('tab', { name: 'Activity' }).click()
    const counterparty = truncateAddress(account3!.address)
    expect(counterparty).toBe('0x90…93b906')
    const row = page
      .locator('[data-slot="activity-row"][data-type="send"]')
      .filter({ hasText: counterparty })
      .filter({ hasText: `${formatSignedAmount('send', '0.5')} ETH` })
    await row.first().waitFor()
    expect(await row.first().textContent()).toMatch(/^Sent/)
    // The swap is one trade with both legs, not a send to the router.
    const trade = page.locator('[data-slot="activity-row"][data-type="trade"]').filter({ hasText: 'ETH → USDC' })
    await trade.first().waitFor()
    expect(await trade.first().locator('[data-slot="activity-in"]').textContent()).toMatch(/^\+[\d,.]+ USDC$/)
    expect(await trade.first().locator('[data-slot="activity-out"]').textContent()).toBe(
      `${formatSignedAmount('withdraw', '0.1')} ETH`,
    )
    expect(
      await page
        .locator('[data-slot="activity-row"][data-type="send"]')
        .filter({ hasText: truncateAddress(router) })
        .count(),
    ).toBe(0)
    await shot(page, '29-activity-send')
    expect(blocked).toEqual([])
    await context.close()
  })
})
