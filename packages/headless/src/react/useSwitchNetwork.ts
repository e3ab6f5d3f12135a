'use client'
import { useMutation } from '@tanstack/react-query'
import { switchNetworkMutationOptions } from '../core/query/mutations.js'
import { usePortico } from './usePortico.js'

/**
 * Switches the active network (and the wallet's, when connected). Returns the TanStack mutation unchanged.
 *
 * @example
 * const switchNetwork = useSwitchNetwork()
 * switchNetwork.mutate({ caipNetworkId: 'eip155:8453' })
 */
export function useSwitchNetwork() {
  const { portico, queryClient } = usePortico('useSwitchNetwork')
  return useMutation(switchNetworkMutationOptions(portico), queryClient)
}
