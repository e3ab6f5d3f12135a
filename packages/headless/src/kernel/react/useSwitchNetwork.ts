'use client'
import { useMutation } from '@tanstack/react-query'
import type {
  SwitchNetworkErrorType,
  SwitchNetworkParameters,
  SwitchNetworkReturnType,
} from '../actions/switchNetwork.js'
import { switchNetworkMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseSwitchNetworkParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<SwitchNetworkReturnType, SwitchNetworkErrorType, SwitchNetworkParameters> | undefined
}

/**
 * Switches the active network (asking the wallet when one is connected). Returns the TanStack
 * mutation unchanged.
 *
 * @example
 * const switchNetwork = useSwitchNetwork()
 * switchNetwork.mutate({ caipNetworkId: 'eip155:8453' })
 */
export function useSwitchNetwork({ mutation }: UseSwitchNetworkParameters = {}) {
  const { portico, queryClient } = usePortico('useSwitchNetwork')
  return useMutation<SwitchNetworkReturnType, SwitchNetworkErrorType, SwitchNetworkParameters>(
    { ...mutation, ...switchNetworkMutationOptions(portico) },
    queryClient,
  )
}
