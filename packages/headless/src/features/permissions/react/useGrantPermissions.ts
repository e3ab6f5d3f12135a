'use client'
import { useMutation } from '@tanstack/react-query'
import { type UseMutationParameters, withMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type {
  GrantPermissionsErrorType,
  GrantPermissionsParameters,
  GrantPermissionsReturnType,
} from '../grantPermissions.js'
import { grantPermissionsMutationOptions } from '../query.js'

export type UseGrantPermissionsParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?:
    | UseMutationParameters<GrantPermissionsReturnType, GrantPermissionsErrorType, GrantPermissionsParameters>
    | undefined
}

/**
 * Asks the connected wallet to grant permissions (ERC-7715): `data.context` once the user
 * approved, to name in later sends. The permissions list is refetched on success. `error` is
 * 'Smart sessions are not enabled', 'Invalid permission request', 'The wallet does not support
 * permissions' or the user's rejection. Returns the TanStack mutation unchanged.
 *
 * @example
 * const grant = useGrantPermissions()
 * grant.mutate({ expiry, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1', period: 86400 } }] })
 */
export function useGrantPermissions({ mutation }: UseGrantPermissionsParameters = {}) {
  const { portico, queryClient } = usePortico('useGrantPermissions')
  const options = grantPermissionsMutationOptions(portico, { queryClient })
  return useMutation<GrantPermissionsReturnType, GrantPermissionsErrorType, GrantPermissionsParameters>(
    withMutationParameters(options, mutation),
    queryClient,
  )
}
