'use client'
import { useMutation } from '@tanstack/react-query'
import type {
  SendTransactionErrorType,
  SendTransactionParameters,
  SendTransactionReturnType,
} from '../actions/sendTransaction.js'
import { sendTransactionMutationOptions } from '../query/mutations.js'
import type { UseMutationParameters } from './useMutationParameters.js'
import { usePortico } from './usePortico.js'

export type UseSendTransactionParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?:
    | UseMutationParameters<SendTransactionReturnType, SendTransactionErrorType, SendTransactionParameters>
    | undefined
}

/**
 * Sends an eip155 transaction from the connected wallet; `data` is the transaction hash.
 * Returns the TanStack mutation unchanged.
 *
 * @example
 * const send = useSendTransaction()
 * send.mutate({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 15n })
 */
export function useSendTransaction({ mutation }: UseSendTransactionParameters = {}) {
  const { portico, queryClient } = usePortico('useSendTransaction')
  return useMutation<SendTransactionReturnType, SendTransactionErrorType, SendTransactionParameters>(
    { ...mutation, ...sendTransactionMutationOptions(portico) },
    queryClient,
  )
}
