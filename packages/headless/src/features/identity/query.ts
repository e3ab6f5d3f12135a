import { fetchIdentity } from '../../kernel/api/blockchainApi.js'
import type { Portico } from '../../kernel/portico.js'

/** Spec: name and identity are cached 5 minutes. */
export const identityStaleTimeMs = 5 * 60_000

/**
 * Query options for an address's identity (name, avatar), cached 5 minutes; only with a project id.
 *
 * @example
 * useQuery(identityQueryOptions(portico, { address }), queryClient)
 */
export function identityQueryOptions(portico: Portico, { address }: { address?: string | undefined }) {
  return {
    queryKey: ['portico', 'identity', { address }] as const,
    enabled: Boolean(address && portico.options.projectId && portico.options.blockchainApi),
    staleTime: identityStaleTimeMs,
    retry: false,
    queryFn: () => fetchIdentity(portico, { address: address ?? '' }),
  }
}
