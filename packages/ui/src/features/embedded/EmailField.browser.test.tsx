// EmailField (the Connect view's email login field) alone under PorticoUI in real Chromium, against
// the devnet auth server, its inbox and the secure frame (packages/ui/src/test/globalAuth.ts): the
// spec's "valid email" rule on shapes that are not one (the alert, its wiring, nothing mailed, no
// step opened, cleared by the next keystroke), Continue disabled for an empty or blank field (Enter
// too), spaces around the address dropped, and a double click or double Enter that mails one code. The field in
// the Connect view, the secure frame started on intent and the code step are covered in
// EmailLogin.browser.test.tsx; openEmailLogin's own double call in emailLogin.store.browser.test.tsx.
import type { Portico } from '@portico/headless'
import { PorticoProvider } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { usePorticoUI } from '../../context.js'
import type { ModalController } from '../../modal/controller.js'
import { PorticoUI } from '../../PorticoUI.js'
import { latestMail } from '../../test/authInbox.js'
import { embeddedPortico, freshEmail, stopEmbedded } from '../../test/embeddedKit.js'
import { EmailField } from './EmailField.js'
import '../../test/provided.js'

const embedded = inject('embedded')
afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

let modal: ModalController | undefined
function ModalProbe() {
  modal = usePorticoUI('ModalProbe').modal
  return null
}

async function mount(portico: Portico = embeddedPortico()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <ModalProbe />
        <EmailField />
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.element(input()).toBeVisible()
  return portico
}

const input = () => page.getByRole('textbox', { name: 'Email' })
const submit = () => page.getByRole('button', { name: 'Continue' })
const history = () => modal?.navigation.get().history ?? []
const emailLogins = () => history().filter((entry) => entry.view === 'EmailLogin')

/** Every mail the auth server sent to `to` so far. */
async function mailsTo(to: string): Promise<unknown[]> {
  const response = await fetch(`${embedded.inboxUrl}/messages?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { messages: unknown[] }).messages
}

test('default: an empty or blank field cannot be sent: Continue is disabled and Enter does nothing', async () => {
  await mount()
  await expect.element(submit()).toBeDisabled()
  await userEvent.click(input())
  await userEvent.keyboard('{Enter}')
  await userEvent.keyboard('   ')
  await expect.element(submit()).toBeDisabled()
  await userEvent.keyboard('{Enter}')
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect(emailLogins()).toHaveLength(0)
  await userEvent.keyboard('a')
  await expect.element(submit()).toBeEnabled()
  // The field is the browser's email field (its keyboard, its autofill), checked by the kit, not the browser.
  const field = input().element() as HTMLInputElement
  expect(field.type).toBe('email')
  expect(field.autocomplete).toBe('email')
  expect(field.form?.noValidate).toBe(true)
})

test('error: shapes that are not an email say "Enter a valid email address", wired to the field; nothing is mailed or opened; the next keystroke clears it', async () => {
  await mount()
  const base = freshEmail('ui-field')
  const [user, domain] = base.split('@') as [string, string]
  const bad = [
    user, // no @
    `${user}@example`, // no dot in the domain
    `@${domain}`, // nothing before @
    `${user}@@${domain}`,
    `${user} x@${domain}`, // a space inside
  ]
  for (const value of bad) {
    await userEvent.fill(input(), value)
    await userEvent.click(submit())
    const alert = page.getByRole('alert')
    await expect.element(alert, { message: value }).toHaveTextContent('Enter a valid email address')
    await expect.element(input()).toHaveAttribute('aria-invalid', 'true')
    await expect.element(input()).toHaveAttribute('aria-describedby', alert.element().id)
    expect(emailLogins(), value).toHaveLength(0)
  }
  await expectNoSeriousA11yViolations()
  // A keystroke clears the refusal and its wiring.
  await userEvent.click(input())
  await userEvent.keyboard('x')
  await expect.element(page.getByRole('alert')).not.toBeInTheDocument()
  expect(input().element().hasAttribute('aria-invalid')).toBe(false)
  expect(input().element().hasAttribute('aria-describedby')).toBe(false)
  // None of these shapes reached the auth server (the local part is the fresh address's own).
  expect(await mailsTo(base)).toHaveLength(0)
  expect(await mailsTo(`${user}@example`)).toHaveLength(0)
})

// (Chromium's type="email" field already strips the spaces from its value, so this holds with or
// without the field's own trim; it pins what the visitor gets, not how.)
test('behavior: an address pasted with spaces around it is sent bare: the step opens for it and its code is mailed', async () => {
  await mount()
  const email = freshEmail('ui-field')
  await userEvent.fill(input(), `  ${email}\t `)
  await userEvent.keyboard('{Enter}')
  await expect.poll(emailLogins).toEqual([{ view: 'EmailLogin', data: { email } }])
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect((await latestMail(email)).code).toMatch(/^\d{6}$/)
})

test('behavior: a double click on Continue (and Enter after it) opens one EmailLogin step and mails one code', async () => {
  await mount()
  const email = freshEmail('ui-field')
  await userEvent.fill(input(), email)
  await userEvent.dblClick(submit())
  input().element().focus()
  await userEvent.keyboard('{Enter}')
  await expect.poll(emailLogins).toHaveLength(1)
  expect(history().at(-1)).toEqual({ view: 'EmailLogin', data: { email } })
  await latestMail(email)
  expect(await mailsTo(email)).toHaveLength(1)
})

// A domain with an empty label (a trailing or doubled dot) is no address: the field says so at once
// rather than opening a code step for an address that can get no mail.
test('error: a domain with an empty label (trailing or doubled dot) is refused as not an email', async () => {
  await mount()
  const [user] = freshEmail('ui-field').split('@') as [string]
  for (const value of [`${user}@example.com.`, `${user}@example..com`]) {
    await userEvent.fill(input(), value)
    await userEvent.click(submit())
    // The submit's refusal is rendered within the click: it is there by now, or not at all.
    expect(document.querySelector('[role="alert"]')?.textContent, value).toBe('Enter a valid email address')
    expect(emailLogins(), value).toHaveLength(0)
  }
})
