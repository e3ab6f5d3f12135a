'use client'
import { useQuery } from '@tanstack/react-query'
import { identityQueryOptions } from '../core/query/identity.js'
import { useConnection } from './useConnection.js'
import { usePortico } from './usePortico.js'

/**
 * The name and avatar of the connected address (or `address`), cached 5 minutes. Returns the
 * TanStack query unchanged.
 *
 * @example
 * const { data } = useIdentity()
 * data?.name // 'alice.portico'
 */
export function useIdentity({ address }: { address?: string } = {}) {
  const { portico, queryClient } = usePortico('useIdentity')
  const connection = useConnection()
  return useQuery(identityQueryOptions(portico, { address: address ?? connection.address }), queryClient)
}
