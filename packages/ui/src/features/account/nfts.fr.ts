import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsFr = {
  nftsFailed: 'Impossible de charger les NFT',
  nftsOwned: (count: string) => `${count} possédés`,
} satisfies Catalogue<typeof nftsEn>
