import type { Portico } from '../../kernel/portico.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { type FetchNftsReturnType, fetchNfts } from './fetchNfts.js'

export type NftsQueryParameters = { address?: string | undefined; caipNetworkId?: CaipNetworkId | undefined }

/**
 * Query key of an account's NFTs on one network: `['portico', 'nfts', { address, caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: nftsQueryKey({ address }) })
 */
export function nftsQueryKey(parameters: NftsQueryParameters) {
  return ['portico', 'nfts', { address: parameters.address, caipNetworkId: parameters.caipNetworkId }] as const
}

/**
 * Infinite-query options for the NFTs an account holds on one network, paged by the API's cursor.
 * Off without an address, a network or a project id (the hosted API needs one).
 *
 * @example
 * useInfiniteQuery(nftsInfiniteQueryOptions(portico, { address, caipNetworkId }), queryClient)
 */
export function nftsInfiniteQueryOptions(portico: Portico, parameters: NftsQueryParameters) {
  return {
    queryKey: nftsQueryKey(parameters),
    initialPageParam: undefined as string | undefined,
    enabled: Boolean(parameters.address && parameters.caipNetworkId && portico.options.projectId),
    queryFn: ({
      pageParam,
      queryKey: [, , params],
    }: {
      pageParam: string | undefined
      queryKey: ReturnType<typeof nftsQueryKey>
    }) =>
      fetchNfts(portico, {
        address: params.address ?? '',
        caipNetworkId: params.caipNetworkId as CaipNetworkId,
        cursor: pageParam,
      }),
    getNextPageParam: (last: FetchNftsReturnType) => last.next,
    staleTime: 30_000,
    // Transient failures retry quickly (150 ms doubling, 3 times) so an error shows in about a second.
    retry,
    retryDelay,
  }
}
