'use client'
import { useMutation } from '@tanstack/react-query'
import { signMessageMutationOptions } from '../core/query/mutations.js'
import { usePortico } from './usePortico.js'

/**
 * Signs a message with the connected wallet. Returns the TanStack mutation unchanged.
 *
 * @example
 * const sign = useSignMessage()
 * sign.mutate({ message: 'hello' })
 */
export function useSignMessage() {
  const { portico, queryClient } = usePortico('useSignMessage')
  return useMutation(signMessageMutationOptions(portico), queryClient)
}
