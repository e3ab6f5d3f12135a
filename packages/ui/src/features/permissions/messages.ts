import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { permissionsEn } from './permissions.en.js'

/** @internal The permissions list's messages (`defineFeatureMessages`). */
export const permissionsMessages = defineFeatureMessages('permissions', permissionsEn, {
  es: () => import('./permissions.es.js').then((m) => m.permissionsEs),
  fr: () => import('./permissions.fr.js').then((m) => m.permissionsFr),
  de: () => import('./permissions.de.js').then((m) => m.permissionsDe),
  'pt-BR': () => import('./permissions.pt-BR.js').then((m) => m.permissionsPtBR),
  'zh-CN': () => import('./permissions.zh-CN.js').then((m) => m.permissionsZhCN),
  ja: () => import('./permissions.ja.js').then((m) => m.permissionsJa),
  ko: () => import('./permissions.ko.js').then((m) => m.permissionsKo),
  ar: () => import('./permissions.ar.js').then((m) => m.permissionsAr),
})
