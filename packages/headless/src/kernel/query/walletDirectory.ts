import {
  type FetchWalletsParameters,
  type FetchWalletsReturnType,
  fetchWallets,
  type WalletDirectoryErrorType,
  walletDirectoryPageSize,
  walletDirectorySearchPageSize,
} from '../api/walletDirectory.js'
import type { Portico } from '../portico.js'
import { retry, retryDelay } from '../retry.js'
import type { WithQueryError } from './queryError.js'

export type WalletDirectoryQueryParameters = Omit<FetchWalletsParameters, 'page' | 'entries'>

/**
 * Query key of the wallet directory: `['portico', 'walletDirectory', { search, … }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: walletDirectoryQueryKey() })
 */
export function walletDirectoryQueryKey(parameters: WalletDirectoryQueryParameters = {}) {
  return ['portico', 'walletDirectory', { ...parameters, search: parameters.search?.trim() || undefined }] as const
}

/**
 * Infinite-query options for the wallet directory: 40 per page, a search 100 per page (the spec),
 * the next page while more remain.
 *
 * @example
 * const query = useInfiniteQuery(walletDirectoryInfiniteQueryOptions(portico, { search }), queryClient)
 */
export function walletDirectoryInfiniteQueryOptions(portico: Portico, parameters: WalletDirectoryQueryParameters = {}) {
  const queryKey = walletDirectoryQueryKey(parameters)
  const entries = queryKey[2].search ? walletDirectorySearchPageSize : walletDirectoryPageSize
  const options = {
    queryKey,
    initialPageParam: 1,
    queryFn: ({
      pageParam,
      queryKey: [, , params],
    }: {
      pageParam: number
      queryKey: ReturnType<typeof walletDirectoryQueryKey>
    }) => fetchWallets(portico, { ...params, page: pageParam, entries }),
    getNextPageParam: (last: FetchWalletsReturnType, pages: FetchWalletsReturnType[]) =>
      pages.length * entries < last.count && last.data.length > 0 ? last.page + 1 : undefined,
    staleTime: 5 * 60_000,
    // Transient failures retry quickly (150 ms doubling, 3 times) so an error shows in about a second.
    retry,
    retryDelay,
  }
  return options as WithQueryError<typeof options, WalletDirectoryErrorType>
}
