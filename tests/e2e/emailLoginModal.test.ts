// End to end on the demo site: email login from the prebuilt modal (the code read from the devnet
// inbox), then a message signed after approval inside the secure frame, which the modal lays over
// its ApproveTransaction view. Every wait is on an element or a condition; nothing sleeps.

import { createPublicClient, createWalletClient, erc20Abi, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import {
  clickUntil,
  closeModal,
  demoModule,
  dropStoredBalances,
  modalSettled,
  offlineContext,
  type Route,
  recordToasts,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()
const demoMessage = 'Hello from the Portico demo'
/** The module that ties the frame's prompts to the modal (a lazy chunk of its own in the build). */
const isWatchModule = demoModule('features/embedded/EmbeddedWatch.tsx')

test('demo: email login in the modal with the inbox code, connected, a message signed after approval in the frame inside the modal, restored by the page-load reconnect after a reload', async () => {
  const { context, blocked } = await offlineContext(running.browser)
  const page = await context.newPage()
  const { auth } = running.demo.devnet
  await auth.ready()
  const email = `demo-${Date.now().toString(36)}@example.com`

  // A light system theme: the demo's modal follows it (themeMode auto), and the frame's prompt must
  // follow the modal, not its own dark default.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(running.demo.url)
  await page.locator('[data-slot="connect-button"]').click()
  const field = page.getByRole('textbox', { name: 'Email' })
  await field.waitFor()
  // Nothing of the embedded wallet before the visitor reaches for the email field.
  expect(await page.locator('iframe[data-portico-secure-frame]').count()).toBe(0)
  await field.fill(email)
  await field.press('Enter')
  await page.getByText(`Enter the code we sent to ${email}`).waitFor()
  expect(await page.locator('iframe[data-portico-secure-frame]').count()).toBe(1)
  const mail = await auth.inbox.waitFor(email, { timeoutMs: 15_000 })
  expect(mail.code).toMatch(/^\d{6}$/)
  await page.keyboard.type(mail.code ?? '')

  // Connected: the modal shows the account with the email, the page sees the connection.
  await page.locator('[data-slot="account-email-address"]').filter({ hasText: email }).waitFor()
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  const address = (await page.getByTestId('account-address').textContent()) ?? ''
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await shot(page, 'email-01-connected')
  await closeModal(page)

  // Sign from the page: the modal opens on ApproveTransaction, the frame over the view's area.
  await page.getByTestId('sign-eip155-button').click()
  await page.getByRole('heading', { name: 'Approve request' }).waitFor()
  const frameArea = page.locator('[data-slot="approve-frame-area"]')
  const frame = page.locator('iframe[data-portico-secure-frame]')
  await expect
    .poll(async () => {
      const [a, f] = await Promise.all([frameArea.boundingBox(), frame.boundingBox()])
      if (!a || !f) return false
      return [f.x - a.x, f.y - a.y, f.width - a.width, f.height - a.height].every((d) => Math.abs(d) < 1.5)
    })
    .toBe(true)
  await shot(page, 'email-02-approve-in-modal')
  // The frame draws its prompt with the modal's resolved theme (synced to it): its Approve button
  // has the light modal's accent, not the dark default's.
  const modalAccent = await page.locator('[role="dialog"]').evaluate((dialog) => {
    const probe = document.createElement('span')
    probe.style.color = 'var(--portico-colors-accent)'
    dialog.append(probe)
    const color = getComputedStyle(probe).color
    probe.remove()
    return color
  })
  expect(modalAccent).toMatch(/^rgb/)
  const approveButton = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('button', { name: 'Approve' })
  await expect
    .poll(() => approveButton.evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe(modalAccent)
  // The effect, not the click, is awaited: on a starved machine the frame just placed in the modal
  // can miss a click (see clickUntil), and a click while it moves does not count (it re-arms).
  const signed = async () => (await page.getByTestId('sign-eip155-signature').count()) > 0
  await clickUntil(approveButton, signed)
  const signature = await page.getByTestId('sign-eip155-signature').textContent()
  // The address is the user's smart account (the demo's default): its signature is checked on the
  // chain (ERC-6492 before its first operation deploys it), as a dapp's verifier would.
  const chain = createPublicClient({ transport: http(running.demo.devnet.evm.rpcUrl) })
  const verifies = (signed: string | null) =>
    chain.verifyMessage({ address: address as Hex, message: demoMessage, signature: (signed ?? '') as Hex })
  expect(await verifies(signature)).toBe(true)
  // The prompt closed and, opened by it, the modal with it.
  await page.getByRole('dialog').waitFor({ state: 'detached' })

  // Reload: the page-load reconnect restores the email login (no code, no modal), on the same
  // address; the modal then shows the account with its email. The code that ties the frame's
  // prompts to the modal (a lazy chunk loaded once the connection is back) is held, as a slow
  // network would, until the frame already shows its prompt.
  let hold: (route: Route) => void = () => {}
  const held = new Promise<Route>((resolve) => {
    hold = resolve
  })
  await page.route(isWatchModule, (route) => hold(route))
  await page.reload()
  await expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 15_000 }).toBe('connected')
  expect(await page.getByTestId('account-address').textContent()).toBe(address)
  expect(await page.locator('[role="dialog"]').count()).toBe(0)
  // Signing before the modal was ever opened on this page: the frame's prompt still opens the modal
  // on ApproveTransaction (the watch starts with the restored connection, not with a view), even
  // when the prompt came up before the watch did.
  await page.getByTestId('sign-eip155').filter({ hasText: address }).waitFor()
  await page.getByTestId('sign-eip155-button').click()
  const heldWatch = await held
  await approveButton.waitFor() // the frame's own card, with no modal to sit in yet
  expect(await page.locator('[role="dialog"]').count()).toBe(0)
  await heldWatch.continue()
  await page.unroute(isWatchModule)
  await page.getByRole('heading', { name: 'Approve request' }).waitFor()
  await expect
    .poll(async () => {
      const [a, f] = await Promise.all([frameArea.boundingBox(), frame.boundingBox()])
      return Boolean(a && f && Math.abs(f.x - a.x) < 1.5 && Math.abs(f.y - a.y) < 1.5)
    })
    .toBe(true)
  await clickUntil(approveButton, signed)
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  const restoredSignature = (await page.getByTestId('sign-eip155-signature').textContent()) ?? ''
  expect(await verifies(restoredSignature)).toBe(true)
  await page.locator('[data-slot="account-button"], [data-slot="connect-button"]').first().click()
  await page.locator('[data-slot="account-email-address"]').filter({ hasText: email }).waitFor()
  await page.getByTestId('sign-eip155').filter({ hasText: address }).waitFor()
  expect(blocked).toEqual([])
  await context.close()
})

test('demo: an email-login wallet shows its balance and sends USDC from the modal, approved in the frame inside the modal', async () => {
  const { context, blocked } = await offlineContext(running.browser)
  const toasts = await recordToasts(context)
  const page = await context.newPage()
  const { auth, evm } = running.demo.devnet
  await auth.ready()
  const email = `send-${Date.now().toString(36)}@example.com`
  const dialog = page.getByRole('dialog')

  await page.goto(running.demo.url)
  await page.locator('[data-slot="connect-button"]').click()
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Email' }).press('Enter')
  await page.getByText(`Enter the code we sent to ${email}`).waitFor()
  const mail = await auth.inbox.waitFor(email, { timeoutMs: 15_000 })
  await page.keyboard.type(mail.code ?? '')
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  const address = (await page.getByTestId('account-address').textContent()) as Hex
  await closeModal(page)

  // Fund the new wallet (made in the frame a moment ago) from a devnet account: gas and 25 USDC.
  const usdc = evm.tokens.find((t) => t.symbol === 'USDC')?.address as Hex
  const funder = createWalletClient({
    account: privateKeyToAccount(evm.accounts[0]!.privateKey as Hex),
    transport: http(evm.rpcUrl),
  })
  const chain = createPublicClient({ transport: http(evm.rpcUrl) })
  const chainId = await chain.getChainId()
  const chainDef = {
    id: chainId,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  }
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ chain: chainDef, to: address, value: parseEther('1') }),
  })
  await chain.waitForTransactionReceipt({
    hash: await funder.writeContract({
      chain: chainDef,
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 25_000_000n],
    }),
  })
  const balanceOf = (owner: Hex) =>
    chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  // Balances are kept 30 s across reloads (spec), and the wallet was read empty at login: with that
  // stored read dropped, as 30 s later, a reload (the session restored at page load) reads them
  // afresh. The Account view shows the balance; Send goes through the frame's approval inside the modal.
  await dropStoredBalances(page)
  await page.reload()
  await expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 15_000 }).toBe('connected')
  await page.locator('[data-slot="account-button"]').click()
  await dialog
    .locator('[data-slot="token-row"]')
    .filter({ hasText: 'USDC' })
    .filter({ hasText: '25' })
    .waitFor({ timeout: 15_000 })
  await modalSettled(page)
  await dialog.locator('[data-slot="wallet-feature-send"]').click()
  await dialog.getByRole('heading', { name: 'Send' }).waitFor()
  await modalSettled(page)
  await dialog.locator('[data-slot="send-token"]').click()
  await modalSettled(page)
  await dialog.getByRole('button').filter({ hasText: 'USD Coin' }).click()
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('7.25')
  await dialog.getByRole('textbox', { name: 'To' }).fill(receiver)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await dialog.getByRole('heading', { name: 'Review send' }).waitFor()
  await modalSettled(page)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByRole('heading', { name: 'Approve request' }).waitFor()
  await shot(page, 'email-03-send-approve-in-modal')
  await clickUntil(
    page.frameLocator('iframe[data-portico-secure-frame]').getByRole('button', { name: 'Approve' }),
    async () => (await page.getByRole('heading', { name: 'Approve request' }).count()) === 0,
  )
  await expect.poll(() => balanceOf(receiver), { timeout: 15_000 }).toBe(7_250_000n)
  expect(await balanceOf(address)).toBe(17_750_000n)
  await expect.poll(() => toasts(page)).toContain('Sent 7.25 USDC')
  expect(blocked).toEqual([])
  await context.close()
})
