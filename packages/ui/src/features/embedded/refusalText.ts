import type { BaseError } from '@portico/headless'
import type { EmbeddedText } from './messages.js'

// The auth server's refusals a user meets in the login and email views. The server words them in
// English; the kit words these in the user's language, by the code the frame passes on. Any other
// refusal keeps the server's words.
const byCode = {
  OTP_INVALID: 'authOtpInvalid',
  OTP_EXPIRED: 'authOtpExpired',
  OTP_USED: 'authOtpUsed',
  OTP_ATTEMPTS_EXHAUSTED: 'authOtpAttempts',
  EMAIL_IN_USE: 'authEmailInUse',
  MAIL_FAILED: 'authMailFailed',
} as const satisfies Record<string, keyof EmbeddedText>

/**
 * @internal
 * What a view shows for a login's failure: the auth server's known refusals in the user's
 * language, anything else as its `shortMessage`.
 *
 * @example
 * refusalText(state.verifyError, text) // 'رمز غير صالح' for a wrong code, in Arabic
 */
export function refusalText(error: BaseError | undefined | null, text: EmbeddedText): string | undefined {
  if (!error) return undefined
  const code = (error as { authCode?: unknown }).authCode
  return typeof code === 'string' && Object.hasOwn(byCode, code)
    ? text[byCode[code as keyof typeof byCode]]
    : error.shortMessage
}
