'use client'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { identityQueryOptions } from '../query.js'

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
