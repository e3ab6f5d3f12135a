import { defineFeatureMessages } from '../../../i18n/featureMessages.js'
import { connectMoreEn } from './more.en.js'

/** @internal The Connect view's collapsed-wallets and branding messages (`defineFeatureMessages`). */
export const connectMoreMessages = defineFeatureMessages('connect-more', connectMoreEn, {
  es: () => import('./more.es.js').then((m) => m.connectMoreEs),
  fr: () => import('./more.fr.js').then((m) => m.connectMoreFr),
  de: () => import('./more.de.js').then((m) => m.connectMoreDe),
  'pt-BR': () => import('./more.pt-BR.js').then((m) => m.connectMorePtBR),
  'zh-CN': () => import('./more.zh-CN.js').then((m) => m.connectMoreZhCN),
  ja: () => import('./more.ja.js').then((m) => m.connectMoreJa),
  ko: () => import('./more.ko.js').then((m) => m.connectMoreKo),
  ar: () => import('./more.ar.js').then((m) => m.connectMoreAr),
})
