// End to end on the demo site with `?multiWallet=on`: wallets of every kind held at once. A
// WalletConnect wallet (the real SDK on both sides, the devnet web wallet in a second browser
// context, through the devnet relay) beside two installed EVM wallets: added from ProfileWallets,
// switched between, restored on a reload, disconnected one by one; a WalletConnect connection that
// came back disconnected reconnects through its own QR view; and the embedded wallet (email login
// through the devnet auth server and its frame) beside an installed one, logging in again by email
// from the list when it could not be restored, and a GitHub login (the devnet's OAuth server in a
// real login window) doing the same through a new window. In Chromium, offline;
// every wait is on an element or a condition.
import { socialTestUsers } from '@portico/devnet'
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  demoModule,
  type Locator,
  modalSettled,
  offlineContext,
  openAccountView,
  type Page,
  shot,
  startDemoAndBrowser,
} from './browser.js'

// The auth server's clock: moved past its seven-day sessions to expire the email login, and past
// its 30 s per-address mail cooldown instead of waiting.
let clockOffset = 0
const running = startDemoAndBrowser({ authNow: () => Date.now() + clockOffset })

const dialog = (page: Page) => page.getByRole('dialog')
const connectButton = (page: Page) => page.locator('[data-slot="connect-button"]')
const status = (page: Page) => page.getByTestId('account-status').textContent()
const address = (page: Page) => page.getByTestId('account-address').textContent()

/** A row of All Wallets (an installed EVM wallet) or of the Connect view (WalletConnect). */
const walletRow = (page: Page, name: 'Devnet Wallet' | 'Devnet Wallet 2' | 'WalletConnect') => {
  const rows = page.locator('[data-slot="wallet-row"]').filter({ hasText: name }).filter({ hasNotText: 'Solana' })
  return name === 'Devnet Wallet' ? rows.filter({ hasNotText: 'Devnet Wallet 2' }) : rows
}
/** ProfileWallets' EVM row of a connected wallet, by its connector id (WalletConnect's is `walletConnect`). */
const evmRow = (page: Page, connectorId: string) =>
  dialog(page).locator(`[data-slot="wallets-list"][data-namespace="eip155"] [data-connector="${connectorId}"]`)
/** ProfileWallets' EVM row of an installed wallet, by its name. */
const installedRow = (page: Page, name: 'Devnet Wallet' | 'Devnet Wallet 2') => {
  const rows = dialog(page)
    .locator('[data-slot="wallets-list"][data-namespace="eip155"] [data-slot="connected-wallet"]')
    .filter({ hasText: name })
  return name === 'Devnet Wallet' ? rows.filter({ hasNotText: 'Devnet Wallet 2' }) : rows
}
const walletConnectRow = (page: Page) => evmRow(page, 'walletConnect')
/** ProfileWallets' EVM rows, top to bottom. */
const evmRows = (page: Page) =>
  dialog(page).locator('[data-slot="wallets-list"][data-namespace="eip155"] [data-slot="connected-wallet"]')
const withStatus = (page: Page, row: ReturnType<typeof evmRow>, value: 'active' | 'connected' | 'disconnected') =>
  row.and(page.locator(`[data-status="${value}"]`)).waitFor({ timeout: 30_000 })

function multiWalletUrl() {
  const url = new URL(running.demo.url)
  url.searchParams.set('multiWallet', 'on')
  return url.toString()
}

/** Account → Connected wallets: the ProfileWallets view. */
async function openWallets(page: Page) {
  await openAccountView(page)
  await dialog(page).locator('[data-slot="open-wallets"]').click()
  await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor()
}

/** The web wallet approves the next proposal (or request) that shows. */
async function approveNext(wallet: Page, kind: 'proposal' | 'request') {
  const card = wallet.getByTestId(kind).last()
  await card.waitFor()
  await card.getByTestId(`approve-${kind}`).click()
  await card.waitFor({ state: 'detached' })
}

