import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsKo = {
  nftsFailed: 'NFT를 불러오지 못했습니다',
  nftsOwned: (count: string) => `${count}개 보유`,
} satisfies Catalogue<typeof nftsEn>
