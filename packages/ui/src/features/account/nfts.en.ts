/** English text of the NFTs tab; other languages load on demand. */
export const nftsEn = {
  nftsFailed: 'Failed to fetch NFTs',
  /** How many of an ERC-1155 token the account holds (shown only above one). */
  nftsOwned: (count: string) => `${count} owned`,
}
