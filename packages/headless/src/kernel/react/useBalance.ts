'use client'
import { useQuery } from '@tanstack/react-query'
import { balanceQueryOptions } from '../query/balance.js'
import type { CaipNetworkId } from '../utils/caip.js'
import { useConnection } from './useConnection.js'
import { usePortico } from './usePortico.js'

export type UseBalanceParameters = {
  /** Default: the connected address. */
  address?: string | undefined
  /** Default: the selected network of the active namespace. */
  caipNetworkId?: CaipNetworkId | undefined
  query?: {
    enabled?: boolean | undefined
    staleTime?: number | undefined
    refetchInterval?: number | false | undefined
  }
}

/**
 * Native and configured token balances read from the chain, cached 30 s. Returns the TanStack query
 * unchanged; `data[0]` is the native balance.
 *
 * @example
 * const { data } = useBalance()
 * data && formatBalance(data[0].quantity.numeric) // '9,999.998'
 */
export function useBalance({ address, caipNetworkId, query }: UseBalanceParameters = {}) {
  const { portico, queryClient } = usePortico('useBalance')
  const connection = useConnection({
    namespace: caipNetworkId ? (caipNetworkId.split(':')[0] as never) : undefined,
  })
  const network = caipNetworkId ?? (connection.network?.unsupported ? undefined : connection.network?.caipNetworkId)
  return useQuery(
    balanceQueryOptions(portico, { address: address ?? connection.address, caipNetworkId: network, query }),
    queryClient,
  )
}
