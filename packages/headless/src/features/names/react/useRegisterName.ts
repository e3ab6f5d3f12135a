'use client'
import { useMutation } from '@tanstack/react-query'
import { type UseMutationParameters, withMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { registerNameMutationOptions } from '../query.js'
import type { RegisterNameErrorType, RegisterNameParameters, RegisterNameReturnType } from '../registerName.js'

export type UseRegisterNameParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<RegisterNameReturnType, RegisterNameErrorType, RegisterNameParameters> | undefined
}

/**
 * Registers a name for the connected address with the embedded wallet: `isPending` while the
 * wallet signs and the service stores it, `data.name` once done (`alice.reown.id`). On success the
 * address's names, identity and name suggestions are refetched, so the account button shows the name. `error` is
 * 'Address or auth connector not found', 'Error registering name {name}' (`reason`: invalid-name,
 * taken, failed) or the user's rejection. Returns the TanStack mutation unchanged.
 *
 * @example
 * const register = useRegisterName()
 * register.mutate({ name: 'alice' })
 */
export function useRegisterName({ mutation }: UseRegisterNameParameters = {}) {
  const { portico, queryClient } = usePortico('useRegisterName')
  const options = registerNameMutationOptions(portico, { queryClient })
  return useMutation<RegisterNameReturnType, RegisterNameErrorType, RegisterNameParameters>(
    withMutationParameters(options, mutation),
    queryClient,
  )
}
