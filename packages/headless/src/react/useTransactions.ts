'use client'
import { useInfiniteQuery } from '@tanstack/react-query'
import { transactionsInfiniteQueryOptions } from '../core/query/transactions.js'
import type { CaipNetworkId } from '../core/utils/caip.js'
import { useConnection } from './useConnection.js'
import { usePortico } from './usePortico.js'

/**
 * The connected account's transactions on the active network (or the given address and network),
 * newest first, paged by cursor. Returns the TanStack infinite query unchanged.
 *
 * @example
 * const { data, fetchNextPage, hasNextPage, isError } = useTransactions()
 */
export function useTransactions({ address, caipNetworkId }: { address?: string; caipNetworkId?: CaipNetworkId } = {}) {
  const { portico, queryClient } = usePortico('useTransactions')
  const connection = useConnection()
  return useInfiniteQuery(
    transactionsInfiniteQueryOptions(portico, {
      address: address ?? connection.address,
      caipNetworkId: caipNetworkId ?? connection.caipNetworkId,
    }),
    queryClient,
  )
}
