// The frame's account prompts in real Chromium against the browser project's real auth server
// (packages/ui/src/test/globalAuth.ts): account deletion (only a trusted click on the armed prompt
// deletes, once; Cancel, a server refusal or another prompt taking its place deletes nothing and
// rejects with the spec's 4001 text) and the recovery-code prompts (a new code shown once however
// many ask, a wrong code refused with its text, Cancel → 4001). Passkey ceremonies need a WebAuthn
// authenticator: tests/e2e/embeddedPasskeys.test.ts. The frame wiping this device's shares after a
// deletion (main.ts) and the whole flows in a page: tests/e2e/embeddedWallet.test.ts and
// embeddedUpdateEmail.test.ts. The arming guard itself: approval.browser.test.tsx.
import { afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { latestMail } from '../../../ui/src/test/authInbox.js'
import '../../../ui/src/test/provided.js'
import { approvalDelayMs } from '../walletPolicy.js'
import { deleteAccount, recoveryPolicy } from './accountFlows.js'
import { createAuthApi } from './authApi.js'
import { sealWithCode } from './recovery.js'
import { closePrompt } from './ui.js'
import { memoryStore, useStore } from './vault.js'

const embedded = inject('embedded')
const ORIGIN = 'http://127.0.0.1:5173'
const dialog = page.getByRole('dialog')
const rejected = { name: 'RpcError', message: 'User rejected the request.', code: 4001 }

/** A prompt host that records what the frame asks of the page. */
function recordingHost() {
  const calls: string[] = []
  return {
    calls,
    host: { show: (visible: boolean) => void calls.push(`show ${visible}`), hidden: () => void calls.push('hidden') },
  }
}

/** A new user signed in through the frame's client (first login: the code comes by mail at once). */
async function signedInUser() {
  const api = createAuthApi({ url: embedded.authUrl, projectId: embedded.projectId, hostOrigin: location.origin })
  const email = `flows-${crypto.randomUUID().slice(0, 8)}@example.com`
  const started = await api.startLogin(email)
  expect(started.action).toBe('VERIFY_OTP')
  const mail = await latestMail(email)
  const { token } = await api.verifyOtp(started.challengeId, mail.code ?? '')
  api.setToken(token)
  return { api, email }
}

/** What `promise` settled with, as a value (never an unhandled rejection). */
const settle = <T,>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )

/** The deletion prompt's arming delay passes on fake time once the browser reports it visible. */
async function arm() {
  await expect.element(dialog).toHaveAttribute('data-state', 'arming')
  vi.advanceTimersByTime(approvalDelayMs)
  await expect.element(dialog).toHaveAttribute('data-state', 'armed')
}
const confirmButton = page.getByRole('button', { name: 'Delete account' })

beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
})
afterEach(() => {
  closePrompt()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('deleteAccount', () => {
  test('behavior: a trusted click on the armed prompt deletes the account on the server; its session is gone', async () => {
    const { api, email } = await signedInUser()
    const { calls, host } = recordingHost()
    const done = settle(
      deleteAccount(api, { email, userId: 'unused-with-an-email', addresses: undefined, origin: ORIGIN, host }),
    )
    await expect.element(page.getByRole('note')).toHaveTextContent(`This deletes ${email}, its passkeys`)
    await expect.element(page.getByRole('note')).toHaveTextContent('The wallets (none yet) and any funds')
    await expect.element(page.getByText(ORIGIN)).toBeVisible()
    await arm()
    await userEvent.click(confirmButton)
    expect(await done).toEqual({ ok: true, value: [] })
    expect(calls).toEqual(['show true', 'show false'])
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(await api.hasSession()).not.toBe(true)
  })

  test('behavior: an account without an email (a social or Farcaster login) is named as this account and confirmed by its user id', async () => {
    const { api } = await signedInUser()
    const { host } = recordingHost()
    // The server's side of an account without an email is in auth's account/routes.pglite.test.ts.
    const deleting = vi.spyOn(api, 'deleteAccount').mockResolvedValue({ deleted: true, keys: [] })
    const done = settle(deleteAccount(api, { email: '', userId: 'user-7', addresses: undefined, origin: ORIGIN, host }))
    await expect.element(page.getByRole('note')).toHaveTextContent('This deletes this account, its passkeys')
    await arm()
    await userEvent.click(confirmButton)
    expect(await done).toEqual({ ok: true, value: [] })
    expect(deleting.mock.calls).toEqual([['user-7']])
  })

  test('behavior: Cancel rejects with 4001 and deletes nothing: the session still holds', async () => {
    const { api, email } = await signedInUser()
    const { calls, host } = recordingHost()
    const deleting = vi.spyOn(api, 'deleteAccount')
    const done = settle(
      deleteAccount(api, { email, userId: 'unused-with-an-email', addresses: undefined, origin: ORIGIN, host }),
    )
    await arm()
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    expect(await done).toEqual({ ok: false, error: expect.objectContaining(rejected) })
    expect(deleting).not.toHaveBeenCalled()
    expect(calls).toEqual(['show true', 'show false'])
    expect(await api.hasSession()).toBe(true)
  })

  test('security: a click before the prompt armed, and a script click once armed, delete nothing', async () => {
    const { api, email } = await signedInUser()
    const { host } = recordingHost()
    const deleting = vi.spyOn(api, 'deleteAccount')
    const done = settle(
      deleteAccount(api, {
        email,
        userId: 'unused-with-an-email',
        addresses: { eip155: '0xabc', solana: 'Sol1' },
        origin: ORIGIN,
        host,
      }),
    )
    await expect.element(page.getByRole('note')).toHaveTextContent('The wallets 0xabc, Sol1 and any funds')
    await expect.element(dialog).toHaveAttribute('data-state', 'arming')
    await userEvent.click(confirmButton, { force: true })
    await arm()
    ;(confirmButton.element() as HTMLButtonElement).click()
    confirmButton.element().dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(deleting).not.toHaveBeenCalled()
    closePrompt()
    expect(await done).toEqual({ ok: false, error: expect.objectContaining(rejected) })
    expect(await api.hasSession()).toBe(true)
  })

  // guardButton awaits guard.confirm() before onConfirmed runs: both clicks of a double click
  // would pass it before the first disables the button, and DELETE /v1/account go out twice.
  test('behavior: a double click deletes once', async () => {
    const { api, email } = await signedInUser()
    const deleting = vi.spyOn(api, 'deleteAccount')
    const done = settle(
      deleteAccount(api, {
        email,
        userId: 'unused-with-an-email',
        addresses: undefined,
        origin: ORIGIN,
        host: recordingHost().host,
      }),
    )
    await arm()
    await userEvent.dblClick(confirmButton)
    expect(await done).toEqual({ ok: true, value: [] })
    expect(deleting).toHaveBeenCalledTimes(1)
  })

  test('error: a refusal by the server shows its message in the prompt, keeps it open, and Delete can be clicked again', async () => {
    const { api, email } = await signedInUser()
    const token = api.token
    api.setToken('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')
    const done = settle(
      deleteAccount(api, {
        email,
        userId: 'unused-with-an-email',
        addresses: undefined,
        origin: ORIGIN,
        host: recordingHost().host,
      }),
    )
    await arm()
    await userEvent.click(confirmButton)
    await expect.element(page.getByRole('alert')).toHaveTextContent('JWT validation error: invalid token')
    await expect.element(confirmButton).toBeEnabled()
    api.setToken(token)
    await userEvent.click(confirmButton)
    expect(await done).toEqual({ ok: true, value: [] })
  })

  test('edge: another prompt taking the frame (a second flow) rejects the deletion with 4001 and deletes nothing', async () => {
    const { api, email } = await signedInUser()
    const deleting = vi.spyOn(api, 'deleteAccount')
    const { calls, host } = recordingHost()
    const done = settle(
      deleteAccount(api, { email, userId: 'unused-with-an-email', addresses: undefined, origin: ORIGIN, host }),
    )
    await arm()
    const code = settle(recoveryPolicy('user-held', ORIGIN, host).newCode())
    expect(await done).toEqual({ ok: false, error: expect.objectContaining(rejected) })
    await expect.element(page.getByRole('button', { name: 'I have saved it' })).toBeVisible()
    expect(document.body.textContent).not.toContain('Delete account')
    expect(deleting).not.toHaveBeenCalled()
    expect(calls.slice(0, 2)).toEqual(['show true', 'show false'])
    closePrompt()
    expect(await code).toEqual({ ok: false, error: expect.objectContaining(rejected) })
    expect(await api.hasSession()).toBe(true)
  })
})

describe('recoveryPolicy', () => {
  test('behavior: a new code asked twice at once is shown once; both get the code shown, once it is kept', async () => {
    const policy = recoveryPolicy('user-held', ORIGIN, recordingHost().host)
    expect(policy.mode).toBe('user-held')
    const first = policy.newCode()
    const second = policy.newCode()
    expect(second).toBe(first)
    await expect.element(page.getByRole('button', { name: 'I have saved it' })).toBeVisible()
    const shown = document.querySelector('[data-portico-recovery-code]')?.textContent ?? ''
    expect(shown).not.toBe('')
    await userEvent.click(page.getByRole('button', { name: 'I have saved it' }))
    expect(await first).toBe(shown)
    expect(document.querySelector('[data-portico-recovery-code]')).toBeNull()
    // Kept: the next ask is a new prompt with a new code.
    const next = settle(policy.newCode())
    await expect.element(page.getByRole('button', { name: 'I have saved it' })).toBeVisible()
    expect(document.querySelector('[data-portico-recovery-code]')?.textContent).not.toBe(shown)
    await userEvent.keyboard('{Escape}')
    expect(await next).toEqual({ ok: false, error: expect.objectContaining(rejected) })
  })

  test('error: a wrong recovery code is refused with its text and the prompt stays; the right one opens the share', async () => {
    vi.useRealTimers()
    const share = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
    const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
    const code = 'ABCD-EFGH-JKLM-NPQR'
    const sealed = await sealWithCode(share, code, address)
    const opened = settle(
      recoveryPolicy('user-held', ORIGIN, recordingHost().host).openShare(sealed, address, 'eip155'),
    )
    await expect.element(page.getByText(`open your Ethereum wallet ${address}`)).toBeVisible()
    const input = page.getByRole('textbox', { name: 'Recovery code' })
    await userEvent.fill(input, 'WXYZ-WXYZ-WXYZ-WXYZ')
    await userEvent.click(page.getByRole('button', { name: 'Recover wallet' }))
    await expect.element(page.getByRole('alert')).toHaveTextContent('This recovery code does not open this wallet')
    await expect.element(page.getByRole('button', { name: 'Recover wallet' })).toBeEnabled()
    await userEvent.fill(input, code)
    await userEvent.click(page.getByRole('button', { name: 'Recover wallet' }))
    expect(await opened).toEqual({ ok: true, value: share })
  })

  test('behavior: Cancel on the recovery code prompt rejects with 4001', async () => {
    const sealed = await sealWithCode(new Uint8Array(32), 'ABCD-EFGH-JKLM-NPQR', 'Sol1')
    const { calls, host } = recordingHost()
    const opened = settle(recoveryPolicy('user-held', ORIGIN, host).openShare(sealed, 'Sol1', 'solana'))
    await expect.element(page.getByText('open your Solana wallet Sol1')).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
    expect(await opened).toEqual({ ok: false, error: expect.objectContaining(rejected) })
    expect(calls).toEqual(['show true', 'show false'])
  })
})
