'use client'
import { useMutation } from '@tanstack/react-query'
import { sendTransactionMutationOptions } from '../core/query/mutations.js'
import { usePortico } from './usePortico.js'

/**
 * Sends an eip155 transaction from the connected wallet (injected or WalletConnect). Returns the
 * TanStack mutation unchanged; `data` is the transaction hash.
 *
 * @example
 * const send = useSendTransaction()
 * send.mutate({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 15n })
 */
export function useSendTransaction() {
  const { portico, queryClient } = usePortico('useSendTransaction')
  return useMutation(sendTransactionMutationOptions(portico), queryClient)
}
