import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { onrampEn } from './onramp.en.js'

/** @internal The Buy views' messages (`defineFeatureMessages`). */
export const onrampMessages = defineFeatureMessages('onramp', onrampEn, {
  es: () => import('./onramp.es.js').then((m) => m.onrampEs),
  fr: () => import('./onramp.fr.js').then((m) => m.onrampFr),
  de: () => import('./onramp.de.js').then((m) => m.onrampDe),
  'pt-BR': () => import('./onramp.pt-BR.js').then((m) => m.onrampPtBR),
  'zh-CN': () => import('./onramp.zh-CN.js').then((m) => m.onrampZhCN),
  ja: () => import('./onramp.ja.js').then((m) => m.onrampJa),
  ko: () => import('./onramp.ko.js').then((m) => m.onrampKo),
  ar: () => import('./onramp.ar.js').then((m) => m.onrampAr),
})
