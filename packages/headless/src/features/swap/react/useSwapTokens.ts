'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { swapTokensQueryOptions } from '../swapTokens.js'
import { useSwapNetwork } from './useSwapNetwork.js'

export type UseSwapTokensParameters = {
  /** Default: the connected network. */
  caipNetworkId?: CaipNetworkId | undefined
  query?: { enabled?: boolean | undefined; staleTime?: number | undefined } | undefined
}

/**
 * The tokens the convert API swaps on the connected network (cached 5 minutes). On a network it
 * does not serve the query fails at once with `SwapNetworkNotSupportedError` ('Network not
 * supported for Swaps'). Returns the TanStack query unchanged.
 *
 * @example
 * const { data: tokens } = useSwapTokens()
 * tokens?.map((t) => t.symbol) // ['ETH', 'USDC', 'PTK']
 */
export function useSwapTokens({ caipNetworkId, query }: UseSwapTokensParameters = {}) {
  const { portico, queryClient } = usePortico('useSwapTokens')
  const network = useSwapNetwork(caipNetworkId)
  const options = swapTokensQueryOptions(portico, { caipNetworkId: network.caipNetworkId, query })
  return useQuery(
    {
      ...options,
      // An unsupported network is an answer, not a wait: the queryFn rejects with the typed error.
      enabled: options.enabled || (network.unsupportedError !== undefined && (query?.enabled ?? true)),
    },
    queryClient,
  )
}
