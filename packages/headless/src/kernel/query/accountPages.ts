import type { Portico } from '../portico.js'
import { retry, retryDelay } from '../retry.js'
import type { CaipNetworkId } from '../utils/caip.js'
import type { WithQueryError } from './queryError.js'

/** Which account's list, on which network. */
export type AccountPagesParameters = { address?: string | undefined; caipNetworkId?: CaipNetworkId | undefined }

/**
 * @internal
 * Key and infinite-query options of a hosted list that belongs to one account on one network and
 * is paged by the API's cursor (history, NFTs): key `['portico', name, { address, caipNetworkId }]`,
 * off without an address, a network or a project id (the hosted API needs one), fresh 30 s.
 * `error` is what `fetchPage` rejects with (the query's typed error).
 */
export function accountPagesQuery<name extends string, page extends { next?: string | undefined }, error>(
  name: name,
  fetchPage: (
    portico: Portico,
    parameters: { address: string; caipNetworkId: CaipNetworkId; cursor: string | undefined },
  ) => Promise<page>,
) {
  const queryKey = (parameters: AccountPagesParameters) =>
    ['portico', name, { address: parameters.address, caipNetworkId: parameters.caipNetworkId }] as const
  const infiniteQueryOptions = (portico: Portico, parameters: AccountPagesParameters) => {
    const options = {
      queryKey: queryKey(parameters),
      initialPageParam: undefined as string | undefined,
      enabled: Boolean(parameters.address && parameters.caipNetworkId && portico.options.projectId),
      queryFn: ({
        pageParam,
        queryKey: [, , params],
      }: {
        pageParam: string | undefined
        queryKey: ReturnType<typeof queryKey>
      }) =>
        fetchPage(portico, {
          address: params.address ?? '',
          caipNetworkId: params.caipNetworkId as CaipNetworkId,
          cursor: pageParam,
        }),
      // An empty cursor cannot be followed (the fetchers drop it and would ask for page 1 again).
      getNextPageParam: (last: page) => last.next || undefined,
      staleTime: 30_000,
      // Transient failures retry quickly (150 ms doubling, 3 times) so an error shows in about a second.
      retry,
      retryDelay,
    }
    return options as WithQueryError<typeof options, error>
  }
  return { queryKey, infiniteQueryOptions }
}
