import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { siwxEn } from './siwx.en.js'

/** @internal The sign-in views' messages (English in `siwx.en.ts`, one chunk per other language). */
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
