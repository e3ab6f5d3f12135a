'use client'
import { useMutation } from '@tanstack/react-query'
import type { ConnectErrorType, ConnectParameters, ConnectReturnType } from '../actions/connect.js'
import { connectMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseConnectParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<ConnectReturnType, ConnectErrorType, ConnectParameters> | undefined
}

/**
 * Connects a wallet. Returns the TanStack mutation unchanged (`mutate`, `mutateAsync`, `status`,
 * `error` typed as {@link ConnectErrorType}…). `mutation` takes TanStack's options (`onSuccess`, `retry`…).
 *
 * @example
 * const connect = useConnect({ mutation: { onSuccess: ({ address }) => console.log(address) } })
 * connect.mutate({ connector })
 * if (connect.error?.name === 'ConnectionRejectedError') …
 */
export function useConnect({ mutation }: UseConnectParameters = {}) {
  const { portico, queryClient } = usePortico('useConnect')
  return useMutation<ConnectReturnType, ConnectErrorType, ConnectParameters>(
    { ...mutation, ...connectMutationOptions(portico) },
    queryClient,
  )
}
