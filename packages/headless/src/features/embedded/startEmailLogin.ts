import * as z from 'zod/mini'
import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { EmailCooldownError, InvalidLoginInputError } from './errors.js'

/** The spec's email login cooldown. */
export const emailCooldownMs = 30_000

export type StartEmailLoginParameters = { email: string }
/** `VERIFY_DEVICE`: an approval link went to the address (new device); `VERIFY_OTP`: a code did. */
export type StartEmailLoginReturnType = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }

/**
 * First step of email login: the secure frame asks the auth server to mail a code (or, for a known
 * user on a new device, a device approval link). At most once every 30 s: sooner throws
 * {@link EmailCooldownError} ('Please try again after {n} seconds', n rounded up).
 *
 * @example
 * ```ts
 * const { action } = await startEmailLogin(portico, { email: 'ada@example.com' })
 * if (action === 'VERIFY_DEVICE') await waitForDeviceApproval(portico)
 * await verifyEmailOtp(portico, { otp: '123456' })
 * ```
 */
export async function startEmailLogin(
  portico: Portico,
  parameters: StartEmailLoginParameters,
): Promise<StartEmailLoginReturnType> {
  const email = typeof parameters.email === 'string' ? parameters.email.trim() : ''
  if (!z.email().safeParse(email).success) throw new InvalidLoginInputError({ field: 'email' })
  const wallet = getEmbeddedWallet(portico)
  const last = wallet.readLoginCache().lastEmailLoginTime
  const left = last === undefined ? 0 : last + emailCooldownMs - Date.now()
  if (left > 0) throw new EmailCooldownError({ seconds: Math.ceil(left / 1000) })
  wallet.writeLoginCache({ lastEmailLoginTime: Date.now() })
  try {
    return await wallet.client.request('CONNECT_EMAIL', { email })
  } catch (error) {
    // The server refused before mailing (bad address, its own cooldown): no mail went out.
    wallet.writeLoginCache({ lastEmailLoginTime: last })
    throw error
  }
}
