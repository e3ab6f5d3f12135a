// The embedded wallet's views in real Chromium against real services: the auth server (PGlite), its
// SMTP inbox and the secure frame on its own loopback origin (packages/ui/src/test/globalAuth.ts).
// Codes and device links are read from the inbox; the frame's approval prompt is clicked inside the
// frame's own document (a trusted click by Playwright), never from the page.

import { type Portico, PorticoProvider, signMessage, request as walletRequest } from '@portico/headless'
import { getEmbeddedWallet, startEmailLogin, verifyEmailOtp } from '@portico/headless/embedded'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { verifyMessage } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { PorticoUI } from '../../PorticoUI.js'
import { advanceAuthClock, latestMail, shiftAuthClockFor } from '../../test/authInbox.js'
import { embeddedPortico, pageStorage, stopEmbedded } from '../../test/embeddedKit.js'
import { type ModalView, useModal } from '../../useModal.js'
import '../../test/provided.js'
import { embeddedTimings } from '../../../../headless/src/test/embeddedTimings.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'

const embedded = inject('embedded')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  // Stops the kits and removes the secure frame each added to the page.
  stopEmbedded()
})

let emails = 0
const freshEmail = () => `ui-${Date.now().toString(36)}-${++emails}@example.com`

/** The auth server's clock moves forward past its 30 s per-address mail cooldown (never waited out). */
const passServerCooldown = () => advanceAuthClock(31_000)

function OpenOnMount({ view }: { view: ModalView }) {
  const { open } = useModal()
  useEffect(() => open({ view }), [open, view])
  return null
}

async function mount(portico: Portico, view?: ModalView, themeMode: 'light' | 'dark' = 'dark', locale?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode={themeMode} locale={locale}>
        {view ? <OpenOnMount view={view} /> : null}
      </PorticoUI>
    </PorticoProvider>,
  )
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const emailInput = () => page.getByRole('textbox', { name: 'Email' })
const digit = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` })

/** Types `email` in the Connect view's field and submits it with the keyboard. */
async function submitEmail(email: string) {
  await expect.element(emailInput()).toBeVisible()
  await userEvent.click(emailInput())
  await userEvent.keyboard(email)
  await userEvent.keyboard('{Enter}')
}

/**
 * `email` becomes a known user (a first login through the first frame origin: one device), then
 * submits the Connect view's field on another frame origin (another device) and waits for the
 * device step. Returns that instance and the mail sent before the submit.
 */
async function submitOnNewDevice(email: string) {
  await loginHeadless(embeddedPortico(), email)
  await passServerCooldown()
  const portico = embeddedPortico({ frameUrl: embedded.otherFrameUrl })
  await mount(portico, 'Connect')
  const before = await latestMail(email)
  await submitEmail(email)
  await expect.element(page.getByText('Register this device')).toBeVisible()
  return { portico, before }
}

/** The visitor opens the approval link from `mail` and presses its button (the page posts the token); then the mailed code connects. */
async function approveDeviceAndConnect(email: string, mail: { id: number; link?: string | undefined }) {
  const link = new URL(mail.link as string)
  await fetch(`${link.origin}${link.pathname}`, {
    method: 'POST',
    mode: 'no-cors',
    body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }),
  })
  await expect.element(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible()
  const code = await latestMail(email, mail.id)
  await modalSettled()
  await userEvent.click(digit(1))
  await userEvent.keyboard(code.code ?? '')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
}

/** Logs `email` in without the UI (headless actions), for tests that start connected. */
async function loginHeadless(portico: Portico, email: string) {
  await startEmailLogin(portico, { email })
  const { code } = await latestMail(email)
  return verifyEmailOtp(portico, { otp: code ?? '' })
}

test('behavior: email first in Connect; typing loads the view; code from the inbox connects and the Account view shows the email; axe clean dark and light', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect')
  await expect.element(emailInput()).toBeVisible()
  // Spec connect-method order: email, social, wallet (the email section comes before the wallets).
  const connect = $('connect-view') as HTMLElement
  const sections = [...connect.children].map((child) => child.getAttribute('data-slot') ?? child.tagName)
  expect(sections[0]).toBe('connect-email')
  // Nothing of the embedded wallet before the visitor reaches for the field: no secure frame yet.
  expect(document.querySelector('iframe[data-portico-secure-frame]')).toBeNull()
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)

  // Reaching for the field (here the click into it) fetches the email login view (and the
  // embedded wallet with it).
  // (The timing buffer is cleared first: the test page's own modules fill it.)
  const fetched = (file: string) => performance.getEntriesByType('resource').some((e) => e.name.includes(file))
  performance.clearResourceTimings()
  // An address that is not one: the field says so and nothing is sent.
  await userEvent.click(emailInput())
  await userEvent.keyboard('not-an-email')
  await expect.poll(() => fetched('EmailLoginView')).toBe(true)
  // It starts the secure frame too, hidden: its load and handshake run while the visitor types,
  // not after their Continue.
  await expect.poll(() => document.querySelector('iframe[data-portico-secure-frame]')).not.toBeNull()
  expect(document.querySelector('iframe[data-portico-secure-frame]')?.getAttribute('aria-hidden')).toBe('true')
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('alert')).toHaveTextContent('Enter a valid email address')
  await userEvent.clear(emailInput())

  const email = freshEmail()
  await submitEmail(email)
  await expect.element(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible()
  expect(document.querySelector('iframe[data-portico-secure-frame]')).not.toBeNull()
  // The first box has focus: the code is typed straight away.
  await expect.element(digit(1)).toHaveFocus()
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)
  const { code } = await latestMail(email)
  await userEvent.keyboard(code ?? '')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  await expect.element(page.getByText(email)).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Account')
  await cleanup()

  // Light theme: the OTP step of another login, scanned too.
  const light = embeddedPortico()
  await mount(light, 'Connect', 'light')
  await submitEmail(freshEmail())
  await expect.element(digit(1)).toBeVisible()
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)
})

/** The secure frames on the page (one per instance that started its embedded wallet). */
const frames = () => [...document.querySelectorAll('iframe[data-portico-secure-frame]')]

/** Every mail the auth server sent to `to` so far (the inbox's list, read at once). */
async function mailsTo(to: string): Promise<unknown[]> {
  const response = await fetch(`${embedded.inboxUrl}/messages?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { messages: unknown[] }).messages
}

