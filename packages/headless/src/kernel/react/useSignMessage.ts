'use client'
import { useMutation } from '@tanstack/react-query'
import type { SignMessageErrorType, SignMessageParameters, SignMessageReturnType } from '../actions/signMessage.js'
import { signMessageMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseSignMessageParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<SignMessageReturnType, SignMessageErrorType, SignMessageParameters> | undefined
}

/**
 * Signs a message with the connected wallet. Returns the TanStack mutation unchanged.
 *
 * @example
 * const sign = useSignMessage()
 * sign.mutate({ message: 'hello' })
 */
export function useSignMessage({ mutation }: UseSignMessageParameters = {}) {
  const { portico, queryClient } = usePortico('useSignMessage')
  return useMutation<SignMessageReturnType, SignMessageErrorType, SignMessageParameters>(
    { ...mutation, ...signMessageMutationOptions(portico) },
    queryClient,
  )
}
