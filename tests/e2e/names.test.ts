// End to end on the demo site: an email-login wallet (the embedded wallet's connector can register
// names) chooses a name from the Account view; the wallet's signature is approved in the secure
// frame inside the modal, the devnet's profile service checks it for real (on the chain: the user's
// smart account signs, ERC-6492 before its first operation),
// the success view shows the name, and the account button shows it, also after a reload (the
// service's reverse lookup). Every wait is on an element or a condition; nothing sleeps.

import { expect, test } from 'vitest'
import { clickUntil, closeModal, modalSettled, offlineContext, shot, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

test('demo: an email wallet registers a name (signed in the frame, verified by the service); the account button shows it, also after a reload', async () => {
  const { context, blocked } = await offlineContext(running.browser)
  const page = await context.newPage()
  const { auth } = running.demo.devnet
  await auth.ready()
  const email = `names-${Date.now().toString(36)}@example.com`
  const dialog = page.getByRole('dialog')

  await page.goto(running.demo.url)
  await page.locator('[data-slot="connect-button"]').click()
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Email' }).press('Enter')
  await page.getByText(`Enter the code we sent to ${email}`).waitFor()
  const mail = await auth.inbox.waitFor(email, { timeoutMs: 15_000 })
  await page.keyboard.type(mail.code ?? '')
  await expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 15_000 }).toBe('connected')
  const address = (await page.getByTestId('account-address').textContent()) ?? ''
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

  // The Account view offers a name to this wallet. It grows as the new account's balance and the
  // login's account type rows arrive (each says it is pending until then): the click waits until it
  // is whole and still.
  await modalSettled(page)
  const field = dialog.getByRole('textbox', { name: 'Name' })
  await dialog.getByRole('button', { name: 'Choose a name' }).click({ timeout: 15_000 })
  await field.waitFor()
  const label = `e2e-${Date.now().toString(36)}`
  await field.fill(label)
  await dialog.getByRole('button', { name: `${label}.reown.id Available`, exact: true }).waitFor({ timeout: 15_000 })
  await shot(page, 'names-01-form')
  await modalSettled(page)
  await dialog.getByRole('button', { name: 'Register' }).click()

  // The embedded wallet asks for approval in its frame, laid over the modal's ApproveTransaction.
  await page.getByRole('heading', { name: 'Approve request' }).waitFor({ timeout: 15_000 })
  // Awaits the effect, clicking again only if it did not come: the frame just placed in the modal
  // can miss a click on a starved machine (see clickUntil).
  await clickUntil(
    page.frameLocator('iframe[data-portico-secure-frame]').getByRole('button', { name: 'Approve' }),
    async () => (await page.getByRole('heading', { name: 'Approve request' }).count()) === 0,
  )
  await dialog.getByText(`${label}.reown.id now points to your account.`).waitFor({ timeout: 15_000 })
  await shot(page, 'names-02-success')
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await dialog
    .locator('[data-slot="account-name"]')
    .filter({ hasText: `${label}.reown.id` })
    .waitFor()
  await closeModal(page)
  await page
    .locator('[data-slot="account-button"]')
    .filter({ hasText: `${label}.reown.id` })
    .waitFor()

  // The service holds it for this address (the same reverse lookup a reload reads).
  const reverse = await fetch(
    `${running.demo.devnet.api.url}/v1/profile/reverse/${address}?projectId=portico-demo&st=appkit&sv=e2e&sender=${address}`,
  )
  const profiles = (await reverse.json()) as { name: string; addresses: Record<string, { address: string }> }[]
  expect(profiles.map((p) => [p.name, p.addresses['60']?.address.toLowerCase()])).toEqual([
    [`${label}.reown.id`, address.toLowerCase()],
  ])

  // A reload: the session is restored and the name comes from the service again.
  await page.reload()
  await expect.poll(() => page.getByTestId('account-status').textContent(), { timeout: 15_000 }).toBe('connected')
  await page
    .locator('[data-slot="account-button"]')
    .filter({ hasText: `${label}.reown.id` })
    .waitFor({ timeout: 15_000 })
  expect(blocked).toEqual([])
  await context.close()
})
