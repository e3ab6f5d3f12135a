'use client'
import { useMutation } from '@tanstack/react-query'
import type { DisconnectErrorType, DisconnectParameters } from '../actions/disconnect.js'
import { disconnectMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseDisconnectParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<void, DisconnectErrorType, DisconnectParameters | undefined> | undefined
}

/**
 * Disconnects one namespace or all. Returns the TanStack mutation unchanged.
 *
 * @example
 * const disconnect = useDisconnect()
 * disconnect.mutate()
 */
export function useDisconnect({ mutation }: UseDisconnectParameters = {}) {
  const { portico, queryClient } = usePortico('useDisconnect')
  return useMutation<void, DisconnectErrorType, DisconnectParameters | undefined>(
    { ...mutation, ...disconnectMutationOptions(portico) },
    queryClient,
  )
}
