'use client'
import { useInfiniteQuery } from '@tanstack/react-query'
import { isWalletDirectoryEnabled } from '../api/walletDirectory.js'
import { type WalletDirectoryQueryParameters, walletDirectoryInfiniteQueryOptions } from '../query/walletDirectory.js'
import { usePortico } from './usePortico.js'

/**
 * Pages through the wallet directory (40 per page; a search 100 per page, as the spec asks).
 * Disabled when no directory is configured (no project id, or `walletDirectory: false`). Returns
 * the TanStack infinite query unchanged.
 *
 * @example
 * const { data, fetchNextPage, hasNextPage } = useWalletDirectory({ search })
 */
export function useWalletDirectory({
  enabled = true,
  ...parameters
}: WalletDirectoryQueryParameters & { enabled?: boolean } = {}) {
  const { portico, queryClient } = usePortico('useWalletDirectory')
  return useInfiniteQuery(
    {
      ...walletDirectoryInfiniteQueryOptions(portico, parameters),
      enabled: enabled && isWalletDirectoryEnabled(portico),
    },
    queryClient,
  )
}
