import { BlockchainApiError, type BlockchainApiErrorType, fetchGasPrice } from '../../kernel/api/blockchainApi.js'
import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { SwapBlockchainApiDisabledError } from './errors.js'

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
 * With `blockchainApi: false` it fails at once with 'Swaps need the blockchain API' (a
 * `BlockchainApiError`, like every failure of this kernel read, whose `cause` is the swap feature's
 * `SwapBlockchainApiDisabledError`), asks nothing and is not refreshed.
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
    // With the API off nothing can change: no timer re-running a read that cannot be made.
    refetchInterval: portico.options.blockchainApi ? swapGasPriceRefetchIntervalMs : (false as const),
    retry,
    retryDelay,
    ...query,
    queryKey: swapGasPriceQueryKey(key),
    enabled: Boolean(key.caipNetworkId && (query?.enabled ?? true)),
    queryFn: async ({ queryKey: [, , { caipNetworkId }] }: { queryKey: ReturnType<typeof swapGasPriceQueryKey> }) => {
      // The gas price is a convert route too: with the API off it is never asked.
      if (!portico.options.blockchainApi) {
        const cause = new SwapBlockchainApiDisabledError()
        throw new BlockchainApiError(cause.shortMessage, { cause })
      }
      return fetchGasPrice(portico, { caipNetworkId: caipNetworkId as CaipNetworkId })
    },
  }
  return options as WithQueryError<typeof options, BlockchainApiErrorType>
}
