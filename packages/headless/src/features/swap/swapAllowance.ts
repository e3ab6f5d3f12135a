import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import {
  type FetchSwapAllowanceErrorType,
  fetchSwapAllowance,
  isSwapNetwork,
  nativeSwapTokenAddress,
} from './convert.js'

export type SwapAllowanceQueryKeyParameters = {
  caipNetworkId?: CaipNetworkId | undefined
  tokenAddress?: string | undefined
  userAddress?: string | undefined
}

/**
 * Query key of a swap allowance: `['portico', 'swapAllowance', { caipNetworkId, tokenAddress, userAddress }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: swapAllowanceQueryKey({ caipNetworkId, tokenAddress, userAddress }) })
 */
export function swapAllowanceQueryKey({
  caipNetworkId,
  tokenAddress,
  userAddress,
}: SwapAllowanceQueryKeyParameters = {}) {
  return ['portico', 'swapAllowance', { caipNetworkId, tokenAddress, userAddress }] as const
}

/**
 * Query options for {@link fetchSwapAllowance}. Idle for the native currency (it needs no
 * allowance) and outside swap networks. Invalidate it after an approve or permit lands. With
 * `blockchainApi: false` it fails at once with `SwapBlockchainApiDisabledError` and asks nothing.
 *
 * @example
 * const allowance = await queryClient.fetchQuery(swapAllowanceQueryOptions(portico, { caipNetworkId, tokenAddress, userAddress }))
 */
export function swapAllowanceQueryOptions(
  portico: Portico,
  parameters: SwapAllowanceQueryKeyParameters & { query?: { enabled?: boolean | undefined; [key: string]: unknown } },
) {
  const { query, ...key } = parameters
  const native = key.tokenAddress?.toLowerCase().endsWith(nativeSwapTokenAddress) ?? false
  const options = {
    staleTime: 0,
    retry,
    retryDelay,
    ...query,
    queryKey: swapAllowanceQueryKey(key),
    enabled: Boolean(
      key.caipNetworkId &&
        isSwapNetwork(key.caipNetworkId) &&
        key.tokenAddress &&
        key.userAddress &&
        !native &&
        (query?.enabled ?? true),
    ),
    queryFn: ({ queryKey: [, , params] }: { queryKey: ReturnType<typeof swapAllowanceQueryKey> }) =>
      fetchSwapAllowance(portico, {
        caipNetworkId: params.caipNetworkId as CaipNetworkId,
        tokenAddress: params.tokenAddress ?? '',
        userAddress: params.userAddress ?? '',
      }),
  }
  return options as WithQueryError<typeof options, FetchSwapAllowanceErrorType>
}