test('behavior: the secure frame starts when the visitor reaches for the email field (pointer over it, focus by Tab), not when the Connect view opens; the Continue after it mails one code through that same frame', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect')
  await expect.element(emailInput()).toBeVisible()
  // The modal's own opening focus (on its Close button) is not the visitor reaching for the field.
  await expect.element(page.getByRole('button', { name: 'Close' })).toHaveFocus()
  expect(frames()).toHaveLength(0)

  // The pointer over the field: the frame is added, hidden, and is ready (the wait after its
  // ready report included)
  // before anything is typed.
  await userEvent.hover(emailInput())
  await expect.poll(() => frames().length).toBe(1)
  const [frame] = frames()
  expect(frame?.getAttribute('aria-hidden')).toBe('true')
  const wallet = getEmbeddedWallet(portico)
  expect(wallet.client.element).toBe(frame)
  await wallet.client.ready()

  // Continue takes that frame: no second frame, one code mailed, no error.
  const email = freshEmail()
  await submitEmail(email)
  await expect.element(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible()
  const { code } = await latestMail(email)
  expect(await mailsTo(email)).toHaveLength(1)
  expect(frames()).toEqual([frame])
  expect($('email-error')).toBeNull()
  await userEvent.keyboard(code ?? '')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  expect(frames()).toEqual([frame])
  await cleanup()
  for (const stale of frames()) stale.remove()

  // A keyboard visitor: Tab from Close into the field starts it too.
  const keyboard = embeddedPortico()
  await mount(keyboard, 'Connect')
  await expect.element(page.getByRole('button', { name: 'Close' })).toHaveFocus()
  expect(frames()).toHaveLength(0)
  await userEvent.tab()
  await expect.element(emailInput()).toHaveFocus()
  await expect.poll(() => frames().length).toBe(1)
  await getEmbeddedWallet(keyboard).client.ready()
})

