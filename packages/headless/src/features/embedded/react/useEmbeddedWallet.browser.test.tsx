// useEmbeddedWallet in real Chromium against the real secure frame and auth server (ui's
// globalAuth.ts): nothing is asked of the frame before an embedded connection; after an email login
// the hook knows the connection is the embedded wallet's and reads the user from the frame; signing
// out disconnects and drops the cached user.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { emailLogin, embeddedPortico, secureFrames, stopEmbedded } from '../../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../../kernel/actions/getConnection.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { embeddedWalletUserQueryKey } from '../query.js'
import { useEmbeddedWallet } from './useEmbeddedWallet.js'

afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

function Wallet() {
  const { isEmbedded, user, signOut } = useEmbeddedWallet()
  return (
    <div>
      <output aria-label="embedded">{String(isEmbedded)}</output>
      <output aria-label="user">{user.data ? `${user.data.email} ${user.data.address}` : user.fetchStatus}</output>
      <button type="button" onClick={() => signOut.mutate()}>
        Sign out
      </button>
      <output aria-label="sign out">{signOut.status}</output>
    </div>
  )
}

test('useEmbeddedWallet: idle and frameless before a login; the user read from the frame after one; sign out disconnects and drops the user', async () => {
  const portico = embeddedPortico()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <Wallet />
    </PorticoProvider>,
  )
  const embedded = page.getByRole('status', { name: 'embedded' })
  const user = page.getByRole('status', { name: 'user' })
  await expect.element(embedded).toHaveTextContent('false')
  // Disabled while no embedded wallet is connected: no request, and no frame loaded for it.
  await expect.element(user).toHaveTextContent('idle')
  expect(secureFrames()).toHaveLength(0)

  const { address, email } = await emailLogin(portico)
  await expect.element(embedded).toHaveTextContent('true')
  await expect.element(user).toHaveTextContent(`${email} ${address}`)

  await userEvent.click(page.getByRole('button', { name: 'Sign out' }))
  await expect.element(page.getByRole('status', { name: 'sign out' })).toHaveTextContent('success')
  await expect.element(embedded).toHaveTextContent('false')
  await expect.element(user).toHaveTextContent('idle')
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
  // The user is gone from the cache too, not only hidden by the disabled query.
  const cached = queryClient.getQueriesData({ queryKey: embeddedWalletUserQueryKey() })
  expect(cached.filter(([, data]) => data !== undefined)).toEqual([])
})
