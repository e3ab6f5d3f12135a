'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { swapGasPriceQueryOptions } from '../swapGasPrice.js'
import { useSwapNetwork } from './useSwapNetwork.js'

export type UseSwapGasPriceParameters = {
  /** Default: the connected network. */
  caipNetworkId?: CaipNetworkId | undefined
  query?: { enabled?: boolean | undefined; refetchInterval?: number | false | undefined } | undefined
}

/**
 * The network's gas price (`standard`, `fast`, `instant`, wei as bigint) from the convert API,
 * refreshed every 15 s; elsewhere it fails with 'Network not supported for Gas Price'. Returns
 * the TanStack query unchanged.
 *
 * @example
 * const { data: gas } = useSwapGasPrice()
 * gas && formatUnits(gas.standard * 150_000n, 18) // fee of a typical swap, in ETH
 */
export function useSwapGasPrice({ caipNetworkId, query }: UseSwapGasPriceParameters = {}) {
  const { portico, queryClient } = usePortico('useSwapGasPrice')
  const network = useSwapNetwork(caipNetworkId)
  return useQuery(swapGasPriceQueryOptions(portico, { caipNetworkId: network.caipNetworkId, query }), queryClient)
}
