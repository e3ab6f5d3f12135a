'use client'
import { useMutation } from '@tanstack/react-query'
import { requestMutationOptions } from '../core/query/mutations.js'
import { usePortico } from './usePortico.js'

/**
 * Sends a raw request to the connected wallet in the namespace's own format (e.g.
 * `cosmos_signDirect`, `solana_signTransaction`, `polkadot_signTransaction`). Over WalletConnect,
 * methods the session did not approve are refused before they are sent.
 *
 * @example
 * const req = useRequest()
 * req.mutate({ namespace: 'solana', method: 'solana_signTransaction', params: { transaction } })
 */
export function useRequest() {
  const { portico, queryClient } = usePortico('useRequest')
  return useMutation(requestMutationOptions(portico), queryClient)
}
