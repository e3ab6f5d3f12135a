// refusalText: which failures of the login and email-change views are worded by the kit (the auth
// server's known refusal codes, in the user's language) and which keep their own shortMessage. The
// views that show it (a wrong code in English and Arabic, a mail that cannot be sent, a wrong or
// expired code in the email change) are in EmailLogin.browser.test.tsx and
// UpdateEmailWalletView.browser.test.tsx.
import { BaseError } from '@portico/headless'
import { expect, test } from 'vitest'
import embeddedAr from './embedded.ar.js'
import { embeddedEn } from './embedded.en.js'
import type { EmbeddedText } from './messages.js'
import { refusalText } from './refusalText.js'

/** A frame refusal as headless gives it: the server's English words, and its code when it sent one. */
function refusal(message: string, authCode?: unknown): BaseError {
  const error = new BaseError(message)
  Object.assign(error, { name: 'EmbeddedWalletError', authCode })
  return error
}

const ar = embeddedAr as unknown as EmbeddedText

test('default: no failure, no text', () => {
  expect(refusalText(undefined, embeddedEn)).toBeUndefined()
  expect(refusalText(null, embeddedEn)).toBeUndefined()
})

test("behavior: each known refusal code is worded by the kit in the user's language, whatever the server's words", () => {
  const cases = {
    OTP_INVALID: ['Invalid code', ar.authOtpInvalid],
    OTP_EXPIRED: ['Code expired', ar.authOtpExpired],
    OTP_USED: ['Code already used', ar.authOtpUsed],
    OTP_ATTEMPTS_EXHAUSTED: ['Too many attempts', ar.authOtpAttempts],
    EMAIL_IN_USE: ['Email already in use', ar.authEmailInUse],
    MAIL_FAILED: ['Could not send the email', ar.authMailFailed],
  } as const
  for (const [code, [english, arabic]] of Object.entries(cases)) {
    const error = refusal('server words that must not show', code)
    expect(refusalText(error, embeddedEn), code).toBe(english)
    expect(refusalText(error, ar), code).toBe(arabic)
    // The Arabic catalogue has its own words for it (no English left behind).
    expect(arabic, code).not.toMatch(/[A-Za-z]/)
  }
})

test("behavior: a refusal without a known code keeps its own short message (the server's cooldown, a session error, the kit's own errors)", () => {
  expect(refusalText(refusal('Please try again after 12 seconds', 'RATE_LIMITED'), embeddedEn)).toBe(
    'Please try again after 12 seconds',
  )
  expect(refusalText(refusal('JWT validation error: JWT Token is not yet valid'), embeddedEn)).toBe(
    'JWT validation error: JWT Token is not yet valid',
  )
  expect(refusalText(new BaseError('Not connected to email or social'), ar)).toBe('Not connected to email or social')
})

test("security: a code that names an Object property (toString, __proto__, constructor, hasOwnProperty) is not looked up on the prototype: the error's own words show", () => {
  for (const code of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
    const text = refusalText(refusal('Refused', code), embeddedEn)
    expect(text, code).toBe('Refused')
    expect(typeof text, code).toBe('string')
  }
})

test('edge: a code that is not a string, or a known one in another case or padded, is not a known refusal', () => {
  for (const code of [401, null, { toString: () => 'OTP_INVALID' }, ['OTP_INVALID'], 'otp_invalid', ' OTP_INVALID'])
    expect(refusalText(refusal('Server words', code), embeddedEn), String(code)).toBe('Server words')
})

test("edge: a catalogue key that is not a refusal code (a message name sent as a code) is not looked up: the error's words show", () => {
  // The catalogue's own keys are no codes: only the six of the table map to text.
  for (const code of ['authOtpInvalid', 'initFailed', 'emailSubmit'])
    expect(refusalText(refusal('Server words', code), embeddedEn), code).toBe('Server words')
})