test('behavior: a visitor who reaches for the email field and never continues: the frame stays one, hidden, and nothing is alerted, and the modal closes as usual', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect')
  await userEvent.hover(emailInput())
  await expect.poll(() => frames().length).toBe(1)
  const [frame] = frames()
  await getEmbeddedWallet(portico).client.ready()
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await expect.poll(() => document.querySelector('[role="dialog"]')).toBeNull()
  expect(portico.alerts.history().map((alert) => alert.code)).toEqual([])
  expect(frames()).toEqual([frame])
  expect(frame?.getAttribute('aria-hidden')).toBe('true')
})

test('behavior: a wrong code shows the auth server error and clears the boxes; a pasted code (spaces and all) fills every box and connects', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect')
  const email = freshEmail()
  await submitEmail(email)
  const { code } = await latestMail(email)
  const wrong = code === '000000' ? '111111' : '000000'
  await expect.element(digit(1)).toHaveFocus()
  await userEvent.keyboard(wrong)
  const alert = page.getByRole('alert')
  await expect.element(alert).toBeVisible()
  const message = (await alert.element()).textContent ?? ''
  expect(message.length).toBeGreaterThan(0)
  expect(message).not.toContain('Invalid otp')
  await expect.element(digit(1)).toHaveValue('')
  await expect.element(digit(1)).toHaveFocus()

  // Paste the whole code, with the spaces a mail client may add: digits only, every box filled.
  const spaced = `${code?.slice(0, 3)} ${code?.slice(3)}`
  const data = new DataTransfer()
  data.setData('text', spaced)
  ;(await digit(3).element()).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Account')
})

test("behavior: in Arabic the auth server's refusal of a wrong code is worded in Arabic, not in the server's English", async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect', 'dark', 'ar')
  const email = freshEmail()
  const field = page.getByRole('textbox', { name: 'البريد الإلكتروني' })
  await expect.element(field).toBeVisible()
  await userEvent.click(field)
  await userEvent.keyboard(email)
  await userEvent.keyboard('{Enter}')
  const { code } = await latestMail(email)
  await expect.poll(() => $('email-login')?.getAttribute('data-step')).toBe('verify-otp')
  await expect.element(page.getByRole('textbox', { name: 'الرقم 1 من 6' })).toHaveFocus()
  await userEvent.keyboard(code === '000000' ? '111111' : '000000')
  await expect.element(page.getByRole('alert')).toHaveTextContent('رمز غير صالح')
  expect($('email-error')?.textContent).not.toMatch(/[A-Za-z]/)
})

test('behavior: a mail the auth server cannot send says so; nothing is held back, and another address then connects', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect')
  // The devnet inbox refuses every address on `.invalid` at RCPT TO, as a mail server refuses an
  // address it cannot deliver to: the auth server's send fails (MAIL_FAILED).
  const undeliverable = `ui-${Date.now().toString(36)}@mail.invalid`
  await submitEmail(undeliverable)
  await expect.element(page.getByRole('alert')).toHaveTextContent('Could not send the email')
  expect($('email-login')?.getAttribute('data-step')).toBe('email')
  // No code was mailed, so no cooldown holds the retry back.
  await expect.element(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
  expect($('email-cooldown')).toBeNull()

  await userEvent.click(page.getByRole('button', { name: 'Use another email' }))
  const email = freshEmail()
  await expect.element(emailInput()).toBeVisible()
  await userEvent.clear(emailInput())
  await submitEmail(email)
  const { code } = await latestMail(email)
  await expect.element(digit(1)).toHaveFocus()
  expect($('email-error')).toBeNull()
  await userEvent.keyboard(code ?? '')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
})

test('behavior: resend waits out the 30 s cooldown (Please try again after {n} seconds), then mails a new code that connects', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'Connect')
  const email = freshEmail()
  await submitEmail(email)
  const first = await latestMail(email)
  await expect.element(page.getByText(/^Please try again after (30|29|28) seconds$/)).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Resend code' })).toBeDisabled()

  // The cooldown is over (the login cache's last email time moved back, the server's clock forward).
  getEmbeddedWallet(portico).writeLoginCache({ lastEmailLoginTime: Date.now() - 31_000 })
  await passServerCooldown()
  await expect.element(page.getByRole('button', { name: 'Resend code' })).toBeEnabled()
  expect($('email-cooldown')).toBeNull()
  await userEvent.click(page.getByRole('button', { name: 'Resend code' }))
  await expect.element(page.getByText('A new code is on its way')).toBeVisible()
  const second = await latestMail(email, first.id)
  expect(second.id).toBeGreaterThan(first.id)
  await expect.element(page.getByText(/^Please try again after \d+ seconds$/)).toBeVisible()
  await modalSettled()
  await userEvent.click(digit(1))
  await userEvent.keyboard(second.code ?? '')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
})

