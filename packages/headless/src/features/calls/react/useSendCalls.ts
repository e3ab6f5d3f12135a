'use client'
import { useMutation } from '@tanstack/react-query'
import type { UseMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { sendCallsMutationOptions } from '../query.js'
import type { SendCallsErrorType, SendCallsParameters, SendCallsReturnType } from '../sendCalls.js'

export type UseSendCallsParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<SendCallsReturnType, SendCallsErrorType, SendCallsParameters> | undefined
}

/**
 * Sends a batch of calls with the connected eip155 wallet (EIP-5792 `wallet_sendCalls`). Returns
 * the TanStack mutation unchanged; `data.id` feeds {@link useCallsStatus}.
 *
 * @example
 * const send = useSendCalls()
 * send.mutate({ calls: [{ to: usdc, data: approveData }, { to: router, data: swapData }] })
 * const { data: status } = useCallsStatus({ id: send.data?.id })
 */
export function useSendCalls({ mutation }: UseSendCallsParameters = {}) {
  const { portico, queryClient } = usePortico('useSendCalls')
  return useMutation<SendCallsReturnType, SendCallsErrorType, SendCallsParameters>(
    { ...mutation, ...sendCallsMutationOptions(portico) },
    queryClient,
  )
}
