import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { InvalidLoginInputError } from './errors.js'
import { finishLogin } from './finishLogin.js'

export type VerifyEmailOtpParameters = { otp: string }

/**
 * Last step of email login: the frame checks the code with the auth server, creates the user's keys
 * on first login (inside the frame), and the AUTH connector connects every embedded namespace
 * through the ordinary `connect` action (status `connecting`, then `connected`). Success stores
 * the email and the login-used flag and clears the last email login time.
 *
 * @example
 * ```ts
 * const { address } = await verifyEmailOtp(portico, { otp: '042137' })
 * ```
 */
export async function verifyEmailOtp(
  portico: Portico,
  parameters: VerifyEmailOtpParameters,
): Promise<ConnectReturnType> {
  if (typeof parameters.otp !== 'string' || !/^\d{6}$/.test(parameters.otp.trim()))
    throw new InvalidLoginInputError({ field: 'otp' })
  const wallet = getEmbeddedWallet(portico)
  await wallet.client.request('CONNECT_OTP', { otp: parameters.otp.trim() })
  return finishLogin(portico, wallet)
}
