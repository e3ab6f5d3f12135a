import { type Catalogue, defineFeatureMessages } from '../../i18n/featureMessages.js'
import { swapEn } from './swap.en.js'

/** @internal The Swap views' messages: English in `swap.en.ts`, each other language its own chunk. */
export const swapMessages = defineFeatureMessages('swap', swapEn, {
  es: () => import('./swap.es.js').then((m) => m.messages),
  fr: () => import('./swap.fr.js').then((m) => m.messages),
  de: () => import('./swap.de.js').then((m) => m.messages),
  'pt-BR': () => import('./swap.pt-BR.js').then((m) => m.messages),
  'zh-CN': () => import('./swap.zh-CN.js').then((m) => m.messages),
  ja: () => import('./swap.ja.js').then((m) => m.messages),
  ko: () => import('./swap.ko.js').then((m) => m.messages),
  ar: () => import('./swap.ar.js').then((m) => m.messages),
})

/** @internal The swap views' text, in the user's language. */
export type SwapText = Catalogue<typeof swapEn>
