'use client'
import { useQuery } from '@tanstack/react-query'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { ChainNamespace } from '../../../kernel/utils/caip.js'
import { resolveNameQueryOptions } from '../query.js'

/**
 * The address a name points to on the active namespace (or `namespace`), cached 5 minutes; idle
 * while `name` does not read as a name. Returns the TanStack query unchanged: `error` is a
 * `NameResolutionError` ('Error resolving name').
 *
 * @example
 * const { data } = useResolveName({ name: 'bob.reown.id' })
 * data?.address // '0x7099…79C8'
 */
export function useResolveName({ name, namespace }: { name: string | undefined; namespace?: ChainNamespace }) {
  const { portico, queryClient } = usePortico('useResolveName')
  const connection = useConnection()
  return useQuery(resolveNameQueryOptions(portico, { name, namespace: namespace ?? connection.namespace }), queryClient)
}
