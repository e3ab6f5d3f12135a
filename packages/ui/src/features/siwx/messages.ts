import { defineFeatureMessages } from '../../i18n/featureMessages.js'

/** English text of the sign-in (SIWX) views; other languages load on demand. */
export const siwxEn = {
  siwxTitle: (app: string) => `${app} needs to connect to your wallet`,
  siwxBody: 'Sign a message in your wallet to prove you own this account. It costs nothing and sends no transaction.',
  siwxAccount: (address: string, network: string) => `Signing in as ${address} on ${network}`,
  siwxRequired: 'Signing in is required: cancelling disconnects your wallet.',
  siwxSign: 'Sign',
  siwxCancel: 'Cancel',
  siwxAuthenticating: 'Authenticating...',
  siwxRejected: 'You declined the sign-in request.',
  siwxFailed: 'Sign-in failed. Please try again.',
  siwxRetry: 'Try again',
  siwxSignedIn: 'Signed in',
  siwxSignedOut: 'Not signed in',
  siwxSignIn: 'Sign in',
  siwxSignOut: 'Sign out',
}

/** @internal The sign-in views' messages (English here, one chunk per other language). */
export const siwxMessages = defineFeatureMessages('siwx', siwxEn, {
  es: () => import('./siwx.es.js').then((m) => m.default),
  fr: () => import('./siwx.fr.js').then((m) => m.default),
  de: () => import('./siwx.de.js').then((m) => m.default),
  'pt-BR': () => import('./siwx.pt-BR.js').then((m) => m.default),
  'zh-CN': () => import('./siwx.zh-CN.js').then((m) => m.default),
  ja: () => import('./siwx.ja.js').then((m) => m.default),
  ko: () => import('./siwx.ko.js').then((m) => m.default),
  ar: () => import('./siwx.ar.js').then((m) => m.default),
})
