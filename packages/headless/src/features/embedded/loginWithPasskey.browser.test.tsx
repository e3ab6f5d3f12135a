// loginWithPasskey in real Chromium against the real secure frame and auth server (ui's
// globalAuth.ts), with a virtual passkey authenticator on the page (CDP's WebAuthn domain): a user
// who made a passkey signs in with it alone on another device (the frame on another origin, which
// holds none of the key), to the same account; "Cancel" in the frame's prompt refuses with 4001 and
// connects nothing.
import { afterEach, expect, inject, test } from 'vitest'
import {
  emailLogin,
  embeddedPortico,
  passkeyAuthenticator,
  pressInFrame,
  registerPasskeyInFrame,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { loginWithPasskey } from './loginWithPasskey.js'

const passkeys = passkeyAuthenticator()
afterEach(stopEmbedded)

/** A user signed in by email who then made a passkey in the frame: their address. */
async function userWithPasskey() {
  const portico = embeddedPortico()
  const { address } = await emailLogin(portico)
  await registerPasskeyInFrame(portico)
  return address
}

test('a passkey signs in alone on another device, to the same account', async () => {
  await passkeys.add()
  const address = await userWithPasskey()

  const frameUrl = inject('embedded').otherFrameUrl
  const device = embeddedPortico({ frameUrl })
  const login = loginWithPasskey(device)
  await pressInFrame('Use passkey', { frameUrl })
  expect((await login).address).toBe(address)
  expect(getConnection(device, { namespace: 'eip155' })).toMatchObject({ status: 'connected', address })
})

test('"Cancel" in the frame refuses with 4001 and connects nothing', async () => {
  await passkeys.add()
  const frameUrl = inject('embedded').otherFrameUrl
  const device = embeddedPortico({ frameUrl })
  const login = loginWithPasskey(device).catch((error: unknown) => error)
  await pressInFrame('Cancel', { frameUrl })
  expect(await login).toMatchObject({ code: 4001 })
  expect(getConnection(device, { namespace: 'eip155' }).status).toBe('disconnected')
})
