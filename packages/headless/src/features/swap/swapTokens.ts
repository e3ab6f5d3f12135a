import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { type FetchSwapTokensErrorType, fetchSwapTokens, isSwapNetwork } from './convert.js'

/** Swap token lists change rarely: cached 5 minutes. */
export const swapTokensStaleTimeMs = 5 * 60_000

export type SwapTokensQueryKeyParameters = { caipNetworkId?: CaipNetworkId | undefined }

/**
 * Query key of a swap token list: `['portico', 'swapTokens', { caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: swapTokensQueryKey({ caipNetworkId: 'eip155:1' }) })
 */
export function swapTokensQueryKey({ caipNetworkId }: SwapTokensQueryKeyParameters = {}) {
  return ['portico', 'swapTokens', { caipNetworkId }] as const
}

/**
 * Query options for {@link fetchSwapTokens}: enabled on swap networks only (elsewhere the query
 * stays idle rather than failing), retried on the spec's statuses. With `blockchainApi: false`
 * it fails at once with `SwapBlockchainApiDisabledError` ('Swaps need the blockchain API'), which
 * the swap view shows, and asks nothing.
 *
 * @example
 * const tokens = await queryClient.fetchQuery(swapTokensQueryOptions(portico, { caipNetworkId: 'eip155:1' }))
 */
export function swapTokensQueryOptions(
  portico: Portico,
  parameters: SwapTokensQueryKeyParameters & { query?: { enabled?: boolean | undefined; [key: string]: unknown } },
) {
  const { query, ...key } = parameters
  const options = {
    staleTime: swapTokensStaleTimeMs,
    retry,
    retryDelay,
    ...query,
    queryKey: swapTokensQueryKey(key),
    enabled: Boolean(key.caipNetworkId && isSwapNetwork(key.caipNetworkId) && (query?.enabled ?? true)),
    queryFn: ({ queryKey: [, , { caipNetworkId }] }: { queryKey: ReturnType<typeof swapTokensQueryKey> }) =>
      fetchSwapTokens(portico, { caipNetworkId: caipNetworkId as CaipNetworkId }),
  }
  return options as WithQueryError<typeof options, FetchSwapTokensErrorType>
}
