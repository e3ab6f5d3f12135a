'use client'
import { useMutation } from '@tanstack/react-query'
import { type UseMutationParameters, withMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { revokePermissionsMutationOptions } from '../query.js'
import type {
  RevokePermissionsErrorType,
  RevokePermissionsParameters,
  RevokePermissionsReturnType,
} from '../revokePermissions.js'

export type UseRevokePermissionsParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?:
    | UseMutationParameters<RevokePermissionsReturnType, RevokePermissionsErrorType, RevokePermissionsParameters>
    | undefined
}

/**
 * Revokes a granted permission, in the wallet or at the hosted service (whichever keeps it); the
 * permissions list is refetched on success. `error` is 'Error revoking smart session' or the
 * user's rejection. Returns the TanStack mutation unchanged.
 *
 * @example
 * const revoke = useRevokePermissions()
 * revoke.mutate({ context: permission.context, source: permission.source })
 */
export function useRevokePermissions({ mutation }: UseRevokePermissionsParameters = {}) {
  const { portico, queryClient } = usePortico('useRevokePermissions')
  const options = revokePermissionsMutationOptions(portico, { queryClient })
  return useMutation<RevokePermissionsReturnType, RevokePermissionsErrorType, RevokePermissionsParameters>(
    withMutationParameters(options, mutation),
    queryClient,
  )
}
