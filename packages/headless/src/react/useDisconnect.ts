'use client'
import { useMutation } from '@tanstack/react-query'
import { disconnectMutationOptions } from '../core/query/mutations.js'
import { usePortico } from './usePortico.js'

/**
 * Disconnects one namespace or all. Returns the TanStack mutation unchanged.
 *
 * @example
 * const disconnect = useDisconnect()
 * disconnect.mutate()
 */
export function useDisconnect() {
  const { portico, queryClient } = usePortico('useDisconnect')
  return useMutation(disconnectMutationOptions(portico), queryClient)
}
