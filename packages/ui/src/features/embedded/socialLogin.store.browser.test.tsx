// createSocialLogin (the modal's social login store) in real Chromium against the devnet auth
// server and the secure frame (packages/ui/src/test/globalAuth.ts), without the views: the login
// window opened in the click itself, the typed errors a blocked or closed window gives, and one
// login at a time (a superseded attempt or a story's `show` is never overwritten). The views'
// wording, the blocked-window link and the provider refusals are in SocialLogin.browser.test.tsx;
// the provider's own login form in tests/e2e/socialLoginModal.test.ts.
import type { Portico } from '@portico/headless'
import { afterEach, expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { embeddedPortico, stopEmbedded } from '../../test/embeddedKit.js'
import { onAnotherOrigin, opened, recordPopups, restorePopups } from '../../test/popups.js'
import { createSocialLogin, type SocialLoginState } from './socialLogin.js'

const buttons: HTMLButtonElement[] = []
afterEach(() => {
  restorePopups()
  for (const button of buttons.splice(0)) button.remove()
  stopEmbedded()
})

type Login = ReturnType<typeof createSocialLogin>

/** A button whose trusted click (Playwright's) runs `onClick`; resolves with what it returned. */
async function clickRunning<T>(onClick: () => T): Promise<T> {
  const button = document.createElement('button')
  button.textContent = 'Log in'
  buttons.push(button)
  document.body.append(button)
  let result: T | undefined
  button.onclick = () => {
    result = onClick()
  }
  await userEvent.click(button)
  return result as T
}

/** Starts a Google login in a click; the number of windows asked for when `social` returned. */
async function startInClick(login: Login, portico: Portico, redirectUri?: string) {
  return clickRunning(() => {
    const running = login.social(portico, 'google', redirectUri)
    return { running, windowsAtReturn: opened.length }
  })
}

/** Closes `popup` as the user would, once the provider's page shows in it (another origin). */
async function closeOnceAtProvider(popup: Window | null | undefined) {
  await expect.poll(() => onAnotherOrigin(popup as Window), { timeout: 30_000 }).toBe(true)
  popup?.close()
}

test('behavior: the login window is asked for in the click itself, before social() returns (nothing awaited first), and the state is pending for the provider', async () => {
  const portico = embeddedPortico()
  const login = createSocialLogin()
  expect(login.get()).toMatchObject({ status: 'idle', provider: undefined, error: undefined })
  recordPopups()
  const { running, windowsAtReturn } = await startInClick(login, portico)
  expect(windowsAtReturn).toBe(1)
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  expect(opened[0]?.popup).not.toBeNull()
  expect(login.get()).toMatchObject({ status: 'pending', provider: 'google', error: undefined })
  // The user closes it once the provider's page shows: the typed error, with the spec's 'Popup
  // closed', once the 1 s poll sees it.
  await closeOnceAtProvider(opened[0]?.popup)
  expect(await running).toBe(false)
  const state = login.get()
  expect(state.status).toBe('error')
  expect(state.error).toMatchObject({ name: 'SocialPopupClosedError', shortMessage: 'Popup closed' })
  expect(state.provider).toBe('google')
})

test("error: a blocked window: 'SocialPopupBlockedError' with the provider's loopback login address; that address from a link's click opens the window and the login goes on", async () => {
  const portico = embeddedPortico()
  const login = createSocialLogin()
  recordPopups({ block: true })
  const { running } = await startInClick(login, portico)
  expect(await running).toBe(false)
  const { error, status } = login.get()
  expect(status).toBe('error')
  expect(error).toMatchObject({ name: 'SocialPopupBlockedError', shortMessage: 'Popup blocked' })
  const url = error?.url as string
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)

  // Unblocked (the user's link): the window opens in that click and the state is pending again.
  restorePopups()
  recordPopups()
  const again = await startInClick(login, portico, url)
  expect(again.windowsAtReturn).toBe(1)
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  expect(login.get()).toMatchObject({ status: 'pending', error: undefined, provider: 'google' })
  // Pointed at the provider's login address straight away (no second request to the frame).
  await expect.poll(() => onAnotherOrigin(opened[0]?.popup as Window), { timeout: 30_000 }).toBe(true)
})

test('behavior: one login at a time: a double click opens one window and one login; only the last attempt writes the state', async () => {
  const portico = embeddedPortico()
  const login = createSocialLogin()
  recordPopups()
  const { first, second } = await clickRunning(() => ({
    first: login.social(portico, 'google'),
    second: login.social(portico, 'google'),
  }))
  // The second click gets the window already open: the browser was asked once.
  expect(opened).toHaveLength(1)
  await expect.poll(() => onAnotherOrigin(opened[0]?.popup as Window), { timeout: 30_000 }).toBe(true)
  const changes: SocialLoginState[] = []
  const stop = login.subscribe(() => changes.push(login.get()))
  opened[0]?.popup?.close()
  expect(await Promise.all([first, second])).toEqual([false, false])
  stop()
  // One error shown, not one per click.
  expect(changes.map((state) => state.status)).toEqual(['error'])
  expect(login.get().error?.shortMessage).toBe('Popup closed')
})

test("edge: a state shown by `show` (the stories') is not overwritten when the attempt running then settles", async () => {
  const portico = embeddedPortico()
  const login = createSocialLogin()
  recordPopups({ block: true })
  const { running } = await startInClick(login, portico)
  login.show({ provider: 'github', status: 'success' })
  expect(await running).toBe(false)
  expect(login.get()).toMatchObject({ provider: 'github', status: 'success', error: undefined })
})

// A window the user closes before the secure frame has given the provider's address (the first
// login loads the frame: seconds on a slow device) is the user's 'Popup closed', not a blocked one
// (the view would say 'Your browser blocked the login window' and offer a link).
test("error: a window the user closes before the provider's page loaded is 'Popup closed', not 'Popup blocked'", async () => {
  const portico = embeddedPortico()
  const login = createSocialLogin()
  recordPopups()
  const { running } = await startInClick(login, portico)
  opened[0]?.popup?.close()
  expect(await running).toBe(false)
  expect(login.get().error).toMatchObject({ name: 'SocialPopupClosedError', shortMessage: 'Popup closed' })
})
