import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsJa = {
  nftsFailed: 'NFT を取得できませんでした',
  nftsOwned: (count: string) => `${count} 個保有`,
} satisfies Catalogue<typeof nftsEn>
