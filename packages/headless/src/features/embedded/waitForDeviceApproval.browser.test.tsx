// waitForDeviceApproval in real Chromium against the real secure frame and auth server (ui's
// globalAuth.ts): a known user on a new device (the frame on another origin holds none of their key)
// is asked to approve it from a mailed link; the wait ends when the link is used, not before, and the
// mailed code then connects the same account.
import { afterEach, expect, inject, test } from 'vitest'
import { advanceAuthClock, latestMail } from '../../../../ui/src/test/authInbox.js'
import {
  emailLogin,
  embeddedPortico,
  freshEmail,
  latestCode,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { startEmailLogin } from './startEmailLogin.js'
import { verifyEmailOtp } from './verifyEmailOtp.js'
import { waitForDeviceApproval } from './waitForDeviceApproval.js'

afterEach(stopEmbedded)

test('a new device waits until the mailed link approves it; the code then connects the same account', async () => {
  const email = freshEmail('device')
  const { address } = await emailLogin(embeddedPortico(), email)
  // Past the auth server's cooldown between two mails to one address, on its clock.
  await advanceAuthClock(31_000)
  const before = await latestMail(email)

  const device = embeddedPortico({ frameUrl: inject('embedded').otherFrameUrl })
  expect(await startEmailLogin(device, { email })).toEqual({ action: 'VERIFY_DEVICE' })
  let approved = false
  const waiting = waitForDeviceApproval(device).then(() => {
    approved = true
  })
  const approval = await latestMail(email, before.id)
  expect(approval.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  // The mail is out and nobody used its link: still waiting.
  expect(approved).toBe(false)

  // The visitor opens the link and presses its button (the page posts the token).
  const link = new URL(approval.link as string)
  await fetch(`${link.origin}${link.pathname}`, {
    method: 'POST',
    mode: 'no-cors',
    body: new URLSearchParams({ token: link.searchParams.get('token') ?? '' }),
  })
  await waiting
  const connected = await verifyEmailOtp(device, { otp: await latestCode(email, approval.id) })
  expect(connected.address).toBe(address)
  expect(getConnection(device, { namespace: 'eip155' })).toMatchObject({ status: 'connected', address })
})
