'use client'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { EstimateSendFeeParameters } from '../estimateSendFee.js'
import { estimateSendFeeQueryOptions } from '../query.js'

export type UseEstimateSendFeeParameters = Partial<EstimateSendFeeParameters> & {
  query?: {
    enabled?: boolean | undefined
    staleTime?: number | undefined
    refetchInterval?: number | false | undefined
  }
}

/**
 * The network fee of sending `amount` of `token` to `receiver` from the connected wallet, re-quoted
 * every 15 s; `data.formatted` is in native units and `data.usd` is set when a price is known.
 * Returns the TanStack query unchanged.
 *
 * @example
 * const { data: fee } = useEstimateSendFee({ token, amount, receiver })
 * fee && `${fee.formatted} ${fee.symbol}`
 */
export function useEstimateSendFee({ query, ...parameters }: UseEstimateSendFeeParameters = {}) {
  const { portico, queryClient } = usePortico('useEstimateSendFee')
  const connection = useConnection()
  return useQuery(
    estimateSendFeeQueryOptions(portico, {
      ...parameters,
      address: connection.address,
      caipNetworkId: connection.caipNetworkId,
      query,
    }),
    queryClient,
  )
}
