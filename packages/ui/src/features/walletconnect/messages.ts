import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { walletConnectEn } from './walletconnect.en.js'

/** @internal The WalletConnect views' messages (`defineFeatureMessages`). */
export const walletConnectMessages = defineFeatureMessages('walletconnect', walletConnectEn, {
  es: () => import('./walletconnect.es.js').then((m) => m.walletConnectEs),
  fr: () => import('./walletconnect.fr.js').then((m) => m.walletConnectFr),
  de: () => import('./walletconnect.de.js').then((m) => m.walletConnectDe),
  'pt-BR': () => import('./walletconnect.pt-BR.js').then((m) => m.walletConnectPtBR),
  'zh-CN': () => import('./walletconnect.zh-CN.js').then((m) => m.walletConnectZhCN),
  ja: () => import('./walletconnect.ja.js').then((m) => m.walletConnectJa),
  ko: () => import('./walletconnect.ko.js').then((m) => m.walletConnectKo),
  ar: () => import('./walletconnect.ar.js').then((m) => m.walletConnectAr),
})
