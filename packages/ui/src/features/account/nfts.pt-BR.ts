import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nftMessages.js'

export const nftsPtBR = {
  nftsFailed: 'Não foi possível carregar os NFTs',
  nftsOwned: (count: string) => `${count} em posse`,
} satisfies Catalogue<typeof nftsEn>
