import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { payEn } from './pay.en.js'

/** The pay panel's messages, each language a chunk of its own. */
export const payMessages = defineFeatureMessages('pay', payEn, {
  es: () => import('./pay.es.js').then((m) => m.messages),
  fr: () => import('./pay.fr.js').then((m) => m.messages),
  de: () => import('./pay.de.js').then((m) => m.messages),
  'pt-BR': () => import('./pay.pt-BR.js').then((m) => m.messages),
  'zh-CN': () => import('./pay.zh-CN.js').then((m) => m.messages),
  ja: () => import('./pay.ja.js').then((m) => m.messages),
  ko: () => import('./pay.ko.js').then((m) => m.messages),
  ar: () => import('./pay.ar.js').then((m) => m.messages),
})
