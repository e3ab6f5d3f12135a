import { defineFeatureMessages } from '../../i18n/featureMessages.js'

/** English text of the embedded wallet's views (email login, device approval, email change, approvals). */
export const embeddedEn = {
  emailLabel: 'Email',
  emailPlaceholder: 'Email',
  emailSubmit: 'Continue',
  emailInvalid: 'Enter a valid email address',
  emailLoginTitle: 'Confirm email',
  emailSending: 'Sending a code…',
  otpPrompt: (email: string) => `Enter the code we sent to ${email}`,
  otpLabel: 'One-time code',
  otpDigit: (digit: number, total: number) => `Digit ${digit} of ${total}`,
  otpVerifying: 'Verifying…',
  otpNotReceived: 'Didn’t receive it?',
  otpResend: 'Resend code',
  otpResent: 'A new code is on its way',
  otpCooldown: (seconds: number) => `Please try again after ${seconds} seconds`,
  otpChangeEmail: 'Use another email',
  deviceTitle: 'Register this device',
  deviceBody: (email: string) => `Check your email to approve this device. We sent a link to ${email}.`,
  deviceWaiting: 'Waiting for approval…',
  deviceResend: 'Resend email',
  initFailed: 'A problem occurred while trying initialize authentication',
  updateEmailTitle: 'Change email',
  updateEmailBody: 'Enter the new email address of your wallet.',
  updateEmailNew: 'New email',
  updateEmailPrimary: (email: string) => `Enter the code we sent to your current email, ${email}`,
  updateEmailSecondary: (email: string) => `Enter the code we sent to your new email, ${email}`,
  updateEmailDone: 'Email updated',
  accountEmail: 'Email',
  accountChangeEmail: 'Change',
  approveTitle: 'Approve request',
  approveBody: 'Review the request in your wallet’s secure window.',
  approveWaiting: 'Opening the secure window…',
  actionNotAllowed: 'Action not allowed',
}

/** @internal The embedded wallet views' messages (English here, one chunk per other language). */
export const embeddedMessages = defineFeatureMessages('embedded', embeddedEn, {
  es: () => import('./embedded.es.js').then((m) => m.default),
  fr: () => import('./embedded.fr.js').then((m) => m.default),
  de: () => import('./embedded.de.js').then((m) => m.default),
  'pt-BR': () => import('./embedded.pt-BR.js').then((m) => m.default),
  'zh-CN': () => import('./embedded.zh-CN.js').then((m) => m.default),
  ja: () => import('./embedded.ja.js').then((m) => m.default),
  ko: () => import('./embedded.ko.js').then((m) => m.default),
  ar: () => import('./embedded.ar.js').then((m) => m.default),
})

/** @internal The catalogue's type (views and the watcher take it). */
export type EmbeddedText = typeof embeddedMessages.en
