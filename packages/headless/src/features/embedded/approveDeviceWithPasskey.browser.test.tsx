// approveDeviceWithPasskey in real Chromium against the real secure frame and auth server (ui's
// globalAuth.ts), with a virtual passkey authenticator on the page (CDP's WebAuthn domain): a known
// user's email login on a new device (the frame on another origin) asks for the device's approval;
// the user's passkey approves it instead of the mailed link, and the mailed code then connects the
// same account.
import { afterEach, expect, inject, test } from 'vitest'
import { advanceAuthClock, latestMail } from '../../../../ui/src/test/authInbox.js'
import {
  emailLogin,
  embeddedPortico,
  freshEmail,
  latestCode,
  passkeyAuthenticator,
  pressInFrame,
  registerPasskeyInFrame,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { approveDeviceWithPasskey } from './approveDeviceWithPasskey.js'
import { startEmailLogin } from './startEmailLogin.js'
import { verifyEmailOtp } from './verifyEmailOtp.js'

const passkeys = passkeyAuthenticator()
afterEach(stopEmbedded)

test("a new device's email login is approved with the user's passkey; the mailed code then connects the same account", async () => {
  await passkeys.add()
  const email = freshEmail('passkey-device')
  const first = embeddedPortico()
  const { address } = await emailLogin(first, email)
  await registerPasskeyInFrame(first)
  // Past the auth server's cooldown between two mails to one address, on its clock.
  await advanceAuthClock(31_000)
  const before = await latestMail(email)

  const frameUrl = inject('embedded').otherFrameUrl
  const device = embeddedPortico({ frameUrl })
  expect(await startEmailLogin(device, { email })).toEqual({ action: 'VERIFY_DEVICE' })
  // The approval link is mailed too; the passkey stands in for it, and the code mail follows.
  const link = await latestMail(email, before.id)
  expect(link.link).toBeTruthy()
  const approving = approveDeviceWithPasskey(device)
  await pressInFrame('Use passkey', { frameUrl })
  await approving
  const connected = await verifyEmailOtp(device, { otp: await latestCode(email, link.id) })
  expect(connected.address).toBe(address)
  expect(getConnection(device, { namespace: 'eip155' })).toMatchObject({ status: 'connected', address })
})
