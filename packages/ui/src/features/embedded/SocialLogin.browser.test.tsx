// The social logins' views in real Chromium against real services (packages/ui/src/test/globalAuth.ts):
// the auth server with the devnet's six OpenID Connect / OAuth 2 providers, the secure frame on its
// own loopback origin. The login window is a real popup; what a test cannot do from the page (fill
// the provider's login form in another window) is in tests/e2e/socialLoginModal.test.ts.

import { type Portico, PorticoProvider } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { PorticoUI } from '../../PorticoUI.js'
import { embeddedPortico, stopEmbedded } from '../../test/embeddedKit.js'
import { onAnotherOrigin, opened, recordPopups, restorePopups } from '../../test/popups.js'
import { type ModalView, useModal } from '../../useModal.js'
import '../../test/provided.js'

const embedded = inject('embedded')
const stops: (() => void)[] = []
afterEach(async () => {
  restorePopups()
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  stopEmbedded()
})

const makePortico = () => embeddedPortico()

function OpenOnMount({ view }: { view: ModalView }) {
  const { open } = useModal()
  useEffect(() => open({ view }), [open, view])
  return null
}

async function mount(portico: Portico, themeMode: 'light' | 'dark' = 'dark') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI themeMode={themeMode}>
        <OpenOnMount view="Connect" />
      </PorticoUI>
    </PorticoProvider>,
  )
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement
const providers = () =>
  [...document.querySelectorAll('[data-slot="social-login"]')].map((b) => b.getAttribute('data-provider'))

test('behavior: Connect shows email, then the social logins in the spec order (google large, x farcaster discord in a row, more shows apple github facebook), then wallets; axe clean dark and light', async () => {
  for (const mode of ['dark', 'light'] as const) {
    await mount(makePortico(), mode)
    await expect.element(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
    const sections = [...($('connect-view') as HTMLElement).children].map(
      (c) => c.getAttribute('data-slot') ?? c.tagName,
    )
    // The wallets' section comes last (no wallet is installed here: its empty state).
    expect(sections.slice(0, 3)).toEqual(['connect-email', 'connect-social', 'empty-state'])
    expect(providers()).toEqual(['google', 'x', 'farcaster', 'discord'])
    await expect.element(page.getByRole('button', { name: 'Continue with X' })).toBeVisible()
    await expectNoSeriousA11yViolations(dialog())
    await userEvent.click(page.getByRole('button', { name: 'More ways to log in' }))
    expect(providers()).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect($('social-more')).toBeNull()
    await expectNoSeriousA11yViolations(dialog())
    await cleanup()
  }
})

test('behavior: a blocked login window shows a link whose click opens it and the login goes on; closing the window says Popup closed; Try again after a provider error says Failed to connect; axe clean dark and light', async () => {
  await mount(makePortico())
  // The browser blocks the window (window.open gives null, as a blocker does).
  recordPopups({ block: true })
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  await expect.element(page.getByText('Your browser blocked the login window.')).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('ConnectingSocial')
  await expectNoSeriousA11yViolations(dialog())

  // The user clicks the link: the window opens in that click, at the provider's login page.
  restorePopups()
  recordPopups()
  await userEvent.click(page.getByRole('link', { name: 'Open the Google login' }))
  await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  await expectNoSeriousA11yViolations(dialog())

  // The user closes the window once the provider's page shows in it (it is then on another
  // origin, whose address the page cannot read). A script's close() while the window's first
  // navigation is still pending can be dropped by Chromium under load, unlike a user's.
  const popup = opened[0]?.popup as Window
  await expect.poll(() => onAnotherOrigin(popup), { timeout: 30_000 }).toBe(true)
  popup.close()
  expect(popup.closed).toBe(true)
  // Noticed by the 1 s poll.
  await expect.element(page.getByRole('alert')).toHaveTextContent('Popup closed')
  await expectNoSeriousA11yViolations(dialog())

  // Again, and the provider refuses (access_denied): the frame's connect fails.
  await fetch(`${embedded.clockUrl}?failSocial=google`)
  await userEvent.click(page.getByRole('button', { name: 'Try again' }))
  expect(opened).toHaveLength(2)
  await expect.element(page.getByRole('alert'), { timeout: 30_000 }).toHaveTextContent('Failed to connect')
  expect(document.querySelector('[role="alert"]')?.textContent).toBe('Failed to connect')
  await cleanup()

  // Light theme: the waiting state.
  await mount(makePortico(), 'light')
  recordPopups()
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  await expect.element(page.getByText('Continue in the Google window')).toBeVisible()
  await expectNoSeriousA11yViolations(dialog())
})

test('behavior: Farcaster opens its QR-code view; an auth server without Farcaster says Failed to connect to farcaster with Try again; axe clean dark and light', async () => {
  for (const mode of ['dark', 'light'] as const) {
    await mount(makePortico(), mode)
    await userEvent.click(page.getByRole('button', { name: 'Continue with Farcaster' }))
    expect($('modal-frame')?.getAttribute('data-view')).toBe('ConnectingSocial')
    await expect
      .element(page.getByRole('alert'), { timeout: 30_000 })
      .toHaveTextContent('Failed to connect to farcaster')
    expect($('connecting-farcaster')).not.toBeNull()
    await expect.element(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expectNoSeriousA11yViolations(dialog())
    await cleanup()
  }
})
