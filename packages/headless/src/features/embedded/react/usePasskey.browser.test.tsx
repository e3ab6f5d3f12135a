// usePasskey in real Chromium against the real secure frame and auth server (ui's globalAuth.ts),
// with a virtual passkey authenticator on the page (CDP's WebAuthn domain, a browser command):
// `register` makes nothing until the user presses "Create passkey" in the frame's own prompt, then
// adds a passkey to the signed-in user; `login` on another device (the frame on another origin,
// which holds none of the key) signs in with that passkey alone, to the same account.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, inject, test } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import {
  emailLogin,
  embeddedPortico,
  passkeyAuthenticator,
  pressInFrame,
  stopEmbedded,
} from '../../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../../kernel/actions/getConnection.js'
import type { Portico } from '../../../kernel/portico.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { usePasskey } from './usePasskey.js'

const passkeys = passkeyAuthenticator()
afterEach(async () => {
  await cleanup()
  stopEmbedded()
})

function Passkey() {
  const { register, login } = usePasskey()
  return (
    <div>
      <button type="button" onClick={() => register.mutate()}>
        Register
      </button>
      <output aria-label="register">{register.status}</output>
      <button type="button" onClick={() => login.mutate()}>
        Log in
      </button>
      <output aria-label="login">{login.isSuccess ? login.data.address : login.status}</output>
    </div>
  )
}

const renderWith = (portico: Portico) =>
  render(
    <PorticoProvider config={portico} queryClient={new QueryClient()} reconnectOnMount={false}>
      <Passkey />
    </PorticoProvider>,
  )

test('usePasskey: register waits for the click in the frame, then adds a passkey; login on another device signs in with it alone', async () => {
  const authenticator = await passkeys.add()
  const portico = embeddedPortico()
  const { address } = await emailLogin(portico)
  const screen = await renderWith(portico)

  await userEvent.click(page.getByRole('button', { name: 'Register' }))
  await expect.element(page.getByRole('status', { name: 'register' })).toHaveTextContent('pending')
  // The frame asks first: nothing is made before the user's own click in its prompt.
  expect(await commands.passkeysOf(authenticator)).toEqual([])
  await pressInFrame('Create passkey')
  await expect.element(page.getByRole('status', { name: 'register' })).toHaveTextContent('success')
  expect(await commands.passkeysOf(authenticator)).toEqual(['localhost'])
  await screen.unmount()

  const frameUrl = inject('embedded').otherFrameUrl
  const device = embeddedPortico({ frameUrl })
  await renderWith(device)
  await userEvent.click(page.getByRole('button', { name: 'Log in' }))
  await pressInFrame('Use passkey', { frameUrl })
  await expect.element(page.getByRole('status', { name: 'login' })).toHaveTextContent(address)
  expect(getConnection(device, { namespace: 'eip155' })).toMatchObject({ status: 'connected', address })
})
