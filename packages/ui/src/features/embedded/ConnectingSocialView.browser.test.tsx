// ConnectingSocialView (a popup social login under way) in real Chromium against the test auth
// server, its devnet providers and the secure frame (packages/ui/src/test/globalAuth.ts): the
// spec's error texts each with one Try again that opens one window per click, the blocked state
// (a link, no alert), a state that belongs to another provider never shown, and Back during the
// wait (the Connect view is left alone when the abandoned login ends later). The first blocked →
// link → 'Popup closed' → 'Failed to connect' walk and Farcaster are in SocialLogin.browser.test.tsx;
// the store (window in the click, single flight) in socialLogin.store.browser.test.tsx.

import { BaseError, type Portico, PorticoProvider } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import { PorticoUI } from '../../PorticoUI.js'
import { embeddedPortico, stopEmbedded } from '../../test/embeddedKit.js'
import { modalSettled } from '../../test/modalSettled.js'
import { onAnotherOrigin, opened, recordPopups, restorePopups } from '../../test/popups.js'
import { useModal } from '../../useModal.js'
import { createSocialLogin, type PopupProvider, type SocialLoginState } from './socialLogin.js'
import '../../test/provided.js'

const embedded = inject('embedded')
afterEach(async () => {
  restorePopups()
  await cleanup()
  stopEmbedded()
})

/** The error a login leaves in the state, as the view reads it (by `name`, showing `shortMessage`). */
const loginError = (name: string, shortMessage: string): SocialLoginState['error'] =>
  Object.assign(new BaseError(shortMessage), { name })

/** Puts the modal's social login in `state` before the view draws, then opens ConnectingSocial for `provider`. */
function ShowLogin({ provider, state }: { provider: PopupProvider; state: Partial<SocialLoginState> }) {
  const { modal } = usePorticoUI('ShowLogin')
  useState(() => modal.local(createSocialLogin).show(state))
  useEffect(() => modal.open({ view: 'ConnectingSocial', data: { provider } }), [modal, provider])
  return null
}

let login: ReturnType<typeof createSocialLogin> | undefined

/** Opens Connect; `login` is the modal's social login store (to await an attempt's end). */
function OpenConnect() {
  const { open } = useModal()
  const { modal } = usePorticoUI('OpenConnect')
  login = modal.local(createSocialLogin)
  useEffect(() => open({ view: 'Connect' }), [open])
  return null
}

async function mount(portico: Portico, children: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>{children}</PorticoUI>
    </PorticoProvider>,
  )
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null
const view = () => $('modal-frame')?.getAttribute('data-view')

/** Closes the n-th recorded window as the user would, once the provider's page shows in it. */
async function closeAtProvider(n: number) {
  const popup = opened[n]?.popup as Window
  await expect.poll(() => onAnotherOrigin(popup), { timeout: 30_000 }).toBe(true)
  popup.close()
}

test("error: 'Failed to initiate social connection' is an alert with Try again; a double click on it opens one window, in the click, and the view waits for Google", async () => {
  const portico = embeddedPortico()
  await mount(
    portico,
    <ShowLogin
      provider="google"
      state={{
        provider: 'google',
        status: 'error',
        error: loginError('SocialInitiateError', 'Failed to initiate social connection'),
      }}
    />,
  )
  await expect.element(page.getByRole('alert')).toHaveTextContent('Failed to initiate social connection')
  expect($('connecting-social')?.getAttribute('data-state')).toBe('error')
  // Not the blocked state: no link to a login address.
  expect($('social-open-link')).toBeNull()
  recordPopups()
  await userEvent.dblClick(page.getByRole('button', { name: 'Try again' }))
  await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect($('social-retry')).toBeNull()
})

test("behavior: 'Popup closed' → Try again opens a new window each time (one per click), and each window closed says 'Popup closed' again", async () => {
  const portico = embeddedPortico()
  await mount(
    portico,
    <ShowLogin
      provider="github"
      state={{ provider: 'github', status: 'error', error: loginError('SocialPopupClosedError', 'Popup closed') }}
    />,
  )
  await expect.element(page.getByRole('alert')).toHaveTextContent('Popup closed')
  recordPopups()
  await userEvent.click(page.getByRole('button', { name: 'Try again' }))
  await expect.element(page.getByText('Continue in the GitHub window')).toBeVisible()
  expect(opened).toHaveLength(1)
  await closeAtProvider(0)
  await expect.element(page.getByRole('alert')).toHaveTextContent('Popup closed')
  expect(document.querySelector('[role="alert"]')?.textContent).toBe('Popup closed')

  await userEvent.click(page.getByRole('button', { name: 'Try again' }))
  await expect.element(page.getByText('Continue in the GitHub window')).toBeVisible()
  expect(opened).toHaveLength(2)
  expect(opened.map(({ during }) => during)).toEqual(['click', 'click'])
  // A new window (the first one is gone), not the closed one again.
  expect(opened[1]?.popup !== opened[0]?.popup).toBe(true)
})

