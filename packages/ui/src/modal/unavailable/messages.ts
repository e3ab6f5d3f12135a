import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { viewUnavailableEn } from './unavailable.en.js'

/**
 * @internal The modal's text for a view whose code could not load (`defineFeatureMessages`): in the
 * modal's chunk, not the page-start catalogue, since only an opened modal can show it.
 */
export const viewUnavailableMessages = defineFeatureMessages('view-unavailable', viewUnavailableEn, {
  es: () => import('./unavailable.es.js').then((m) => m.viewUnavailableEs),
  fr: () => import('./unavailable.fr.js').then((m) => m.viewUnavailableFr),
  de: () => import('./unavailable.de.js').then((m) => m.viewUnavailableDe),
  'pt-BR': () => import('./unavailable.pt-BR.js').then((m) => m.viewUnavailablePtBR),
  'zh-CN': () => import('./unavailable.zh-CN.js').then((m) => m.viewUnavailableZhCN),
  ja: () => import('./unavailable.ja.js').then((m) => m.viewUnavailableJa),
  ko: () => import('./unavailable.ko.js').then((m) => m.viewUnavailableKo),
  ar: () => import('./unavailable.ar.js').then((m) => m.viewUnavailableAr),
})
