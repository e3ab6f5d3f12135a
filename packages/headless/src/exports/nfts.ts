// @portico/headless/nfts: the NFTs an account holds (the `fetchNfts` client, its query options,
// its typed error), without React (hooks: '/nfts/react'). Its own entry, not the main one: a
// lazily loaded view that uses it keeps it off page start (see pageStart.test.ts in @portico/ui).

export type { NftsUnavailableErrorType } from '../features/nfts/errors.js'
export {
  type FetchNftsErrorType,
  type FetchNftsParameters,
  type FetchNftsReturnType,
  fetchNfts,
  type Nft,
} from '../features/nfts/fetchNfts.js'
export { type NftsQueryParameters, nftsInfiniteQueryOptions } from '../features/nfts/query.js'
