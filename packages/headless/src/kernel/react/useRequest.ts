'use client'
import { useMutation } from '@tanstack/react-query'
import type { RequestErrorType, RequestParameters } from '../actions/request.js'
import { requestMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseRequestParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<unknown, RequestErrorType, RequestParameters> | undefined
}

/**
 * Sends a raw wallet request in the namespace's own format (through the connected wallet's
 * connector). Returns the TanStack mutation unchanged.
 *
 * @example
 * const request = useRequest()
 * request.mutate({ namespace: 'solana', method: 'solana_signTransaction', params: { transaction } })
 */
export function useRequest({ mutation }: UseRequestParameters = {}) {
  const { portico, queryClient } = usePortico('useRequest')
  return useMutation<unknown, RequestErrorType, RequestParameters>(
    { ...mutation, ...requestMutationOptions(portico) },
    queryClient,
  )
}
