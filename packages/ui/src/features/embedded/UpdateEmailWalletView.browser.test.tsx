// The UpdateEmailWallet view in real Chromium against the auth server, its inbox and the secure
// frame (packages/ui/src/test/globalAuth.ts): the new address checked before anything is sent,
// a wrong and an expired code of the current address, a double submit that sends one request,
// the server's refusals (mail cooldown right after the login, an address taken or unchanged) and a
// change abandoned by leaving the view. The happy path through both codes and the 'Session Expired'
// refusal are in EmailLogin.browser.test.tsx; refusalText's wording table in refusalText.test.ts.
// Time is moved for the test's own user only (shiftAuthClockFor), never waited out.
import { type Portico, PorticoProvider } from '@portico/headless'
import { getEmbeddedWallet } from '@portico/headless/embedded'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { latestMail, shiftAuthClockFor } from '../../test/authInbox.js'
import { emailLogin, embeddedPortico, freshEmail, stopEmbedded } from '../../test/embeddedKit.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import { type ModalView, useModal } from '../../useModal.js'
import '../../test/provided.js'

const embedded = inject('embedded')
const shifted: string[] = []
afterEach(async () => {
  await cleanup()
  stopEmbedded()
  await Promise.all(shifted.splice(0).map((email) => shiftAuthClockFor(email, 0)))
})

/** The views opened here: UpdateEmailWallet is internal (pushed by the Account view's Change), not a host's ModalView. */
type View = ModalView | 'UpdateEmailWallet'

function OpenOnMount({ view }: { view: View }) {
  const { open } = useModal()
  useEffect(() => open({ view } as Parameters<typeof open>[0]), [open, view])
  return null
}

async function mount(portico: Portico, view: View) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode="dark">
        <OpenOnMount view={view} />
      </PorticoUI>
    </PorticoProvider>,
  )
}

/** Moves the auth server's clock for `email`'s session only (reset after the test). */
async function shiftFor(email: string, ms: number) {
  shifted.push(email)
  await shiftAuthClockFor(email, ms)
}

/** Counts the page's requests to the secure frame by name (every verb goes through `client.request`). */
function countFrameRequests(portico: Portico) {
  const { client } = getEmbeddedWallet(portico)
  const seen: string[] = []
  const original = client.request.bind(client) as (name: string, payload?: unknown) => Promise<unknown>
  client.request = ((name: string, payload?: unknown) => {
    seen.push(name)
    return original(name, payload)
  }) as typeof client.request
  return (name: string) => seen.filter((n) => n === name).length
}

/** Every mail the auth server sent to `to` so far. */
async function mailsTo(to: string): Promise<{ id: number }[]> {
  const response = await fetch(`${embedded.inboxUrl}/messages?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { messages: { id: number }[] }).messages
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const input = () => page.getByRole('textbox', { name: 'New email' })
const submit = () => page.getByRole('button', { name: 'Continue' })
const digit = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` })
const step = () => $('update-email')?.getAttribute('data-step')

/** A user logged in (headless), past the server's 30 s mail cooldown for its own session, on the view. */
async function loggedInOnView() {
  const portico = embeddedPortico()
  const { email } = await emailLogin(portico, freshEmail('ui-update'))
  await shiftFor(email, 31_000)
  await mount(portico, 'UpdateEmailWallet')
  await expect.element(input()).toHaveFocus()
  return { portico, email }
}

/** Types `newEmail` and submits; waits for the code step of the current address and its mail. */
async function toPrimaryStep(email: string, newEmail: string) {
  const before = await latestMail(email)
  await userEvent.fill(input(), newEmail)
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByText(`Enter the code we sent to your current email, ${email}`)).toBeVisible()
  return latestMail(email, before.id)
}

test('behavior: the new address is checked before anything is sent: Continue off while empty, an address that is not one says so (aria-invalid, described), typing clears it; a valid one is sent trimmed', async () => {
  // Not logged in: what would be sent reaches the kit's own check of the connection.
  const portico = embeddedPortico()
  const sent = countFrameRequests(portico)
  await mount(portico, 'UpdateEmailWallet')
  await expect.element(input()).toHaveFocus()
  await expect.element(submit()).toBeDisabled()
  await userEvent.keyboard('   ')
  await expect.element(submit()).toBeDisabled()
  for (const bad of ['plainaddress', 'a@b', 'two words@example.com', '@example.com', 'ada@example.com@x', 'ada@.']) {
    await userEvent.fill(input(), bad)
    await userEvent.keyboard('{Enter}')
    await expect.element(page.getByRole('alert')).toHaveTextContent('Enter a valid email address')
    await expect.element(input()).toHaveAttribute('aria-invalid', 'true')
    const describedBy = (await input().element()).getAttribute('aria-describedby') ?? ''
    const alert = await page.getByRole('alert').element()
    expect(describedBy.split(' '), bad).toContain(alert.id)
    expect(step(), bad).toBe('email')
  }
  expect(sent('UPDATE_EMAIL')).toBe(0)
  // Typing takes the complaint away at once.
  await userEvent.type(input(), 'x')
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect((await input().element()).getAttribute('aria-invalid')).toBeNull()

  // A valid address, padded: the field keeps it trimmed and the spec's refusal of a kit not
  // connected through email or social is shown (nothing reached the frame).
  await userEvent.fill(input(), '  new-address@example.com  ')
  await userEvent.click(submit())
  await expect.element(page.getByRole('alert')).toHaveTextContent('Not connected to email or social')
  await expect.element(input()).toHaveValue('new-address@example.com')
  expect(sent('UPDATE_EMAIL')).toBe(0)
  expect(step()).toBe('email')
})

