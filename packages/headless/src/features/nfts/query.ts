import { type AccountPagesParameters, accountPagesQuery } from '../../kernel/query/accountPages.js'
import { type FetchNftsErrorType, type FetchNftsReturnType, fetchNfts } from './fetchNfts.js'

export type NftsQueryParameters = AccountPagesParameters

const nfts = accountPagesQuery<'nfts', FetchNftsReturnType, FetchNftsErrorType>('nfts', fetchNfts)

/**
 * Query key of an account's NFTs on one network: `['portico', 'nfts', { address, caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: nftsQueryKey({ address }) })
 */
export const nftsQueryKey = nfts.queryKey

/**
 * Infinite-query options for the NFTs an account holds on one network, paged by the API's cursor.
 * Off without an address, a network or a project id (the hosted API needs one).
 *
 * @example
 * useInfiniteQuery(nftsInfiniteQueryOptions(portico, { address, caipNetworkId }), queryClient)
 */
export const nftsInfiniteQueryOptions = nfts.infiniteQueryOptions
