// registerPasskey against a stand-in of the frame (test/embeddedStandIn.ts): refused before the frame
// is asked when no embedded login holds. The ceremony itself (WebAuthn in the frame) runs in
// tests/e2e/embeddedPasskeys.test.ts.
import { afterEach, expect, test } from 'vitest'
import { embeddedStandIn as setup } from '../../test/embeddedStandIn.js'
import { removeTestWindow } from '../../test/window.js'
import { registerPasskey } from './registerPasskey.js'

afterEach(removeTestWindow)

test('error: a passkey is only added to a user signed in through the embedded wallet', async () => {
  const { portico, requests } = setup({})
  await expect(registerPasskey(portico)).rejects.toMatchObject({
    name: 'NotConnectedToEmailError',
    shortMessage: 'Not connected to email or social',
  })
  expect(requests).toEqual([])
})