test("edge: the login's state for another provider is not this view's: a Google error shown while ConnectingSocial is for X says nothing of it and waits for X", async () => {
  await mount(
    embeddedPortico(),
    <ShowLogin
      provider="x"
      state={{ provider: 'google', status: 'error', error: loginError('SocialConnectError', 'Failed to connect') }}
    />,
  )
  await expect.element(page.getByText('Continue in the X window')).toBeVisible()
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect($('social-retry')).toBeNull()
  expect($('social-open-link')).toBeNull()
})

test('security: a blocked window shows its link as a link (no alert, no Try again); a double click on the link opens one window, in the click', async () => {
  const portico = embeddedPortico()
  await mount(portico, <OpenConnect />)
  recordPopups({ block: true })
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  const link = page.getByRole('link', { name: 'Open the Google login' })
  await expect.element(link).toBeVisible()
  expect($('connecting-social')?.getAttribute('data-state')).toBe('blocked')
  expect(document.querySelector('[role="alert"]')).toBeNull()
  expect($('social-retry')).toBeNull()
  // The frame's address of the provider's login, on loopback here.
  expect(($('social-open-link') as HTMLAnchorElement).href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)

  restorePopups()
  recordPopups()
  await userEvent.dblClick(link)
  await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  // The page itself did not follow the link.
  expect(view()).toBe('ConnectingSocial')
})

test('behavior: Back during the wait returns to Connect; when the abandoned window is closed later, its late Popup closed changes nothing there (no alert, no jump)', async () => {
  const portico = embeddedPortico()
  await mount(portico, <OpenConnect />)
  recordPopups()
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()

  const changes: string[] = []
  const observer = new MutationObserver(() => changes.push(view() ?? ''))
  observer.observe(dialog() as HTMLElement, { subtree: true, attributes: true, attributeFilter: ['data-view'] })
  await closeAtProvider(0)
  // The abandoned attempt ends ('Popup closed', seen by the 1 s poll): the Connect view stays as it was.
  await expect.poll(() => login?.get().error?.shortMessage).toBe('Popup closed')
  await expect.element(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  observer.disconnect()
  expect(changes.filter((v) => v !== 'Connect')).toEqual([])
  expect(view()).toBe('Connect')
  expect(dialog()?.querySelector('[role="alert"]')).toBeNull()

  // A new attempt starts clean: one more window, the waiting view (not the old error).
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
  expect(opened).toHaveLength(2)
  expect(document.querySelector('[role="alert"]')).toBeNull()
})

// Back during a Google login, then "Continue with X": X's click gets the Google window, still open,
// and X's request for a login address makes the frame fail Google's waiting login. That attempt no
// longer closes the window X now has: X's login goes on in it (here it ends in X's own refusal,
// 'Failed to connect', not 'Popup closed').
test('behavior: Back during a Google wait, then X: the X login goes on in the window (it is not failed by the Google attempt it replaced)', async () => {
  const portico = embeddedPortico()
  await mount(portico, <OpenConnect />)
  // X's provider address (from a blocked X window's link): its switch is put back after the test.
  recordPopups({ block: true })
  await userEvent.click(page.getByRole('button', { name: 'Continue with X' }))
  await expect.element(page.getByRole('link', { name: 'Open the X login' })).toBeVisible()
  const xOrigin = new URL(($('social-open-link') as HTMLAnchorElement).href).origin
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  restorePopups()
  try {
    recordPopups()
    await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
    await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
    await expect.poll(() => onAnotherOrigin(opened[0]?.popup as Window), { timeout: 30_000 }).toBe(true)
    // X will refuse its next login (access_denied): the X attempt's end is then 'Failed to connect'
    // once its window reached X, and 'Popup closed' if its window was taken from it.
    await fetch(`${embedded.clockUrl}?failSocial=x`)
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Back' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Continue with X' }))
    await expect.element(page.getByText('Continue in the X window')).toBeVisible()
    await expect.element(page.getByRole('alert'), { timeout: 30_000 }).toBeVisible()
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Failed to connect')
  } finally {
    await fetch(`${xOrigin}/__devnet/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nextAuthorization: null }),
    })
  }
})