test('behavior: a known user on a new device waits for the approval link, then the code step connects', async () => {
  const email = freshEmail()
  const { before } = await submitOnNewDevice(email)
  await expect
    .element(page.getByText(`Check your email to approve this device. We sent a link to ${email}.`))
    .toBeVisible()
  expect($('email-login')?.getAttribute('data-step')).toBe('verify-device')
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)
  const approval = await latestMail(email, before.id)
  expect(approval.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  await approveDeviceAndConnect(email, approval)
})

test('behavior: on a new device the approval mail can be sent again once the cooldown is over; the new link approves the device', async () => {
  const email = freshEmail()
  const { portico, before } = await submitOnNewDevice(email)
  const firstLink = await latestMail(email, before.id)
  // The cooldown holds the button back, not the wait for the approval.
  await expect.element(page.getByRole('button', { name: 'Resend email' })).toBeDisabled()
  getEmbeddedWallet(portico).writeLoginCache({ lastEmailLoginTime: Date.now() - 31_000 })
  await passServerCooldown()
  await expect.element(page.getByRole('button', { name: 'Resend email' })).toBeEnabled()
  await userEvent.click(page.getByRole('button', { name: 'Resend email' }))
  await expect.element(page.getByText('A new link is on its way')).toBeVisible()
  const secondLink = await latestMail(email, firstLink.id)
  expect(secondLink.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  expect(secondLink.link).not.toBe(firstLink.link)
  expect($('email-login')?.getAttribute('data-step')).toBe('verify-device')

  await approveDeviceAndConnect(email, secondLink)
  expect($('email-error')).toBeNull()
})

test('behavior: update email from the Account view: new address, code to the old one, code to the new one, the new email shown', async () => {
  const portico = embeddedPortico()
  const email = freshEmail()
  await loginHeadless(portico, email)
  await passServerCooldown()
  await mount(portico, 'Account')
  await expect.element(page.getByText(email)).toBeVisible()
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Change email' }))
  const newEmail = freshEmail()
  const input = page.getByRole('textbox', { name: 'New email' })
  await expect.element(input).toHaveFocus()
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)
  const login = await latestMail(email)
  await userEvent.keyboard(`${newEmail}{Enter}`)
  await expect.element(page.getByText(`Enter the code we sent to your current email, ${email}`)).toBeVisible()
  const primary = await latestMail(email, login.id)
  await modalSettled()
  await userEvent.click(digit(1))
  await userEvent.keyboard(primary.code ?? '')
  await expect.element(page.getByText(`Enter the code we sent to your new email, ${newEmail}`)).toBeVisible()
  const secondary = await latestMail(newEmail)
  await modalSettled()
  await userEvent.click(digit(1))
  await userEvent.keyboard(secondary.code ?? '')
  await expect.element(page.getByText('Email updated')).toBeVisible()
  await expect.element(page.getByText(newEmail)).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Account')
})