test("error: a wrong code of the current address says 'Invalid code', clears the boxes and stays on that step; nothing goes to the new address", async () => {
  const { email } = await loggedInOnView()
  const newEmail = freshEmail('ui-update-new')
  const primary = await toPrimaryStep(email, newEmail)
  expect(step()).toBe('primary')
  await expect.element(digit(1)).toHaveFocus()
  await userEvent.keyboard(primary.code === '000000' ? '111111' : '000000')
  await expect.element(page.getByRole('alert')).toHaveTextContent('Invalid code')
  await expect.element(digit(1)).toHaveValue('')
  expect(step()).toBe('primary')
  expect(await mailsTo(newEmail)).toHaveLength(0)
})

test('behavior: while the first request is on its way, a double click, a second Enter and another submit send nothing more: one request, one code mailed to the current address, no refusal', async () => {
  const { portico, email } = await loggedInOnView()
  // The page's UPDATE_EMAIL requests to the frame are held (counted) until released.
  const { client } = getEmbeddedWallet(portico)
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = 0
  const original = client.request.bind(client) as (name: string, payload?: unknown) => Promise<unknown>
  client.request = ((name: string, payload?: unknown) => {
    if (name !== 'UPDATE_EMAIL') return original(name, payload)
    asked++
    return held.then(() => original(name, payload))
  }) as typeof client.request
  const mailsBefore = (await mailsTo(email)).length
  await userEvent.fill(input(), freshEmail('ui-update-new'))
  await userEvent.keyboard('{Enter}')
  await expect.element(submit()).toBeDisabled()
  await userEvent.keyboard('{Enter}')
  await userEvent.dblClick(submit(), { force: true })
  ;($('update-email') as HTMLFormElement).requestSubmit()
  expect(asked).toBe(1)
  release()
  await expect.element(page.getByText(`Enter the code we sent to your current email, ${email}`)).toBeVisible()
  await latestMail(email)
  expect((await mailsTo(email)).length).toBe(mailsBefore + 1)
  expect(asked).toBe(1)
  expect(document.querySelector('[role="alert"]')).toBeNull()
})

test("error: the auth server's refusals keep the user on the address step: its 30 s mail cooldown right after the login ('Please try again after {n} seconds'), the current address, an address another user has", async () => {
  const portico = embeddedPortico()
  const { email } = await emailLogin(portico, freshEmail('ui-update'))
  const other = await emailLogin(embeddedPortico(), freshEmail('ui-update-taken'))
  await mount(portico, 'UpdateEmailWallet')
  await expect.element(input()).toHaveFocus()
  const mailsBefore = (await mailsTo(email)).length

  // The login's mail went out a moment ago: the server's cooldown of the current address.
  await userEvent.fill(input(), freshEmail('ui-update-new'))
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('alert')).toHaveTextContent(/^Please try again after \d+ seconds$/)
  const seconds = Number(/(\d+)/.exec($('update-email-error')?.textContent ?? '')?.[1])
  expect(seconds).toBeGreaterThanOrEqual(1)
  expect(seconds).toBeLessThanOrEqual(30)
  expect(step()).toBe('email')
  expect((await mailsTo(email)).length).toBe(mailsBefore)

  await shiftFor(email, 31_000)
  await userEvent.fill(input(), email)
  await userEvent.click(submit())
  await expect.element(page.getByRole('alert')).toHaveTextContent('The new email is the current one')
  await userEvent.fill(input(), other.email)
  await userEvent.click(submit())
  await expect.element(page.getByRole('alert')).toHaveTextContent('Email already in use')
  expect(step()).toBe('email')
  await expect.element(input()).toBeEnabled()
  expect((await mailsTo(email)).length).toBe(mailsBefore)
})

test('behavior: leaving the code step abandons the change: back on Account, Change starts again at an empty address step', async () => {
  const portico = embeddedPortico()
  const { email } = await emailLogin(portico, freshEmail('ui-update'))
  await shiftFor(email, 31_000)
  await mount(portico, 'Account')
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Change email' }))
  await expect.element(input()).toHaveFocus()
  await toPrimaryStep(email, freshEmail('ui-update-new'))
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await accountViewSettled()
  await expect.element(page.getByText(email)).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: 'Change email' }))
  await expect.element(input()).toHaveFocus()
  await expect.element(input()).toHaveValue('')
  expect(step()).toBe('email')
  expect(document.querySelector('[role="alert"]')).toBeNull()
})
