'use client'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { nftsInfiniteQueryOptions } from '../query.js'

export type UseNftsParameters = { address?: string; caipNetworkId?: CaipNetworkId }

/**
 * The NFTs the connected account holds on the active network (or the given address and network),
 * spam hidden, paged by cursor. Returns the TanStack infinite query unchanged.
 *
 * @example
 * const { data, fetchNextPage, hasNextPage, isError } = useNfts()
 * const nfts = data?.pages.flatMap((page) => page.data) ?? []
 */
export function useNfts({ address, caipNetworkId }: UseNftsParameters = {}) {
  const { portico, queryClient } = usePortico('useNfts')
  const connection = useConnection()
  return useInfiniteQuery(
    nftsInfiniteQueryOptions(portico, {
      address: address ?? connection.address,
      caipNetworkId: caipNetworkId ?? connection.caipNetworkId,
    }),
    queryClient,
  )
}
