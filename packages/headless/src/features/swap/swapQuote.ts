import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { type FetchSwapQuoteErrorType, fetchSwapQuote, isSwapNetwork } from './convert.js'

/** A quote shown while the swap view is open is refreshed this often (prices move). */
export const swapQuoteRefetchIntervalMs = 10_000

export type SwapQuoteQueryKeyParameters = {
  caipNetworkId?: CaipNetworkId | undefined
  from?: string | undefined
  to?: string | undefined
  /** Source amount in base units. */
  amount?: bigint | undefined
  userAddress?: string | undefined
}

/**
 * Query key of a swap quote: `['portico', 'swapQuote', { caipNetworkId, from, to, amount, userAddress }]`,
 * the amount as a decimal string so the key stays serializable.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: ['portico', 'swapQuote'] })
 */
export function swapQuoteQueryKey({ caipNetworkId, from, to, amount, userAddress }: SwapQuoteQueryKeyParameters = {}) {
  return [
    'portico',
    'swapQuote',
    { caipNetworkId, from, to, amount: amount === undefined ? undefined : String(amount), userAddress },
  ] as const
}

/**
 * Query options for {@link fetchSwapQuote}: idle until every parameter is known and the amount
 * is positive; a newer key cancels the older request (TanStack passes its abort signal through);
 * refreshed every 10 s while observed; retried on the spec's statuses. With `blockchainApi: false`
 * it fails at once with `SwapBlockchainApiDisabledError` ('Swaps need the blockchain API'), asks
 * nothing and is not refreshed.
 *
 * @example
 * const quote = await queryClient.fetchQuery(swapQuoteQueryOptions(portico, { caipNetworkId, from, to, amount, userAddress }))
 */
export function swapQuoteQueryOptions(
  portico: Portico,
  parameters: SwapQuoteQueryKeyParameters & { query?: { enabled?: boolean | undefined; [key: string]: unknown } },
) {
  const { query, ...key } = parameters
  const ready = Boolean(
    key.caipNetworkId &&
      isSwapNetwork(key.caipNetworkId) &&
      key.from &&
      key.to &&
      key.userAddress &&
      key.amount !== undefined &&
      key.amount > 0n,
  )
  const options = {
    // With the API off no quote can come: no timer re-running a read that cannot be made.
    refetchInterval: portico.options.blockchainApi ? swapQuoteRefetchIntervalMs : (false as const),
    staleTime: 0,
    retry,
    retryDelay,
    ...query,
    queryKey: swapQuoteQueryKey(key),
    enabled: ready && (query?.enabled ?? true),
    queryFn: ({
      queryKey: [, , params],
      signal,
    }: {
      queryKey: ReturnType<typeof swapQuoteQueryKey>
      signal?: AbortSignal | undefined
    }) =>
      fetchSwapQuote(portico, {
        caipNetworkId: params.caipNetworkId as CaipNetworkId,
        from: params.from ?? '',
        to: params.to ?? '',
        amount: BigInt(params.amount ?? '0'),
        userAddress: params.userAddress ?? '',
        signal,
      }),
  }
  return options as WithQueryError<typeof options, FetchSwapQuoteErrorType>
}
