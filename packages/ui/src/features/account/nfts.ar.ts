import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsAr = {
  nftsFailed: 'تعذّر جلب رموز NFT',
  nftsOwned: (count: string) => `تملك ${count}`,
} satisfies Catalogue<typeof nftsEn>
