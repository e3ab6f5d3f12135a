'use client'
import { useMutation } from '@tanstack/react-query'
import { connectMutationOptions } from '../core/query/mutations.js'
import { usePortico } from './usePortico.js'

/**
 * Connects a wallet. Returns the TanStack mutation unchanged (`mutate`, `mutateAsync`, `status`, `error`…).
 *
 * @example
 * const connect = useConnect()
 * connect.mutate({ connector })
 * if (connect.error?.name === 'ConnectionRejectedError') …
 */
export function useConnect() {
  const { portico, queryClient } = usePortico('useConnect')
  return useMutation(connectMutationOptions(portico), queryClient)
}
