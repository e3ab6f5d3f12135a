import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsZhCN = {
  nftsFailed: '无法获取 NFT',
  nftsOwned: (count: string) => `持有 ${count} 个`,
} satisfies Catalogue<typeof nftsEn>