test("behavior: the auth server refuses the session's token (not yet valid): the inline error gives its words, 'Session Expired' shows once however often the request is retried", async () => {
  const portico = embeddedPortico()
  const email = freshEmail()
  await loginHeadless(portico, email)
  // The server's clock ten minutes behind for this user's token only (the one it signed is from its
  // future): the other test files' sessions, on the same server, are untouched.
  await shiftAuthClockFor(email, -10 * 60_000)
  stops.push(() => void shiftAuthClockFor(email, 0))
  // Every toast the page shows, as it comes (each leaves after 2.5 s), and the frame's refusals of
  // the email change, after the kit has handled them (its listener was added first, at login).
  const toasts = new Map<string, string>()
  const observer = new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-slot="toast"]'))
      toasts.set(toast.getAttribute('data-toast-id') ?? '', toast.textContent ?? '')
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  const refusals: string[] = []
  const onMessage = (event: MessageEvent) => {
    if (typeof event.data?.type === 'string' && event.data.type.endsWith('UPDATE_EMAIL_ERROR'))
      refusals.push(event.data.payload?.message)
  }
  window.addEventListener('message', onMessage)
  stops.push(() => {
    observer.disconnect()
    window.removeEventListener('message', onMessage)
  })

  await mount(portico, 'Account')
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Change email' }))
  const input = page.getByRole('textbox', { name: 'New email' })
  await expect.element(input).toHaveFocus()
  await userEvent.keyboard(`${freshEmail()}{Enter}`)
  await expect.element(page.getByRole('alert')).toHaveTextContent('JWT validation error: JWT Token is not yet valid')
  await expect.poll(() => [...toasts.values()]).toEqual(['Session Expired'])
  // The same request again, refused again: no second alert.
  await userEvent.click(page.getByRole('button', { name: 'Continue' }))
  await expect.poll(() => refusals.length).toBe(2)
  expect(refusals).toEqual([
    'JWT validation error: JWT Token is not yet valid',
    'JWT validation error: JWT Token is not yet valid',
  ])
  // Once the toast region is empty, no replacement is waiting (one waits with the old toast shown).
  await expect.poll(() => $('toast-region')?.childElementCount).toBe(0)
  expect([...toasts.values()]).toEqual(['Session Expired'])
})

test('behavior: a signing request opens ApproveTransaction with the secure frame laid over the view; focus moves into the frame, approved inside it, the modal closes; closing it instead rejects; a method off the list says Action not allowed', async () => {
  const portico = embeddedPortico()
  const { address } = await loginHeadless(portico, freshEmail())
  // The Account view ties the frame's prompts to the modal (the login views do too).
  await mount(portico, 'Account')
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Close' }))

  const signature = signMessage(portico, { message: 'hello from the page' })
  await expect.element(page.getByRole('heading', { name: 'Approve request' })).toBeVisible()
  const frame = document.querySelector('iframe[data-portico-secure-frame]') as HTMLIFrameElement
  const area = $('approve-frame-area') as HTMLElement
  await expect.poll(() => $('approve-transaction')?.getAttribute('data-state')).toBe('open')
  await expect
    .poll(() => {
      const a = area.getBoundingClientRect()
      const f = frame.getBoundingClientRect()
      return [f.left - a.left, f.top - a.top, f.width - a.width, f.height - a.height].every((d) => Math.abs(d) < 1.5)
    })
    .toBe(true)
  expect(frame.getAttribute('aria-hidden')).toBeNull()
  // Focus is in the frame (the dialog's focus trap lets it), where the prompt focused Approve.
  await expect.poll(() => document.activeElement === frame).toBe(true)
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)
  // A trusted click inside the frame's own document (Playwright enters the cross-origin frame; a
  // locator query from the page could not, which is the point).
  await userEvent.click(page.frameLocator(page.elementLocator(frame)).getByRole('button', { name: 'Approve' }))
  const signed = await signature
  expect(
    await verifyMessage({
      address: address as `0x${string}`,
      message: 'hello from the page',
      signature: signed as `0x${string}`,
    }),
  ).toBe(true)
  // Opened by the prompt, closed with it; the frame is hidden again.
  await expect.poll(() => document.querySelector('[role="dialog"]')).toBeNull()
  await expect.poll(() => frame.getAttribute('aria-hidden')).toBe('true')

  // Closing the modal while the frame asks rejects the request (nothing signed).
  const second = signMessage(portico, { message: 'never signed' }).then(
    () => 'signed',
    (error: Error) => error.message,
  )
  await expect.poll(() => $('approve-transaction')?.getAttribute('data-state')).toBe('open')
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  expect(await second).toContain('Request was aborted')
  await expect.poll(() => frame.getAttribute('aria-hidden')).toBe('true')

  // A method off the embedded wallet's list: refused, the modal opens, 'Action not allowed' after 300 ms.
  const refused = await walletRequest(portico, { method: 'eth_sign', params: [] }).then(
    () => 'answered',
    (error: Error) => error.message,
  )
  expect(refused).toContain('Requested RPC call is not allowed')
  await expect.element(page.getByText('Action not allowed')).toBeVisible()
  expect(document.querySelector('[role="dialog"]')).not.toBeNull()
})

