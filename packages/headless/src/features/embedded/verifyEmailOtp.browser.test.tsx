// verifyEmailOtp in real Chromium against the real secure frame and auth server (ui's
// globalAuth.ts): a code that is not six digits is refused by the kit itself (Invalid otp); a wrong code
// is refused by the auth server; neither spends the login, and the mailed code then connects.
import { afterEach, expect, test } from 'vitest'
import { embeddedPortico, freshEmail, latestCode, stopEmbedded } from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { startEmailLogin } from './startEmailLogin.js'
import { verifyEmailOtp } from './verifyEmailOtp.js'

afterEach(stopEmbedded)

test('a code of five digits is refused as Invalid otp; the mailed code (spaces around it trimmed) then connects the embedded account', async () => {
  const portico = embeddedPortico()
  const email = freshEmail('otp')
  await startEmailLogin(portico, { email })
  const code = await latestCode(email)
  await expect(verifyEmailOtp(portico, { otp: code.slice(1) })).rejects.toMatchObject({
    name: 'InvalidLoginInputError',
    shortMessage: 'Invalid otp',
  })
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')

  const connected = await verifyEmailOtp(portico, { otp: ` ${code} ` })
  expect(connected).toMatchObject({ namespace: 'eip155', caipNetworkId: 'eip155:31337' })
  expect(connected.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(getConnection(portico, { namespace: 'eip155' })).toMatchObject({
    status: 'connected',
    address: connected.address,
  })
})

test('a wrong code is refused by the auth server and leaves the kit disconnected; the right one still connects', async () => {
  const portico = embeddedPortico()
  const email = freshEmail('otp')
  await startEmailLogin(portico, { email })
  const code = await latestCode(email)
  const wrong = code === '000000' ? '111111' : '000000'
  const refusal = await verifyEmailOtp(portico, { otp: wrong }).catch((error: Error) => error)
  expect(refusal).toBeInstanceOf(Error)
  // The auth server's refusal, not the kit's own format check.
  expect((refusal as Error).name).not.toBe('InvalidLoginInputError')
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')

  const { address } = await verifyEmailOtp(portico, { otp: code })
  expect(getConnection(portico, { namespace: 'eip155' }).address).toBe(address)
})
