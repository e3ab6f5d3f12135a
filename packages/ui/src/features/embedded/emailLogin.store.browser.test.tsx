// createEmailLogin and openEmailLogin (the modal's email login store) in real Chromium against the
// devnet auth server, its inbox and the secure frame (packages/ui/src/test/globalAuth.ts), without
// the views: the state through send and verify, the spec's 30 s cooldown and its message (the page's
// clock faked: Date only), a double submit that mails once, and a new address that starts over.
// The field's validation, the code boxes and the views' wording are in EmailLogin.browser.test.tsx.
import { getEmbeddedWallet } from '@portico/headless/embedded'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { createModalController } from '../../modal/controller.js'
import { latestMail } from '../../test/authInbox.js'
import { embeddedPortico, freshEmail, stopEmbedded } from '../../test/embeddedKit.js'
import { viewTable } from '../index.js'
import { createEmailLogin, type EmailLoginState, openEmailLogin } from './emailLogin.js'

const embedded = inject('embedded')
afterEach(() => {
  vi.useRealTimers()
  stopEmbedded()
})

type Login = ReturnType<typeof createEmailLogin>

/** Resolves with the first state of `login` that matches (now or on a change). */
function stateWhere(login: Login, match: (state: EmailLoginState) => boolean): Promise<EmailLoginState> {
  return new Promise((resolve) => {
    if (match(login.get())) return resolve(login.get())
    const stop = login.subscribe(() => {
      if (!match(login.get())) return
      stop()
      resolve(login.get())
    })
  })
}

/** Every mail the auth server sent to `to` so far. */
async function mailsTo(to: string): Promise<unknown[]> {
  const response = await fetch(`${embedded.inboxUrl}/messages?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { messages: unknown[] }).messages
}

test('behavior: send shows sending at once, then the code step; a wrong code is a verify error on the same step; the mailed code connects', async () => {
  const portico = embeddedPortico()
  const login = createEmailLogin()
  expect(login.get()).toMatchObject({ step: 'EMAIL', sending: false, sentAt: 0 })
  const email = freshEmail('ui-store')
  const before = Date.now()
  const sending = login.send(portico, email)
  expect(login.get()).toMatchObject({ sending: true, sendError: undefined })
  expect(login.get().sentAt).toBeGreaterThanOrEqual(before)
  expect(await sending).toBe(true)
  expect(login.get()).toMatchObject({ step: 'VERIFY_OTP', sending: false, sendError: undefined })

  const { code } = await latestMail(email)
  const verifying = login.verify(portico, code === '000000' ? '111111' : '000000')
  expect(login.get().verifying).toBe(true)
  expect(await verifying).toBe(false)
  const refused = login.get()
  expect(refused).toMatchObject({ step: 'VERIFY_OTP', verifying: false })
  expect(refused.verifyError?.shortMessage.length).toBeGreaterThan(0)

  expect(await login.verify(portico, code ?? '')).toBe(true)
  expect(login.get()).toMatchObject({ step: 'CONNECTED', verifying: false, verifyError: undefined })
})

test("error: a send within the spec's 30 s: 'Please try again after {n} seconds', n rounded up, nothing mailed; at 30 s a new address is mailed", async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const start = Date.parse('2030-01-01T00:00:00Z')
  vi.setSystemTime(start)
  const portico = embeddedPortico()
  const login = createEmailLogin()
  const email = freshEmail('ui-store')
  expect(await login.send(portico, email)).toBe(true)

  vi.setSystemTime(start + 1)
  expect(await login.send(portico, email)).toBe(false)
  expect(login.get().sendError).toMatchObject({
    name: 'EmailCooldownError',
    shortMessage: 'Please try again after 30 seconds',
  })
  // The code already mailed still counts: the step stays.
  expect(login.get()).toMatchObject({ step: 'VERIFY_OTP', sending: false })

  vi.setSystemTime(start + 29_001)
  expect(await login.send(portico, email)).toBe(false)
  expect(login.get().sendError?.shortMessage).toBe('Please try again after 1 seconds')
  expect(await mailsTo(email)).toHaveLength(1)

  // 30 s on: another address (the server keeps its own cooldown per address) is mailed.
  vi.setSystemTime(start + 30_000)
  const other = freshEmail('ui-store')
  login.reset()
  expect(await login.send(portico, other)).toBe(true)
  expect(login.get()).toMatchObject({ step: 'VERIFY_OTP', sendError: undefined })
  expect((await latestMail(other)).code).toMatch(/^\d{6}$/)
})

test('error: an address the server cannot mail is a send error; the step stays on the email and nothing holds the retry back', async () => {
  const portico = embeddedPortico()
  const login = createEmailLogin()
  expect(await login.send(portico, `ui-store-${Date.now().toString(36)}@mail.invalid`)).toBe(false)
  expect(login.get()).toMatchObject({ step: 'EMAIL', sending: false })
  expect(login.get().sendError?.shortMessage.length).toBeGreaterThan(0)
  // No mail went out: the kit's cooldown was given back.
  expect(getEmbeddedWallet(portico).readLoginCache().lastEmailLoginTime).toBeUndefined()
})

test('behavior: openEmailLogin: a double submit pushes one EmailLogin view and mails one code', async () => {
  const portico = embeddedPortico()
  const modal = createModalController({ embedded: false, table: viewTable })
  const email = freshEmail('ui-store')
  openEmailLogin(modal, portico, email)
  openEmailLogin(modal, portico, email)
  expect(modal.navigation.get().history).toEqual([{ view: 'Connect' }, { view: 'EmailLogin', data: { email } }])
  const login = modal.local(createEmailLogin)
  await stateWhere(login, (s) => s.step === 'VERIFY_OTP')
  await latestMail(email)
  expect(await mailsTo(email)).toHaveLength(1)
  expect(login.get().sendError).toBeUndefined()
})

test('behavior: a new address after going back starts over: the previous errors are cleared at once and the state follows the new send', async () => {
  const portico = embeddedPortico()
  const modal = createModalController({ embedded: false, table: viewTable })
  const email = freshEmail('ui-store')
  openEmailLogin(modal, portico, email)
  const login = modal.local(createEmailLogin)
  await stateWhere(login, (s) => s.step === 'VERIFY_OTP')
  expect(await login.verify(portico, '000000x')).toBe(false)
  expect(login.get().verifyError).toBeDefined()

  // "Use another email": back to Connect, a new submit within the cooldown.
  modal.back()
  const other = freshEmail('ui-store')
  openEmailLogin(modal, portico, other)
  expect(login.get()).toMatchObject({ step: 'EMAIL', sending: true, verifyError: undefined, sendError: undefined })
  expect(modal.navigation.get().history.at(-1)).toEqual({ view: 'EmailLogin', data: { email: other } })
  await stateWhere(login, (s) => !s.sending)
  expect(login.get().sendError?.shortMessage).toMatch(/^Please try again after (30|29|28) seconds$/)
  expect(login.get().step).toBe('EMAIL')
  expect(await mailsTo(other)).toHaveLength(0)
})
