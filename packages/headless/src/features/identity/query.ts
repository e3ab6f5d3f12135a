import * as z from 'zod/mini'
import { type BlockchainApiErrorType, fetchIdentity, type Identity } from '../../kernel/api/blockchainApi.js'
import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { readStoredCache, writeStoredCache } from '../../kernel/state/storedCache.js'
import { accountKey } from '../../kernel/utils/address.js'

/** Spec: name and identity are cached 5 minutes. */
export const identityStaleTimeMs = 5 * 60_000

/**
 * Query options for an address's identity (name, avatar), cached 5 minutes; only with a project id.
 *
 * @example
 * useQuery(identityQueryOptions(portico, { address }), queryClient)
 */
export function identityQueryOptions(portico: Portico, { address }: { address?: string | undefined }) {
  // One stored entry per account: an EVM address in any case is one, a Solana address is case-sensitive.
  const key = address ? accountKey(address) : ''
  // An identity fetched less than 5 minutes ago, on this page or before a reload, is shown without
  // a request until those 5 minutes are up (the spec's identity cache, `@portico/identity_cache`).
  const stored = () => (key ? readStoredCache(portico, 'identity', key, storedIdentitySchema) : undefined)
  const options = {
    queryKey: ['portico', 'identity', { address }] as const,
    enabled: Boolean(address && portico.options.projectId && portico.options.blockchainApi),
    staleTime: identityStaleTimeMs,
    retry: false,
    initialData: (): Identity | undefined => {
      const value = stored()?.value
      return value && { name: value.name, avatar: value.avatar }
    },
    initialDataUpdatedAt: () => stored()?.timestamp,
    queryFn: async () => {
      const identity = await fetchIdentity(portico, { address: address ?? '' })
      writeStoredCache(portico, 'identity', key, identity)
      return identity
    },
  }
  return options as WithQueryError<typeof options, BlockchainApiErrorType>
}

const storedIdentitySchema = () => z.object({ name: z.optional(z.string()), avatar: z.optional(z.string()) })
