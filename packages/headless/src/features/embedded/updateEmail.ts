import * as z from 'zod/mini'
import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { authConnectorId } from './authConnector.js'
import { type EmbeddedWallet, getEmbeddedWallet } from './embeddedWallet.js'
import { InvalidLoginInputError } from './errors.js'
import { NoAuthConnectorError, NotConnectedToEmailError } from './updateEmailErrors.js'

/** The spec's polling interval while the new email is confirmed by the frame. */
export const updateEmailPollMs = 1000

/** The embedded wallet, checked the way the spec asks: an AUTH connector, connected through it. */
function connectedWallet(portico: Portico): EmbeddedWallet {
  let wallet: EmbeddedWallet
  try {
    wallet = getEmbeddedWallet(portico)
  } catch (cause) {
    throw new NoAuthConnectorError({ cause })
  }
  const connection = getConnection(portico)
  if (!connection.isConnected || connection.connectorId !== authConnectorId) throw new NotConnectedToEmailError()
  return wallet
}

export type UpdateEmailParameters = { email: string }

/**
 * First step of an email change: the frame asks the auth server to mail a code to the current
 * (primary) address. Answers `VERIFY_PRIMARY_OTP` (or `VERIFY_SECONDARY_OTP` when the server skips it).
 *
 * @example
 * ```ts
 * const { action } = await updateEmail(portico, { email: 'new@example.com' })
 * ```
 */
export async function updateEmail(
  portico: Portico,
  parameters: UpdateEmailParameters,
): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }> {
  const wallet = connectedWallet(portico)
  const email = typeof parameters.email === 'string' ? parameters.email.trim() : ''
  // The same rule as the login's (startEmailLogin): an address with an empty domain label is none.
  if (!z.email().safeParse(email).success) throw new InvalidLoginInputError({ field: 'email' })
  return wallet.client.request('UPDATE_EMAIL', { email })
}

function checkOtp(otp: unknown): string {
  if (typeof otp !== 'string' || !/^\d{6}$/.test(otp.trim())) throw new InvalidLoginInputError({ field: 'otp' })
  return otp.trim()
}

/**
 * Second step: the code mailed to the current address. The auth server then mails a code to the new one.
 *
 * @example
 * ```ts
 * await updateEmailPrimaryOtp(portico, { otp: '123456' })
 * ```
 */
export async function updateEmailPrimaryOtp(portico: Portico, parameters: { otp: string }): Promise<void> {
  const wallet = connectedWallet(portico)
  await wallet.client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: checkOtp(parameters.otp) })
}

/**
 * Last step: the code mailed to the new address. Then polls the frame's user every second (the
 * spec's 1 s polling) until it reports the new email, and stores it in the login cache.
 *
 * @example
 * ```ts
 * const { email } = await updateEmailSecondaryOtp(portico, { otp: '654321' })
 * ```
 */
export async function updateEmailSecondaryOtp(
  portico: Portico,
  parameters: { otp: string; signal?: AbortSignal | undefined },
): Promise<{ email: string }> {
  const wallet = connectedWallet(portico)
  const { newEmail } = await wallet.client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp: checkOtp(parameters.otp) })
  // The frame swaps its session asynchronously; wait until GET_USER sees the new address.
  for (;;) {
    const user = await wallet.client.request('GET_USER')
    if (user.email === newEmail) break
    if (parameters.signal?.aborted) throw parameters.signal.reason
    await new Promise((resolve) => setTimeout(resolve, updateEmailPollMs))
  }
  wallet.writeLoginCache({ email: newEmail })
  return { email: newEmail }
}