test('behavior: after a reload, the Connect view restores an email login without a code and shows the Account view', async () => {
  const storage = pageStorage()
  const email = freshEmail()
  const before = embeddedPortico({ storage })
  const { address } = await loginHeadless(before, email)
  // The page reloads: a new instance on the same storage, with a new frame (the frame keeps its session).
  for (const frame of document.querySelectorAll('iframe[data-portico-secure-frame]')) frame.remove()
  const portico = embeddedPortico({ storage })
  await mount(portico, 'Connect')
  await expect.element(page.getByText(email)).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Account')
  await expect.element(page.getByText(address.slice(-4), { exact: false }).first()).toBeVisible()
})

test('behavior: a secure frame that never loads: A problem occurred while trying initialize authentication, back to Connect', async () => {
  // A loopback origin that serves no frame (the clock control answers JSON): the frame never says ready.
  const portico = embeddedPortico({ frameUrl: embedded.clockUrl })
  embeddedTimings.set(portico, { loadTimeoutMs: 300 })
  await mount(portico, 'Connect')
  await submitEmail(freshEmail())
  await expect.element(page.getByText('A problem occurred while trying initialize authentication')).toBeVisible()
  await expect.element(emailInput()).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Connect')
})

test("behavior: the frame's prompt is given the modal's resolved theme, the host's accent included, and again when it changes", async () => {
  const portico = embeddedPortico()
  await loginHeadless(portico, freshEmail())
  // Every message the kit sends the frame goes through its client: recorded here, then passed on.
  const client = getEmbeddedWallet(portico).client
  const themes: { themeMode?: string; themeVariables?: Record<string, unknown> }[] = []
  const send = client.request.bind(client)
  client.request = ((name: string, payload: unknown) => {
    if (name === 'SYNC_THEME') themes.push(payload as (typeof themes)[number])
    return send(name as never, payload as never)
  }) as typeof client.request
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const screen = await render(<ThemedHost portico={portico} queryClient={queryClient} accent="#e6007a" />)
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  await expect.poll(() => themes.at(-1)?.themeVariables?.['--portico-colors-accent']).toBe('#e6007a')
  expect(themes.at(-1)?.themeMode).toBe('light')
  await screen.rerender(<ThemedHost portico={portico} queryClient={queryClient} accent="#00bb7f" />)
  await expect.poll(() => themes.at(-1)?.themeVariables?.['--portico-colors-accent']).toBe('#00bb7f')
})

function ThemedHost({ portico, queryClient, accent }: { portico: Portico; queryClient: QueryClient; accent: string }) {
  return (
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode="light" themeVariables={{ '--w3m-accent': accent }}>
        <OpenOnMount view="Account" />
      </PorticoUI>
    </PorticoProvider>
  )
}

test('behavior: under the default user-held recovery mode a first email login shows the recovery code once inside the secure frame over ApproveTransaction; saving it completes the login on Account; axe clean', async () => {
  const portico = embeddedPortico({ frameUrl: embedded.userHeldFrameUrl })
  await mount(portico, 'Connect')
  const email = freshEmail()
  await submitEmail(email)
  const { code } = await latestMail(email)
  await expect.element(digit(1)).toHaveFocus()
  await userEvent.keyboard(code ?? '')
  // The frame asks the user to keep the code: the modal lays the frame over its approval view.
  await expect.poll(() => $('modal-frame')?.getAttribute('data-view'), { timeout: 30_000 }).toBe('ApproveTransaction')
  const frame = document.querySelector('iframe[data-portico-secure-frame]') as HTMLIFrameElement
  await expect.poll(() => frame.getAttribute('aria-hidden')).toBeNull()
  const inFrame = page.frameLocator(page.elementLocator(frame))
  await expectNoSeriousA11yViolations(document.querySelector('[role="dialog"]') as HTMLElement)
  // The page cannot read it: the code lives in the frame's own document (another origin), which
  // only Playwright's trusted click reaches (the page's assertions cannot look inside).
  expect(document.body.textContent).not.toMatch(/[A-Z2-9]{4}(-[A-Z2-9]{4}){4}/)
  await userEvent.click(inFrame.getByRole('button', { name: 'I have saved it' }))
  await expect.element(page.getByRole('button', { name: 'Change email' })).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Account')
  await expect.poll(() => frame.getAttribute('aria-hidden')).toBe('true')
})
