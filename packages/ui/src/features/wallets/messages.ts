import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { walletsEn } from './wallets.en.js'

/** @internal The wallets views' messages (`defineFeatureMessages`). */
export const walletsMessages = defineFeatureMessages('wallets', walletsEn, {
  es: () => import('./wallets.es.js').then((m) => m.walletsEs),
  fr: () => import('./wallets.fr.js').then((m) => m.walletsFr),
  de: () => import('./wallets.de.js').then((m) => m.walletsDe),
  'pt-BR': () => import('./wallets.pt-BR.js').then((m) => m.walletsPtBR),
  'zh-CN': () => import('./wallets.zh-CN.js').then((m) => m.walletsZhCN),
  ja: () => import('./wallets.ja.js').then((m) => m.walletsJa),
  ko: () => import('./wallets.ko.js').then((m) => m.walletsKo),
  ar: () => import('./wallets.ar.js').then((m) => m.walletsAr),
})
