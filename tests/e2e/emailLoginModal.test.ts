// End to end on the demo site: email login from the prebuilt modal (the code read from the devnet
// inbox), then a message signed after approval inside the secure frame, which the modal lays over
// its ApproveTransaction view. Every wait is on an element or a condition; nothing sleeps.

import { verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { offlineContext, shot, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()
const demoMessage = 'Hello from the Portico demo'

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
  // Nothing of the embedded wallet before the visitor types an email.
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
  await page.locator('[data-slot="modal-close"]').click()

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
  await approveButton.click()
  const signature = await page.getByTestId('sign-eip155-signature').textContent()
  expect(
    await verifyMessage({
      address: address as `0x${string}`,
      message: demoMessage,
      signature: (signature ?? '') as `0x${string}`,
    }),
  ).toBe(true)
  // The prompt closed and, opened by it, the modal with it.
  await page.getByRole('dialog').waitFor({ state: 'detached' })

  // Reload: the page-load reconnect restores the email login (no code, no modal), on the same
  // address; the modal then shows the account with its email.
  await page.reload()
  await expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 15_000 }).toBe('connected')
  expect(await page.getByTestId('account-address').textContent()).toBe(address)
  expect(await page.locator('[role="dialog"]').count()).toBe(0)
  await page.locator('[data-slot="account-button"], [data-slot="connect-button"]').first().click()
  await page.locator('[data-slot="account-email-address"]').filter({ hasText: email }).waitFor()
  await page.getByTestId('sign-eip155').filter({ hasText: address }).waitFor()
  expect(blocked).toEqual([])
  await context.close()
})
