import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { embeddedEn } from './embedded.en.js'

/** @internal The embedded wallet views' messages (English in `embedded.en.ts`, one chunk per other language). */
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
