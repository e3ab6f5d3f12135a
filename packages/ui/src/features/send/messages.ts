import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { sendEn } from './send.en.js'

/** @internal The Send and Receive views' messages: English in `send.en.ts`, each other language its own chunk. */
export const sendMessages = defineFeatureMessages('send', sendEn, {
  es: () => import('./send.es.js').then((m) => m.messages),
  fr: () => import('./send.fr.js').then((m) => m.messages),
  de: () => import('./send.de.js').then((m) => m.messages),
  'pt-BR': () => import('./send.pt-BR.js').then((m) => m.messages),
  'zh-CN': () => import('./send.zh-CN.js').then((m) => m.messages),
  ja: () => import('./send.ja.js').then((m) => m.messages),
  ko: () => import('./send.ko.js').then((m) => m.messages),
  ar: () => import('./send.ar.js').then((m) => m.messages),
})
