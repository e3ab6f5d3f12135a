'use client'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { useFeatures } from '../../../kernel/react/useFeatures.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { permissionsQueryOptions } from '../query.js'

/**
 * The running permissions (ERC-7715 grants and hosted smart sessions) of the connected EVM
 * account; idle while `smartSessions` is off or nothing is connected. `error` is 'Error fetching
 * smart sessions' or the wallet's. Returns the TanStack query unchanged.
 *
 * @example
 * const { data: permissions = [] } = usePermissions()
 * permissions.map((p) => p.context)
 */
export function usePermissions() {
  const { portico, queryClient } = usePortico('usePermissions')
  const connection = useConnection({ namespace: 'eip155' })
  // Read so the query turns on and off with the feature flag (the factory reads it).
  useFeatures()
  const chainId = connection.caipNetworkId ? Number(connection.caipNetworkId.split(':')[1]) : undefined
  return useQuery(permissionsQueryOptions(portico, { address: connection.address, chainId }), queryClient)
}