/** The QR view's pairing link, once it shows one. */
async function qrUri(page: Page) {
  const qr = dialog(page).locator('[data-slot="qr-code"][data-state="ready"]')
  await qr.waitFor()
  const uri = (await qr.getAttribute('data-uri')) ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** The person pastes `uri` into the web wallet and approves the proposal. */
async function pairFromWallet(wallet: Page, uri: string) {
  await wallet.goto(running.demo.devnet.walletConnect.walletUrl)
  await wallet.getByTestId('pair-uri').fill(uri)
  await wallet.getByTestId('pair-button').click()
  await approveNext(wallet, 'proposal')
}

/** Connects Devnet Wallet from the Connect view, then adds Devnet Wallet 2 from ProfileWallets. */
async function connectTwoInstalled(page: Page) {
  const [first, second] = running.demo.devnet.evm.accounts
  await page.goto(multiWalletUrl())
  await connectButton(page).click()
  await connectDevnetWallet(page)
  await expect.poll(() => status(page)).toBe('connected')
  await expect.poll(() => address(page)).toBe(first.address)
  await openWallets(page)
  await addInstalled(page, 'Devnet Wallet 2')
  await expect.poll(() => address(page)).toBe(second.address)
}

/**
 * From ProfileWallets: Add wallet → an installed wallet in All Wallets (the Devnet Wallet is one
 * row for EVM and Solana: its EVM step); back on the list with it active.
 */
async function addInstalled(page: Page, name: 'Devnet Wallet' | 'Devnet Wallet 2') {
  await modalSettled(page)
  await dialog(page).locator('[data-slot="add-wallet"]').click()
  if (name === 'Devnet Wallet') await connectDevnetWallet(page)
  else {
    await walletRow(page, name).waitFor()
    await modalSettled(page)
    await walletRow(page, name).click()
  }
  await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
  await withStatus(page, installedRow(page, name), 'active')
}

/**
 * Closes the modal and reloads eight days later (the auth server's sessions last seven), with
 * `active` the address of the installed wallet still active: the login's `row` comes back disconnected. The
 * clock then goes back, `after` ms further on.
 */
async function reloadAfterSessionsExpired(page: Page, row: () => Locator, active: string, after = 0) {
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'detached' })
  clockOffset += 8 * 24 * 3_600_000
  try {
    await page.reload()
    await expect.poll(() => address(page), { timeout: 30_000 }).toBe(active)
    await openWallets(page)
    await withStatus(page, row(), 'disconnected')
  } finally {
    clockOffset += after - 8 * 24 * 3_600_000
  }
}

/** From ProfileWallets: Add wallet → WalletConnect → the web wallet pairs; back on the list. */
async function addWalletConnect(page: Page, wallet: Page) {
  await dialog(page).locator('[data-slot="add-wallet"]').click()
  await modalSettled(page)
  await walletRow(page, 'WalletConnect').click()
  await pairFromWallet(wallet, await qrUri(page))
  await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
  await withStatus(page, walletConnectRow(page), 'active')
}

