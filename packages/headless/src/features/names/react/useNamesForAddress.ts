'use client'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { namesForAddressQueryOptions } from '../query.js'

/**
 * The names pointing to `address` (default: the connected EVM address), through the profile
 * service's reverse lookup, cached 5 minutes. `error` is a `NamesForAddressError` ('Error
 * fetching names for address').
 *
 * @example
 * const { data } = useNamesForAddress()
 * data?.[0]?.name // 'alice.reown.id'
 */
export function useNamesForAddress({ address }: { address?: string | undefined } = {}) {
  const { portico, queryClient } = usePortico('useNamesForAddress')
  const connection = useConnection({ namespace: 'eip155' })
  return useQuery(namesForAddressQueryOptions(portico, { address: address ?? connection.address }), queryClient)
}
