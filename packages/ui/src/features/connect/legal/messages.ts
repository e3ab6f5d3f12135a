import { defineFeatureMessages } from '../../../i18n/featureMessages.js'
import { legalEn } from './legal.en.js'

/** @internal The legal line's messages (`defineFeatureMessages`). */
export const legalMessages = defineFeatureMessages('legal', legalEn, {
  es: () => import('./legal.es.js').then((m) => m.legalEs),
  fr: () => import('./legal.fr.js').then((m) => m.legalFr),
  de: () => import('./legal.de.js').then((m) => m.legalDe),
  'pt-BR': () => import('./legal.pt-BR.js').then((m) => m.legalPtBR),
  'zh-CN': () => import('./legal.zh-CN.js').then((m) => m.legalZhCN),
  ja: () => import('./legal.ja.js').then((m) => m.legalJa),
  ko: () => import('./legal.ko.js').then((m) => m.legalKo),
  ar: () => import('./legal.ar.js').then((m) => m.legalAr),
})
