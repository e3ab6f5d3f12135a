'use client'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { capabilitiesQueryOptions } from '../query.js'

export type UseCapabilitiesParameters = {
  /** Default: the connected eip155 address. */
  address?: string | undefined
  chainIds?: readonly number[] | undefined
  query?: { enabled?: boolean | undefined; staleTime?: number | undefined } | undefined
}

/**
 * What the connected eip155 wallet can do per chain (EIP-5792 `wallet_getCapabilities`: atomic,
 * flow-control, paymasterService, sessionKeys, auxiliaryFunds). Returns the TanStack query unchanged.
 *
 * @example
 * const { data } = useCapabilities({ chainIds: [8453] })
 * data?.[8453]?.atomic?.status // 'supported'
 */
export function useCapabilities({ address, chainIds, query }: UseCapabilitiesParameters = {}) {
  const { portico, queryClient } = usePortico('useCapabilities')
  const connection = useConnection({ namespace: 'eip155' })
  return useQuery(
    capabilitiesQueryOptions(portico, { address: address ?? connection.address, chainIds, query }),
    queryClient,
  )
}
