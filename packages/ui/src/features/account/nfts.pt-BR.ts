import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsPtBR = {
  nftsFailed: 'Não foi possível carregar os NFTs',
  nftsOwned: (count: string) => `${count} em posse`,
} satisfies Catalogue<typeof nftsEn>
