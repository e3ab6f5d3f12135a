'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { swapAllowanceQueryOptions } from '../swapAllowance.js'
import { useSwapNetwork } from './useSwapNetwork.js'

export type UseSwapAllowanceParameters = {
  /** The source token, `0x…` or CAIP-10. The native currency needs no allowance: the query idles. */
  tokenAddress?: string | undefined
  /** Default: the connected address. */
  userAddress?: string | undefined
  /** Default: the connected network. */
  caipNetworkId?: CaipNetworkId | undefined
  query?: { enabled?: boolean | undefined; refetchInterval?: number | false | undefined } | undefined
}

/**
 * What the swap contract may spend of the user's `tokenAddress`, in base units (bigint). Approval
 * is needed when it is below the amount (`allowance < amount`); `useSwap` refreshes it after an approval.
 * Returns the TanStack query unchanged.
 *
 * @example
 * const { data: allowance } = useSwapAllowance({ tokenAddress: usdc })
 * const needsApproval = allowance !== undefined && allowance < amount
 */
export function useSwapAllowance({ tokenAddress, userAddress, caipNetworkId, query }: UseSwapAllowanceParameters = {}) {
  const { portico, queryClient } = usePortico('useSwapAllowance')
  const network = useSwapNetwork(caipNetworkId)
  return useQuery(
    swapAllowanceQueryOptions(portico, {
      caipNetworkId: network.caipNetworkId,
      tokenAddress,
      userAddress: userAddress ?? network.connection.address,
      query,
    }),
    queryClient,
  )
}
