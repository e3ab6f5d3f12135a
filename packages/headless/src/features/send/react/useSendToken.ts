'use client'
import { useMutation } from '@tanstack/react-query'
import { getConnection } from '../../../kernel/actions/getConnection.js'
import type { UseMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { sendTokenMutationOptions } from '../query.js'
import type { SendTokenErrorType, SendTokenParameters, SendTokenReturnType } from '../sendToken.js'

export type UseSendTokenParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<SendTokenReturnType, SendTokenErrorType, SendTokenParameters> | undefined
}

/**
 * Sends a token from the connected wallet (EVM native or ERC20, SOL or SPL); `data` is the
 * transaction hash or signature once the chain confirmed it. On success the sender's balances
 * and activity are refetched (their queries are invalidated), then the caller's `onSuccess` runs. Returns the
 * TanStack mutation unchanged: `reset()` clears it for the next send.
 *
 * @example
 * const send = useSendToken()
 * send.mutate({ token: usdc, amount: '5', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 */
export function useSendToken({ mutation }: UseSendTokenParameters = {}) {
  const { portico, queryClient } = usePortico('useSendToken')
  return useMutation<SendTokenReturnType, SendTokenErrorType, SendTokenParameters>(
    {
      ...mutation,
      ...sendTokenMutationOptions(portico),
      async onSuccess(...args) {
        const sender = getConnection(portico).address?.toLowerCase()
        // The sender's balances and activity: the transfer is mined, so both now show it.
        const senders = ({ queryKey }: { queryKey: readonly unknown[] }) =>
          (queryKey[2] as { address?: string } | undefined)?.address?.toLowerCase() === sender
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['portico', 'balance'], predicate: senders }),
          queryClient.invalidateQueries({ queryKey: ['portico', 'transactions'], predicate: senders }),
        ])
        return mutation?.onSuccess?.(...args)
      },
    },
    queryClient,
  )
}