describe('multi-wallet with every kind of wallet', () => {
  test('a WalletConnect wallet beside two installed ones: add, switch, reload (all back), disconnect one by one', async () => {
    const dappSide = await offlineContext(running.browser)
    const walletSide = await offlineContext(running.browser)
    const page = await dappSide.context.newPage()
    const wallet = await walletSide.context.newPage()
    const [first, second] = running.demo.devnet.evm.accounts

    await connectTwoInstalled(page)
    await addWalletConnect(page, wallet)
    // The web wallet answers with the devnet's first key, the same as Devnet Wallet's: the rows'
    // statuses tell the wallets apart.
    await expect.poll(() => address(page)).toBe(first.address)
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    await withStatus(page, installedRow(page, 'Devnet Wallet 2'), 'connected')
    expect(await dialog(page).locator('[data-slot="wallets-list"][data-namespace="eip155"] li').count()).toBe(3)
    // The list starts with the active wallet.
    expect(await evmRows(page).first().getAttribute('data-connector')).toBe('walletConnect')
    await shot(page, 'multi-wallet-kinds-01-three-wallets')

    // Switch to an installed wallet and back to WalletConnect: the page's account follows each time.
    await installedRow(page, 'Devnet Wallet 2').locator('[data-slot="switch-wallet"]').click()
    await expect.poll(() => address(page)).toBe(second.address)
    await withStatus(page, installedRow(page, 'Devnet Wallet 2'), 'active')
    await withStatus(page, walletConnectRow(page), 'connected')
    await expect.poll(() => evmRows(page).first().textContent()).toContain('Devnet Wallet 2')
    await walletConnectRow(page).locator('[data-slot="switch-wallet"]').click()
    await withStatus(page, walletConnectRow(page), 'active')
    await expect.poll(() => address(page)).toBe(first.address)
    // A request goes to the active wallet: the web wallet is asked.
    await page.keyboard.press('Escape')
    await page.getByTestId('sign-eip155-button').click()
    await approveNext(wallet, 'request')
    await page.getByTestId('sign-eip155-signature').waitFor()

    // Reload: the three come back, WalletConnect still the active one.
    await page.reload()
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('connected')
    await openWallets(page)
    await withStatus(page, walletConnectRow(page), 'active')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    await withStatus(page, installedRow(page, 'Devnet Wallet 2'), 'connected')
    await shot(page, 'multi-wallet-kinds-02-after-reload')

    // Disconnect an installed one: the other two stay as they were.
    await installedRow(page, 'Devnet Wallet 2').locator('[data-slot="disconnect-wallet"]').click()
    await expect.poll(() => installedRow(page, 'Devnet Wallet 2').count()).toBe(0)
    await withStatus(page, walletConnectRow(page), 'active')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    // Disconnect WalletConnect from EVM, where it is the active one: the installed wallet that is
    // left takes over; the session goes on for the namespaces only WalletConnect holds.
    await walletConnectRow(page).locator('[data-slot="disconnect-wallet"]').click()
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'active')
    await expect.poll(() => walletConnectRow(page).count()).toBe(0)
    await dialog(page)
      .locator(
        '[data-slot="wallets-list"][data-namespace="solana"] [data-connector="walletConnect"][data-status="active"]',
      )
      .waitFor()
    await wallet.getByTestId('session').first().waitFor()
    expect(await status(page)).toBe('connected')
    expect(await address(page)).toBe(first.address)

    expect(dappSide.blocked).toEqual([])
    expect(walletSide.blocked).toEqual([])
    await Promise.all([dappSide.context.close(), walletSide.context.close()])
  })

  test('a WalletConnect connection that came back disconnected reconnects through its own QR view, then is the active one', async () => {
    const dappSide = await offlineContext(running.browser)
    const walletSide = await offlineContext(running.browser)
    const page = await dappSide.context.newPage()
    const wallet = await walletSide.context.newPage()
    const [first] = running.demo.devnet.evm.accounts

    await page.goto(multiWalletUrl())
    await connectButton(page).click()
    await connectDevnetWallet(page)
    await expect.poll(() => status(page)).toBe('connected')
    await openWallets(page)
    await addWalletConnect(page, wallet)
    await installedRow(page, 'Devnet Wallet').locator('[data-slot="switch-wallet"]').click()
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'active')
    await withStatus(page, walletConnectRow(page), 'connected')

    // The wallet ends the session: the open site lists WalletConnect's EVM connection (in the
    // background) as disconnected; after a reload it still is, whether the reloaded page restored
    // the session before hearing of its end or not.
    await wallet.getByTestId('disconnect').first().click()
    await wallet.getByTestId('no-session').waitFor()
    await withStatus(page, walletConnectRow(page), 'disconnected')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'active')
    await page.keyboard.press('Escape')
    await page.reload()
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('connected')
    await openWallets(page)
    await withStatus(page, walletConnectRow(page), 'disconnected')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'active')

    // Reconnect: the WalletConnect QR view with a fresh pairing; the wallet approves it and the
    // list shows the connection active again, the installed wallet still connected beside it.
    await walletConnectRow(page).locator('[data-slot="switch-wallet"]').click()
    await shot(page, 'multi-wallet-kinds-03-reconnect-qr')
    await pairFromWallet(wallet, await qrUri(page))
    await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    await withStatus(page, walletConnectRow(page), 'active')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    await expect.poll(() => address(page)).toBe(first.address)
    // The site's requests now go to the reconnected wallet.
    await page.keyboard.press('Escape')
    await page.getByTestId('sign-eip155-button').click()
    await approveNext(wallet, 'request')
    await page.getByTestId('sign-eip155-signature').waitFor()

    expect(dappSide.blocked).toEqual([])
    expect(walletSide.blocked).toEqual([])
    await Promise.all([dappSide.context.close(), walletSide.context.close()])
  })

  test('the embedded wallet (email login) beside an installed one: add, switch, reload (both back), disconnect one; after a reload it could not survive, Reconnect logs in again by email', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const { auth } = running.demo.devnet
    await auth.ready()
    const [first] = running.demo.devnet.evm.accounts
    const email = `multi-${Date.now().toString(36)}@example.com`
    const embeddedRow = () =>
      dialog(page)
        .locator('[data-slot="wallets-list"][data-namespace="eip155"] [data-slot="connected-wallet"]')
        .filter({ hasText: email })

    // Email login from the Connect view, the code read from the devnet inbox.
    await page.goto(multiWalletUrl())
    await connectButton(page).click()
    const field = page.getByRole('textbox', { name: 'Email' })
    await field.fill(email)
    await field.press('Enter')
    await page.getByText(`Enter the code we sent to ${email}`).waitFor()
    const mail = await auth.inbox.waitFor(email, { timeoutMs: 15_000 })
    await page.keyboard.type(mail.code ?? '')
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('connected')
    const embedded = (await address(page)) ?? ''
    expect(embedded).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(embedded).not.toBe(first.address)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    // Add the installed wallet: it becomes the active one, the email login stays connected.
    await openWallets(page)
    await withStatus(page, embeddedRow(), 'active')
    await addInstalled(page, 'Devnet Wallet')
    await withStatus(page, embeddedRow(), 'connected')
    await expect.poll(() => address(page)).toBe(first.address)
    await shot(page, 'multi-wallet-kinds-04-embedded-and-installed')

    // Back to the email login, silently (no code asked again).
    await embeddedRow().locator('[data-slot="switch-wallet"]').click()
    await withStatus(page, embeddedRow(), 'active')
    await expect.poll(() => address(page)).toBe(embedded)
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    await page.keyboard.press('Escape')

    // Reload: both come back, the email login still active.
    await page.reload()
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('connected')
    await expect.poll(() => address(page)).toBe(embedded)
    await openWallets(page)
    await withStatus(page, embeddedRow(), 'active')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')

    // Disconnect the installed one: the email login stays, active.
    await installedRow(page, 'Devnet Wallet').locator('[data-slot="disconnect-wallet"]').click()
    await expect.poll(() => installedRow(page, 'Devnet Wallet').count()).toBe(0)
    await withStatus(page, embeddedRow(), 'active')
    expect(await status(page)).toBe('connected')
    expect(await address(page)).toBe(embedded)

    // The installed one again, then a reload eight days later: the auth server no longer accepts
    // the email login's session (sessions last seven), so its row comes back disconnected.
    await addInstalled(page, 'Devnet Wallet')
    // Back, and past the auth server's 30 s per-address mail cooldown.
    await reloadAfterSessionsExpired(page, embeddedRow, first.address, 31_000)

    // The email login's code cannot arrive (offline, or a deploy replaced it): Reconnect says so
    // and stays on the list; the next click, with the code reachable, logs in.
    const emailCode = demoModule('features/embedded/emailLogin.ts')
    await page.route(emailCode, (route) => route.abort('internetdisconnected'))
    await embeddedRow().locator('[data-slot="switch-wallet"]').click()
    await page.locator('[data-slot="toast-region"]').getByText('Could not reconnect this wallet. Try again.').waitFor()
    await withStatus(page, embeddedRow(), 'disconnected')
    await page.unroute(emailCode)

    // Reconnect logs in again the way it was made: a new code to the same address, then back on
    // the list with the email wallet active.
    await embeddedRow().locator('[data-slot="switch-wallet"]').click()
    await page.getByText(`Enter the code we sent to ${email}`).waitFor({ timeout: 30_000 })
    const again = await auth.inbox.waitFor(email, { after: mail.id, timeoutMs: 15_000 })
    await page.keyboard.type(again.code ?? '')
    await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    await withStatus(page, embeddedRow(), 'active')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    // One login serves both namespaces: the Solana row of the same login is back too.
    await withStatus(
      page,
      dialog(page).locator('[data-slot="wallets-list"][data-namespace="solana"] [data-connector="auth"]'),
      'active',
    )
    await expect.poll(() => address(page)).toBe(embedded)
    await shot(page, 'multi-wallet-kinds-05-email-reconnected')

    expect(blocked).toEqual([])
    await context.close()
  })

  test('a GitHub login whose session expired logs in again from the list through a new login window opened in the click', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    await running.demo.devnet.auth.ready()
    const [first] = running.demo.devnet.evm.accounts
    const user = socialTestUsers.github[0]
    if (!user) throw new Error('no GitHub test user')
    const socialRow = (namespace: 'eip155' | 'solana') =>
      dialog(page).locator(`[data-slot="wallets-list"][data-namespace="${namespace}"] [data-connector="auth"]`)
    /** The login window the next click opens: the visitor continues as the test user there. */
    const continueInWindow = async (click: () => Promise<void>) => {
      const opened = context.waitForEvent('page')
      await click()
      const popup = await opened
      await popup.getByRole('heading', { name: 'Sign in with GitHub' }).waitFor({ timeout: 60_000 })
      await popup.getByRole('button', { name: `Continue as ${user.username}` }).click()
      await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true)
    }

    await page.goto(multiWalletUrl())
    await connectButton(page).click()
    await page.getByRole('textbox', { name: 'Email' }).waitFor()
    const github = page.getByRole('button', { name: 'Continue with GitHub' })
    if ((await github.count()) === 0) await page.getByRole('button', { name: 'More ways to log in' }).click()
    await continueInWindow(() => github.click())
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('connected')
    const social = (await address(page)) ?? ''
    expect(social).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    // The installed wallet beside it, then a reload eight days later: the session is gone.
    await openWallets(page)
    await addInstalled(page, 'Devnet Wallet')
    await withStatus(page, socialRow('eip155'), 'connected')
    // On the reloaded page the social login's code cannot arrive (offline, or a deploy replaced
    // it): Reconnect is not left disabled; a click says so, opens no window and fetches it again.
    const socialCode = demoModule('features/embedded/socialLogin.ts')
    await page.route(socialCode, (route) => route.abort('internetdisconnected'))
    await reloadAfterSessionsExpired(page, () => socialRow('eip155'), first.address)
    const reconnect = socialRow('eip155').locator('[data-slot="switch-wallet"]')
    await expect.poll(() => reconnect.isEnabled(), { timeout: 30_000 }).toBe(true)
    const pagesBefore = context.pages().length
    await page.unroute(socialCode)
    await reconnect.click()
    await page.locator('[data-slot="toast-region"]').getByText('Could not reconnect this wallet. Try again.').waitFor()
    expect(context.pages().length).toBe(pagesBefore)
    await withStatus(page, socialRow('eip155'), 'disconnected')

    // Reconnect, once the code has arrived, opens GitHub's login window in the click; once the
    // visitor continues there, the list shows the same wallet active again, on both namespaces.
    await expect.poll(() => reconnect.isEnabled(), { timeout: 30_000 }).toBe(true)
    await continueInWindow(() => reconnect.click())
    await dialog(page).getByRole('heading', { name: 'Wallets' }).waitFor({ timeout: 30_000 })
    await withStatus(page, socialRow('eip155'), 'active')
    await withStatus(page, socialRow('solana'), 'active')
    await withStatus(page, installedRow(page, 'Devnet Wallet'), 'connected')
    await expect.poll(() => address(page)).toBe(social)
    await shot(page, 'multi-wallet-kinds-06-github-reconnected')

    expect(blocked).toEqual([])
    await context.close()
  })
})
