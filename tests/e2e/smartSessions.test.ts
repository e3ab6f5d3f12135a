// Smart sessions end to end on the demo (`?smartSessions=on`), through the embedded wallet: an email
// user grants the page 1000 wei a day (approved in the secure frame inside the modal), a send of 600
// under it goes through with no prompt and lands on anvil, a second one (over the allowance) is
// prompted and rejected, the grant is revoked from the Account view's permissions list, and a send
// naming it afterwards is prompted again. Every wait is on an element or a condition.

import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import {
  clickUntil,
  closeModal,
  offlineContext,
  openAccountView,
  recordToasts,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

test('demo: grant, a send within it with no prompt (on anvil), over it prompted, revoked from the Account view, prompted after', async () => {
  const { context } = await offlineContext(running.browser)
  const toasts = await recordToasts(context)
  const page = await context.newPage()
  const { auth, evm } = running.demo.devnet
  await auth.ready()
  const email = `sessions-${Date.now().toString(36)}@example.com`
  const url = new URL(running.demo.url)
  url.searchParams.set('smartSessions', 'on')

  await page.goto(url.toString())
  await page.locator('[data-slot="connect-button"]').click()
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Email' }).press('Enter')
  await page.getByText(`Enter the code we sent to ${email}`).waitFor()
  const mail = await auth.inbox.waitFor(email, { timeoutMs: 15_000 })
  await page.keyboard.type(mail.code ?? '')
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  const address = (await page.getByTestId('account-address').textContent()) as Hex
  await closeModal(page)

  const chain = createPublicClient({ transport: http(evm.rpcUrl) })
  const funder = createWalletClient({
    account: privateKeyToAccount(evm.accounts[0]!.privateKey as Hex),
    transport: http(evm.rpcUrl),
  })
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ chain: null, to: address, value: parseEther('1') }),
  })
  const receiver = evm.accounts[3]!.address as Hex
  const received = () => chain.getBalance({ address: receiver })
  const before = await received()

  const frame = page.frameLocator('iframe[data-portico-secure-frame]')
  // Grant: the frame's prompt (inside the modal) says what, for whom and until when.
  await page.getByTestId('permissions-grant').click()
  await frame.getByRole('heading', { name: 'Grant permissions' }).waitFor()
  expect(await frame.getByText('up to 1000 wei every 1 day(s)').count()).toBe(1)
  await clickUntil(
    frame.getByRole('button', { name: 'Approve' }),
    async () => (await page.getByTestId('permissions-context').count()) > 0,
  )
  const grant = (await page.getByTestId('permissions-context').textContent()) ?? ''
  expect(grant).toMatch(/^0x[0-9a-f]{64}$/)
  await page.getByRole('dialog').waitFor({ state: 'detached' })

  // Within the allowance: no prompt (no modal opens), and the 600 wei are on anvil.
  await page.getByTestId('permissions-send').click()
  await page.getByTestId('permissions-sent').waitFor()
  await expect.poll(received).toBe(before + 600n)
  expect(await page.getByRole('dialog').count()).toBe(0)

  // Over it (1200 > 1000): the frame asks, naming why; rejected, nothing sent.
  await page.getByTestId('permissions-send').click()
  await frame.getByText('over the allowance', { exact: true }).waitFor()
  await clickUntil(
    frame.getByRole('button', { name: 'Reject' }),
    async () => (await page.getByTestId('permissions-send-error').count()) > 0,
  )
  // The embedded wallet's refusal keeps its own error type (its code is EIP-1193's 4001).
  expect(await page.getByTestId('permissions-send-error').textContent()).toBe('EmbeddedWalletError')
  expect(await received()).toBe(before + 600n)
  await page.getByRole('dialog').waitFor({ state: 'detached' })

  // The Account view lists the grant; Revoke ends it (no prompt) and the row goes.
  await openAccountView(page)
  const dialog = page.getByRole('dialog')
  const row = dialog.locator('[data-slot="permission-row"]')
  // Whole and still (openAccountView waits for it) means the row is in: the list read when the
  // login showed the Account view (empty, before the grant) says it is pending while it is fetched
  // again. Checked at once, not waited for.
  expect(await row.count()).toBe(1)
  expect(await row.locator('[data-slot="permission-what"]').textContent()).toBe('Spend up to 1000 wei every day')
  await row.getByRole('button', { name: 'Revoke: Spend up to 1000 wei every day' }).click()
  await expect.poll(() => toasts(page)).toContain('Permission revoked')
  await dialog.locator('[data-slot="permissions"]').waitFor({ state: 'detached' })
  await closeModal(page)
  await dialog.waitFor({ state: 'detached' })

  // After: a send naming the revoked grant is prompted again ('unknown permission'), not sent.
  await page.getByTestId('permissions-send').click()
  await frame.getByText('unknown permission', { exact: true }).waitFor()
  await clickUntil(
    frame.getByRole('button', { name: 'Reject' }),
    async () => !(await page.getByTestId('permissions-send').isDisabled()),
  )
  expect(await received()).toBe(before + 600n)
  await context.close()
})
