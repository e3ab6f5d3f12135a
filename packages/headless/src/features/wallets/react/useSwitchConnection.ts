'use client'
import { useMutation } from '@tanstack/react-query'
import type { UseMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { switchConnectionMutationOptions } from '../query.js'
import type {
  SwitchConnectionErrorType,
  SwitchConnectionParameters,
  SwitchConnectionReturnType,
} from '../switchConnection.js'

export type UseSwitchConnectionParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?:
    | UseMutationParameters<SwitchConnectionReturnType, SwitchConnectionErrorType, SwitchConnectionParameters>
    | undefined
}

/**
 * Makes one of several connected wallets the active one (see `switchConnection`); every hook then
 * follows it. Returns the TanStack mutation unchanged. Disconnect one with the main entry's
 * `useDisconnect`: `disconnect.mutate({ connection })`.
 *
 * @example
 * const switchConnection = useSwitchConnection()
 * switchConnection.mutate({ connection })
 */
export function useSwitchConnection({ mutation }: UseSwitchConnectionParameters = {}) {
  const { portico, queryClient } = usePortico('useSwitchConnection')
  return useMutation<SwitchConnectionReturnType, SwitchConnectionErrorType, SwitchConnectionParameters>(
    { ...mutation, ...switchConnectionMutationOptions(portico) },
    queryClient,
  )
}
