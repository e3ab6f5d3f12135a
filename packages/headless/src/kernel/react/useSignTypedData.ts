'use client'
import { useMutation } from '@tanstack/react-query'
import type {
  SignTypedDataErrorType,
  SignTypedDataParameters,
  SignTypedDataReturnType,
} from '../actions/signTypedData.js'
import { signTypedDataMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseSignTypedDataParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<SignTypedDataReturnType, SignTypedDataErrorType, SignTypedDataParameters> | undefined
}

/**
 * Signs EIP-712 typed data with the connected eip155 wallet (installed or over WalletConnect).
 * Returns the TanStack mutation unchanged.
 *
 * @example
 * const sign = useSignTypedData()
 * sign.mutate({ typedData: { domain, types, primaryType: 'Mail', message } })
 */
export function useSignTypedData({ mutation }: UseSignTypedDataParameters = {}) {
  const { portico, queryClient } = usePortico('useSignTypedData')
  return useMutation<SignTypedDataReturnType, SignTypedDataErrorType, SignTypedDataParameters>(
    { ...mutation, ...signTypedDataMutationOptions(portico) },
    queryClient,
  )
}
