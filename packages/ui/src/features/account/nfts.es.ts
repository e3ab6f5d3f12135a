import type { Catalogue } from '../../i18n/featureMessages.js'
import type { nftsEn } from './nfts.en.js'

export const nftsEs = {
  nftsFailed: 'No se pudieron cargar los NFT',
  nftsOwned: (count: string) => `${count} en propiedad`,
} satisfies Catalogue<typeof nftsEn>
