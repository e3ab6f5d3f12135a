import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { nftsEn } from './nfts.en.js'

/** @internal The NFTs tab's messages (`defineFeatureMessages`). */
export const nftsMessages = defineFeatureMessages('nfts', nftsEn, {
  es: () => import('./nfts.es.js').then((m) => m.nftsEs),
  fr: () => import('./nfts.fr.js').then((m) => m.nftsFr),
  de: () => import('./nfts.de.js').then((m) => m.nftsDe),
  'pt-BR': () => import('./nfts.pt-BR.js').then((m) => m.nftsPtBR),
  'zh-CN': () => import('./nfts.zh-CN.js').then((m) => m.nftsZhCN),
  ja: () => import('./nfts.ja.js').then((m) => m.nftsJa),
  ko: () => import('./nfts.ko.js').then((m) => m.nftsKo),
  ar: () => import('./nfts.ar.js').then((m) => m.nftsAr),
})
