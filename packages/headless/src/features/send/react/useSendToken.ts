'use client'
import { useMutation } from '@tanstack/react-query'
import { type UseMutationParameters, withMutationParameters } from '../../../kernel/react/useMutationParameters.js'
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
  const options = sendTokenMutationOptions(portico, { queryClient })
  return useMutation<SendTokenReturnType, SendTokenErrorType, SendTokenParameters>(
    withMutationParameters(options, mutation),
    queryClient,
  )
}
