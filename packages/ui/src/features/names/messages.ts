import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { namesEn } from './names.en.js'

/** @internal The name views' messages (`defineFeatureMessages`). */
export const namesMessages = defineFeatureMessages('names', namesEn, {
  es: () => import('./names.es.js').then((m) => m.namesEs),
  fr: () => import('./names.fr.js').then((m) => m.namesFr),
  de: () => import('./names.de.js').then((m) => m.namesDe),
  'pt-BR': () => import('./names.pt-BR.js').then((m) => m.namesPtBR),
  'zh-CN': () => import('./names.zh-CN.js').then((m) => m.namesZhCN),
  ja: () => import('./names.ja.js').then((m) => m.namesJa),
  ko: () => import('./names.ko.js').then((m) => m.namesKo),
  ar: () => import('./names.ar.js').then((m) => m.namesAr),
})
