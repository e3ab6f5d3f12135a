// useConnectFarcaster in real Chromium against the real secure frame and an auth server without
// Farcaster (ui's globalAuth.ts configures none): the frame is asked, its refusal is the hook's typed
// error, and no link is offered. The approved path (the devnet's Farcaster app signs) runs in
// tests/e2e/socialLoginModal.test.ts.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { embeddedPortico, secureFrames, stopEmbedded } from '../../../../../ui/src/test/embeddedKit.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useConnectFarcaster } from './useConnectFarcaster.js'

afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

let latestError: unknown
function Farcaster() {
  const { connectFarcaster, status, url, error } = useConnectFarcaster()
  latestError = error
  return (
    <div>
      <button type="button" onClick={connectFarcaster}>
        Continue with Farcaster
      </button>
      <output aria-label="status">{status}</output>
      <output aria-label="url">{url ?? 'none'}</output>
    </div>
  )
}

test('an auth server without Farcaster: the frame is asked, the login fails with Failed to connect to farcaster and no link is offered', async () => {
  await render(
    <PorticoProvider config={embeddedPortico()} queryClient={new QueryClient()} reconnectOnMount={false}>
      <Farcaster />
    </PorticoProvider>,
  )
  expect(secureFrames()).toHaveLength(0)
  await userEvent.click(page.getByRole('button', { name: 'Continue with Farcaster' }))
  await expect.element(page.getByRole('status', { name: 'status' }), { timeout: 30_000 }).toHaveTextContent('error')
  expect(secureFrames()).toHaveLength(1)
  expect(latestError).toMatchObject({ name: 'FarcasterConnectError', shortMessage: 'Failed to connect to farcaster' })
  await expect.element(page.getByRole('status', { name: 'url' })).toHaveTextContent('none')
})
