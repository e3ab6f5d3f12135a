import { getFeatures } from '../../kernel/actions/getFeatures.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions, PorticoQueryInvalidator } from '../../kernel/query/mutations.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { singleFlightMutation } from '../../kernel/state/singleFlight.js'
import { type GetPermissionsErrorType, type GetPermissionsReturnType, getPermissions } from './getPermissions.js'
import {
  type GrantPermissionsErrorType,
  type GrantPermissionsParameters,
  type GrantPermissionsReturnType,
  grantPermissions,
} from './grantPermissions.js'
import {
  type RevokePermissionsErrorType,
  type RevokePermissionsParameters,
  type RevokePermissionsReturnType,
  revokePermissions,
} from './revokePermissions.js'

/**
 * Query key of an account's permissions: `['portico', 'permissions', { address, chainId }]`
 * (addresses lower case, so one account is one entry).
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: permissionsQueryKey({ address, chainId: 8453 }) })
 */
export function permissionsQueryKey({
  address,
  chainId,
}: {
  address?: string | undefined
  chainId?: number | undefined
} = {}) {
  return ['portico', 'permissions', { address: address?.toLowerCase(), chainId }] as const
}

/**
 * Query options for {@link getPermissions} of the connected account: idle without an address and
 * while `smartSessions` is off (then nothing is asked of the wallet or the service). A grant can
 * be spent or revoked elsewhere, so it is never fresh for long (30 s) and is not retried.
 *
 * @example
 * useQuery(permissionsQueryOptions(portico, { address, chainId }), queryClient)
 */
export function permissionsQueryOptions(
  portico: Portico,
  { address, chainId }: { address?: string | undefined; chainId?: number | undefined },
) {
  const options = {
    queryKey: permissionsQueryKey({ address, chainId }),
    enabled: Boolean(address && getFeatures(portico).smartSessions),
    staleTime: 30_000,
    retry: false,
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<GetPermissionsReturnType> =>
      getPermissions(portico, { signal }),
  }
  return options as WithQueryError<typeof options, GetPermissionsErrorType>
}

/** The error a permissions query may end in. */
export type PermissionsQueryErrorType = GetPermissionsErrorType

/**
 * Mutation options for {@link grantPermissions}. A double click joins the request in flight: the
 * wallet prompts once. Given the query client, every permissions list is fetched again on success.
 *
 * @example
 * const grant = useMutation(grantPermissionsMutationOptions(portico, { queryClient }))
 * grant.mutate({ expiry, permissions })
 */
export function grantPermissionsMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<GrantPermissionsReturnType, GrantPermissionsErrorType, GrantPermissionsParameters> {
  const mutationKey = ['portico', 'grantPermissions'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => grantPermissions(portico, variables)),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: () => refetchPermissions(queryClient) }),
  }
}

/**
 * Mutation options for {@link revokePermissions}. A double click on Revoke joins the revocation in
 * flight. Given the query client, every permissions list is fetched again on success, so the
 * revoked grant leaves the Account view at once.
 *
 * @example
 * const revoke = useMutation(revokePermissionsMutationOptions(portico, { queryClient }))
 * revoke.mutate({ context, source })
 */
export function revokePermissionsMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<RevokePermissionsReturnType, RevokePermissionsErrorType, RevokePermissionsParameters> {
  const mutationKey = ['portico', 'revokePermissions'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => revokePermissions(portico, variables)),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: () => refetchPermissions(queryClient) }),
  }
}

/**
 * After a grant or a revocation: every permissions list is fetched again, so a revoked grant
 * leaves the Account view at once.
 */
async function refetchPermissions(queryClient: PorticoQueryInvalidator): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['portico', 'permissions'] })
}
