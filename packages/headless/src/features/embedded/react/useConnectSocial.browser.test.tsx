// useConnectSocial in real Chromium against the real auth server and secure frame (ui's
// globalAuth.ts, with the devnet's OpenID Connect providers). The login window is a real popup,
// opened in the user's click (a window opened after an await is blocked by browsers); filling the
// provider's form in that window is tests/e2e/useConnectSocial.test.ts's part.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { embeddedPortico, stopEmbedded } from '../../../../../ui/src/test/embeddedKit.js'
import { onAnotherOrigin, opened, recordPopups, restorePopups } from '../../../../../ui/src/test/popups.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import type { SocialPopupBlockedError } from '../errors.js'
import { useConnectSocial } from './useConnectSocial.js'

afterEach(async () => {
  restorePopups()
  await cleanup()
  stopEmbedded()
})

let latestError: unknown
function Google() {
  const { connectSocial, status, error } = useConnectSocial()
  latestError = error
  return (
    <div>
      <button type="button" onClick={() => connectSocial({ provider: 'google' })}>
        Continue with Google
      </button>
      <output aria-label="status">{status}</output>
      <output aria-label="error">{error?.shortMessage ?? ''}</output>
    </div>
  )
}

async function mount() {
  const queryClient = new QueryClient()
  await render(
    <PorticoProvider config={embeddedPortico()} queryClient={queryClient} reconnectOnMount={false}>
      <Google />
    </PorticoProvider>,
  )
}

test('the login window opens in the click, goes to the provider, and closing it fails the login with Popup closed', async () => {
  recordPopups()
  await mount()
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  expect(opened).toHaveLength(1)
  expect(opened[0]?.during).toBe('click')
  const popup = opened[0]?.popup as Window
  await expect.element(page.getByRole('status', { name: 'status' })).toHaveTextContent('pending')
  // Sent on to the login page of another origin (the auth server's provider), once the login started.
  await expect.poll(() => onAnotherOrigin(popup)).toBe(true)

  popup.close()
  await expect.element(page.getByRole('status', { name: 'error' })).toHaveTextContent('Popup closed')
  expect(latestError).toMatchObject({ name: 'SocialPopupClosedError', provider: 'google' })
})

test('a blocked window fails the login with Popup blocked, carrying the login address to offer as a link', async () => {
  recordPopups({ block: true })
  await mount()
  await userEvent.click(page.getByRole('button', { name: 'Continue with Google' }))
  expect(opened.map(({ during }) => during)).toEqual(['click'])
  await expect.element(page.getByRole('status', { name: 'error' })).toHaveTextContent('Popup blocked')
  const error = latestError as SocialPopupBlockedError
  expect(error).toMatchObject({ name: 'SocialPopupBlockedError', provider: 'google' })
  // A loopback address (the devnet provider's login through the auth server), for a link the user clicks.
  expect(new URL(error.url).hostname).toMatch(/^(127\.0\.0\.1|localhost|.+\.localhost)$/)
})
