import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { activityEn } from './activity.en.js'

/** @internal The Activity list's messages (`defineFeatureMessages`). */
export const activityMessages = defineFeatureMessages('activity', activityEn, {
  es: () => import('./activity.es.js').then((m) => m.activityEs),
  fr: () => import('./activity.fr.js').then((m) => m.activityFr),
  de: () => import('./activity.de.js').then((m) => m.activityDe),
  'pt-BR': () => import('./activity.pt-BR.js').then((m) => m.activityPtBR),
  'zh-CN': () => import('./activity.zh-CN.js').then((m) => m.activityZhCN),
  ja: () => import('./activity.ja.js').then((m) => m.activityJa),
  ko: () => import('./activity.ko.js').then((m) => m.activityKo),
  ar: () => import('./activity.ar.js').then((m) => m.activityAr),
})
