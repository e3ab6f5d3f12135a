'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { useSettledValue } from '../../../kernel/react/useSettledValue.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { swapQuoteQueryOptions } from '../swapQuote.js'
import { useSwapNetwork } from './useSwapNetwork.js'

/** Typing pauses this long before a quote is asked for: one request per pause, not per key. */
export const swapQuoteDebounceMs = 300

export type UseSwapQuoteParameters = {
  /** Source token, `0x…` or CAIP-10 (native: `nativeSwapTokenAddress`). */
  from?: string | undefined
  to?: string | undefined
  /** Source amount in base units (bigint). Zero or absent: no quote. */
  amount?: bigint | undefined
  /** Default: the connected address. */
  userAddress?: string | undefined
  /** Default: the connected network. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Milliseconds the input must stay unchanged before it is quoted; {@link swapQuoteDebounceMs} by default. */
  debounceMs?: number | undefined
  query?: { enabled?: boolean | undefined; refetchInterval?: number | false | undefined } | undefined
}

/**
 * A live quote for swapping `amount` of `from` into `to` (all bigint base units), with the
 * minimum received at the spec's 1% slippage and the price impact. The input is debounced
 * (`isDebouncing` is true meanwhile), a newer input aborts the request of an older one, and the
 * quote refreshes every 10 s while the component is mounted. On a network the convert API does
 * not serve, the query fails with 'Network not supported for Swaps'. Returns the TanStack query
 * plus `isDebouncing`.
 *
 * @example
 * const quote = useSwapQuote({ from: nativeSwapTokenAddress, to: usdc, amount: parseEther('1') })
 * quote.data && formatUnits(quote.data.minimumReceived, 6)
 */
export function useSwapQuote({
  from,
  to,
  amount,
  userAddress,
  caipNetworkId,
  debounceMs = swapQuoteDebounceMs,
  query,
}: UseSwapQuoteParameters = {}) {
  const { portico, queryClient } = usePortico('useSwapQuote')
  const network = useSwapNetwork(caipNetworkId)
  const settled = useSettledValue({ from, to, amount }, JSON.stringify([from, to, amount?.toString()]), debounceMs)
  const current = settled.value
  const options = swapQuoteQueryOptions(portico, {
    caipNetworkId: network.caipNetworkId,
    from: current.from,
    to: current.to,
    amount: current.amount,
    userAddress: userAddress ?? network.connection.address,
    query,
  })
  const result = useQuery(
    {
      ...options,
      enabled:
        options.enabled ||
        (network.unsupportedError !== undefined && Boolean(from && to && amount) && (query?.enabled ?? true)),
    },
    queryClient,
  )
  return Object.assign(result, { isDebouncing: settled.settling })
}
