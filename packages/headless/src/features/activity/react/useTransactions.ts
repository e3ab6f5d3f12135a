'use client'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { transactionsInfiniteQueryOptions } from '../query.js'

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
