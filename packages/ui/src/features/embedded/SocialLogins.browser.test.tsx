// SocialLogins (the Connect view's social buttons) in real Chromium with the host's own lists of
// socials (`features.socials`): which providers show and in what order, where the row stops and a
// "more" button takes the rest, and the keyboard (a login started by Enter opens its window in
// that keystroke's click). The spec's default list, the blocked/closed/refused login and Farcaster's
// QR view are in SocialLogin.browser.test.tsx; the login store in socialLogin.store.browser.test.tsx.

import { type Portico, PorticoProvider } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { embeddedPortico, stopEmbedded } from '../../test/embeddedKit.js'
import { opened, recordPopups, restorePopups } from '../../test/popups.js'
import { useModal } from '../../useModal.js'
import type { SocialProvider } from './socialLogin.js'
import '../../test/provided.js'

afterEach(async () => {
  restorePopups()
  await cleanup()
  stopEmbedded()
})

function OpenConnect() {
  const { open } = useModal()
  useEffect(() => open({ view: 'Connect' }), [open])
  return null
}

/** The Connect view of a kit whose host lists `socials` (false: social login off). */
async function mountWith(socials: readonly SocialProvider[] | false): Promise<Portico> {
  const portico = embeddedPortico({ options: { features: { socials } } as never })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <OpenConnect />
      </PorticoUI>
    </PorticoProvider>,
  )
  // The email field comes first in every list here: the view has drawn once it shows.
  await expect.element(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
  return portico
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const providers = () =>
  [...document.querySelectorAll('[data-slot="social-login"]')].map((b) => b.getAttribute('data-provider'))
const socialsShown = () => expect.element(page.getByRole('group', { name: /social/i })).toBeVisible()

test("behavior: the host's own order is kept (not the spec's default): the first is the large 'Continue with …' button, the rest follow in the row in the given order", async () => {
  await mountWith(['github', 'apple', 'google', 'x', 'discord'])
  await socialsShown()
  expect(providers()).toEqual(['github', 'apple', 'google', 'x', 'discord'])
  const [first, ...row] = document.querySelectorAll<HTMLButtonElement>('[data-slot="social-login"]')
  expect(first?.textContent).toBe('Continue with GitHub')
  // The row shows the brand alone; its name still says what the button does.
  expect(row.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
    ['Apple', 'Continue with Apple'],
    ['Google', 'Continue with Google'],
    ['X', 'Continue with X'],
    ['Discord', 'Continue with Discord'],
  ])
  // Four under the first: only one would hide behind "more", so all show and there is none.
  expect($('social-more')).toBeNull()
})

test('edge: one social: the large button alone, no row and no "more"; social login off (false): no section at all', async () => {
  await mountWith(['discord'])
  await socialsShown()
  expect(providers()).toEqual(['discord'])
  const fieldset = $('connect-socials') as HTMLElement
  expect(fieldset.querySelectorAll('button')).toHaveLength(1)
  expect($('social-more')).toBeNull()
  await cleanup()
  stopEmbedded()

  await mountWith(false)
  expect($('connect-social')).toBeNull()
  expect($('connect-socials')).toBeNull()
  expect(document.querySelectorAll('[data-slot="social-login"]')).toHaveLength(0)
})

test('behavior: six socials: the first, a row of three and "+2" named "More ways to log in" (collapsed); its click shows the other two in order and goes away', async () => {
  await mountWith(['facebook', 'x', 'google', 'github', 'discord', 'apple'])
  await socialsShown()
  expect(providers()).toEqual(['facebook', 'x', 'google', 'github'])
  const more = page.getByRole('button', { name: 'More ways to log in' })
  await expect.element(more).toBeVisible()
  await expect.element(more).toHaveAttribute('aria-expanded', 'false')
  // The count is what the eye reads; it is hidden from the accessible name.
  expect(($('social-more') as HTMLElement).querySelector('[aria-hidden="true"]')?.textContent).toBe('+2')
  await userEvent.click(more)
  expect(providers()).toEqual(['facebook', 'x', 'google', 'github', 'discord', 'apple'])
  expect($('social-more')).toBeNull()
})

test('a11y: keyboard only: Tab reaches "more" and Enter opens the rest; Enter on a row button starts that login, opening one window in the keystroke', async () => {
  await mountWith(['google', 'x', 'github', 'discord', 'apple', 'facebook'])
  await socialsShown()
  ;($('social-login') as HTMLElement).focus()
  // First, the row of three, then "more": the Tab order is the reading order.
  const reached: (string | null)[] = []
  for (let i = 0; i < 4; i++) {
    await userEvent.keyboard('{Tab}')
    reached.push((document.activeElement as HTMLElement).getAttribute('data-provider') ?? 'more')
  }
  expect(reached).toEqual(['x', 'github', 'discord', 'more'])
  await userEvent.keyboard('{Enter}')
  expect(providers()).toEqual(['google', 'x', 'github', 'discord', 'apple', 'facebook'])
  // Focus stays in the dialog (the button it was on is gone).
  expect(document.querySelector('[role="dialog"]')?.contains(document.activeElement)).toBe(true)

  recordPopups({ block: true })
  ;(document.querySelector('[data-provider="apple"]') as HTMLElement).focus()
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByText('Your browser blocked the login window.')).toBeVisible()
  // The window was asked for once, in the click Enter made on the button (a blocker lets that through).
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  expect($('modal-frame')?.getAttribute('data-view')).toBe('ConnectingSocial')
  expect(($('social-open-link') as HTMLAnchorElement).textContent).toBe('Open the Apple login')
})

test('behavior: a double click on a social button starts one login: one window, one ConnectingSocial view on the stack', async () => {
  await mountWith(['github', 'google'])
  await socialsShown()
  recordPopups({ block: true })
  await userEvent.dblClick(page.getByRole('button', { name: 'Continue with GitHub' }))
  await expect.element(page.getByText('Your browser blocked the login window.')).toBeVisible()
  // The second click lands on the next view (or asks for the same window): never a second one.
  expect(opened.length).toBe(1)
  // Back once returns to Connect: one view was pushed.
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible()
  expect($('modal-frame')?.getAttribute('data-view')).toBe('Connect')
})

test('behavior: Farcaster opens no window (its login is a QR code): its view is pushed and nothing is asked of the browser', async () => {
  await mountWith(['farcaster', 'google'])
  await socialsShown()
  recordPopups()
  await userEvent.click(page.getByRole('button', { name: 'Continue with Farcaster' }))
  await expect.poll(() => $('modal-frame')?.getAttribute('data-view')).toBe('ConnectingSocial')
  await expect.poll(() => $('connecting-farcaster')).not.toBeNull()
  expect(opened).toHaveLength(0)
})
