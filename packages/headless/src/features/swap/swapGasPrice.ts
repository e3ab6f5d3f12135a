import { type BlockchainApiErrorType, fetchGasPrice } from '../../kernel/api/blockchainApi.js'
import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'

/** Gas prices move block by block: a shown price is re-read this often. */
export const swapGasPriceRefetchIntervalMs = 15_000

export type SwapGasPriceQueryKeyParameters = { caipNetworkId?: CaipNetworkId | undefined }

/**
 * Query key of a gas price read: `['portico', 'swapGasPrice', { caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: swapGasPriceQueryKey({ caipNetworkId: 'eip155:1' }) })
 */
export function swapGasPriceQueryKey({ caipNetworkId }: SwapGasPriceQueryKeyParameters = {}) {
  return ['portico', 'swapGasPrice', { caipNetworkId }] as const
}

/**
 * Query options for {@link fetchGasPrice}: enabled once a network is known (an unsupported
 * one fails with 'Network not supported for Gas Price', never retried), refreshed every 15 s.
 *
 * @example
 * const { standard } = await queryClient.fetchQuery(swapGasPriceQueryOptions(portico, { caipNetworkId: 'eip155:1' }))
 */
export function swapGasPriceQueryOptions(
  portico: Portico,
  parameters: SwapGasPriceQueryKeyParameters & { query?: { enabled?: boolean | undefined; [key: string]: unknown } },
) {
  const { query, ...key } = parameters
  const options = {
    staleTime: 0,
    refetchInterval: swapGasPriceRefetchIntervalMs,
    retry,
    retryDelay,
    ...query,
    queryKey: swapGasPriceQueryKey(key),
    enabled: Boolean(key.caipNetworkId && (query?.enabled ?? true)),
    queryFn: ({ queryKey: [, , { caipNetworkId }] }: { queryKey: ReturnType<typeof swapGasPriceQueryKey> }) =>
      fetchGasPrice(portico, { caipNetworkId: caipNetworkId as CaipNetworkId }),
  }
  return options as WithQueryError<typeof options, BlockchainApiErrorType>
}
