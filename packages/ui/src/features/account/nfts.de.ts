import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsDe = {
  nftsFailed: 'NFTs konnten nicht geladen werden',
  nftsOwned: (count: string) => `${count} im Besitz`,
} satisfies Catalogue<typeof nftsEn>
