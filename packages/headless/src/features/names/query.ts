import type { Portico } from '../../kernel/portico.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { isName } from './isName.js'
import { resolveName } from './resolveName.js'

/**
 * Query options for a name's address on a namespace: `['portico', 'name', { name, namespace }]`,
 * cached 5 minutes like identities (spec), enabled only for something that reads as a name and
 * only with the blockchain API on.
 *
 * @example
 * useQuery(resolveNameQueryOptions(portico, { name: 'bob.reown.id', namespace: 'eip155' }), queryClient)
 */
export function resolveNameQueryOptions(
  portico: Portico,
  { name, namespace }: { name: string | undefined; namespace: ChainNamespace | undefined },
) {
  const key = name?.trim().toLowerCase()
  return {
    queryKey: ['portico', 'name', { name: key, namespace }] as const,
    // As identities: only where the blockchain API is in use (it needs a project id).
    enabled: Boolean(key && namespace && isName(key) && portico.options.projectId && portico.options.blockchainApi),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => resolveName(portico, { name: key ?? '', namespace }),
  }
}
