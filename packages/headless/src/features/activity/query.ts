import type { Portico } from '../../kernel/portico.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { type FetchTransactionsReturnType, fetchTransactions } from './fetchTransactions.js'

/**
 * Query key of a history: `['portico', 'transactions', { address, caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: transactionsQueryKey({ address }) })
 */
export function transactionsQueryKey(parameters: {
  address?: string | undefined
  caipNetworkId?: CaipNetworkId | undefined
}) {
  return ['portico', 'transactions', { address: parameters.address, caipNetworkId: parameters.caipNetworkId }] as const
}

/**
 * Infinite-query options for an account's history on one network, paged by the API's cursor.
 * The spec's list states follow: loading, then empty or filled; an error leaves it empty.
 *
 * @example
 * useInfiniteQuery(transactionsInfiniteQueryOptions(portico, { address, caipNetworkId }), queryClient)
 */
export function transactionsInfiniteQueryOptions(
  portico: Portico,
  parameters: { address?: string | undefined; caipNetworkId?: CaipNetworkId | undefined },
) {
  return {
    queryKey: transactionsQueryKey(parameters),
    initialPageParam: undefined as string | undefined,
    enabled: Boolean(parameters.address && parameters.caipNetworkId && portico.options.projectId),
    queryFn: ({
      pageParam,
      queryKey: [, , params],
    }: {
      pageParam: string | undefined
      queryKey: ReturnType<typeof transactionsQueryKey>
    }) =>
      fetchTransactions(portico, {
        address: params.address ?? '',
        caipNetworkId: params.caipNetworkId as CaipNetworkId,
        cursor: pageParam,
      }),
    getNextPageParam: (last: FetchTransactionsReturnType) => last.next,
    staleTime: 30_000,
    // Transient failures retry quickly (150 ms doubling, 3 times) so an error shows in about a second.
    retry,
    retryDelay,
  }
}
