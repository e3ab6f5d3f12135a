import * as z from 'zod/mini'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions, PorticoQueryInvalidator } from '../../kernel/query/mutations.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { singleFlightMutation } from '../../kernel/state/singleFlight.js'
import { readStoredCache, writeStoredCache } from '../../kernel/state/storedCache.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { isValidNameLabel } from './accountName.js'
import { type GetNameSuggestionsErrorType, getNameSuggestions } from './getNameSuggestions.js'
import {
  type GetNamesForAddressErrorType,
  type GetNamesForAddressReturnType,
  getNamesForAddress,
} from './getNamesForAddress.js'
import { isName } from './isName.js'
import {
  type RegisterNameErrorType,
  type RegisterNameParameters,
  type RegisterNameReturnType,
  registerName,
} from './registerName.js'
import { type ResolveNameErrorType, resolveName } from './resolveName.js'

/** Spec: names are cached 5 minutes, like identities. */
export const nameStaleTimeMs = 5 * 60_000

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
  const options = {
    queryKey: ['portico', 'name', { name: key, namespace }] as const,
    // As identities: only where the blockchain API is in use (it needs a project id).
    enabled: Boolean(key && namespace && isName(key) && portico.options.projectId && portico.options.blockchainApi),
    staleTime: nameStaleTimeMs,
    retry: false,
    queryFn: () => resolveName(portico, { name: key ?? '', namespace }),
  }
  return options as WithQueryError<typeof options, ResolveNameErrorType>
}

/**
 * Query options for the profile service's suggestions for a typed name (`['portico',
 * 'nameSuggestions', { label, suffix }]`): idle until the label follows the spec's rule (letters,
 * digits and hyphen, at least 4 characters), and without a project id or the blockchain API.
 *
 * @example
 * useQuery(nameSuggestionsQueryOptions(portico, { name: 'alice' }), queryClient)
 */
export function nameSuggestionsQueryOptions(
  portico: Portico,
  { name, suffix }: { name: string | undefined; suffix?: string | undefined },
) {
  const label = name?.trim().toLowerCase().split('.')[0]
  const zone = (suffix ?? portico.options.nameSuffixes[0]).toLowerCase()
  const options = {
    queryKey: ['portico', 'nameSuggestions', { label, suffix: zone }] as const,
    enabled: Boolean(isValidNameLabel(label) && portico.options.projectId && portico.options.blockchainApi),
    staleTime: nameStaleTimeMs,
    retry: false,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getNameSuggestions(portico, { name: label ?? '', suffix: zone, signal }),
  }
  return options as WithQueryError<typeof options, GetNameSuggestionsErrorType>
}

/**
 * Query key of an address's names: `['portico', 'namesForAddress', { address }]` (EVM addresses
 * lower case, so one address is one entry).
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: namesForAddressQueryKey({ address }) })
 */
export function namesForAddressQueryKey({ address }: { address?: string | undefined } = {}) {
  return ['portico', 'namesForAddress', { address: address?.toLowerCase() }] as const
}

/**
 * Query options for the names pointing to an address (reverse lookup), cached 5 minutes; idle
 * without an address, a project id or the blockchain API.
 *
 * @example
 * useQuery(namesForAddressQueryOptions(portico, { address }), queryClient)
 */
export function namesForAddressQueryOptions(portico: Portico, { address }: { address?: string | undefined }) {
  const key = address?.toLowerCase() ?? ''
  // Names fetched less than 5 minutes ago, on this page or before a reload, are shown without a
  // request until those 5 minutes are up (the spec's name cache, `@portico/name_cache`).
  const stored = () => (key ? readStoredCache(portico, 'name', key, storedNamesSchema) : undefined)
  const options = {
    queryKey: namesForAddressQueryKey({ address }),
    enabled: Boolean(address && portico.options.projectId && portico.options.blockchainApi),
    staleTime: nameStaleTimeMs,
    retry: false,
    initialData: (): GetNamesForAddressReturnType | undefined => stored()?.value,
    initialDataUpdatedAt: () => stored()?.timestamp,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const names = await getNamesForAddress(portico, { address: address ?? '', signal })
      writeStoredCache(portico, 'name', key, names)
      return names
    },
  }
  return options as WithQueryError<typeof options, GetNamesForAddressErrorType>
}

const storedNamesSchema = () => z.array(z.object({ name: z.string(), addresses: z.record(z.string(), z.string()) }))

/**
 * Mutation options for {@link registerName}. A double click on Register joins the registration in
 * flight: the wallet is asked to sign once and the service is called once. Given the query
 * client, a registration refetches the address's names and identity, so the account button shows
 * the new name at once, and the name suggestions (`onSuccess`).
 *
 * @example
 * const mutation = useMutation(registerNameMutationOptions(portico, { queryClient }))
 * mutation.mutate({ name: 'alice' })
 */
export function registerNameMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<RegisterNameReturnType, RegisterNameErrorType, RegisterNameParameters> {
  const mutationKey = ['portico', 'registerName'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => registerName(portico, variables)),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: (data) => refetchAfterRegisterName(queryClient, data) }),
  }
}

/**
 * After a registration: the address's names and identity are fetched again, so the account
 * button and views show the new name at once (not after the 5-minute cache), and suggestions
 * too (the name is taken now).
 */
async function refetchAfterRegisterName(
  queryClient: PorticoQueryInvalidator,
  { address }: { address: string },
): Promise<void> {
  const owner = address.toLowerCase()
  const ownedBy = ({ queryKey }: { queryKey: readonly unknown[] }) =>
    (queryKey[2] as { address?: string } | undefined)?.address?.toLowerCase() === owner
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['portico', 'namesForAddress'], predicate: ownedBy }),
    queryClient.invalidateQueries({ queryKey: ['portico', 'identity'], predicate: ownedBy }),
    // The name is taken now: suggestions that listed it free are stale.
    queryClient.invalidateQueries({ queryKey: ['portico', 'nameSuggestions'] }),
  ])
}
