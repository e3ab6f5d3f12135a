'use client'
import { useMutation } from '@tanstack/react-query'
import { useCoreState } from '../../../kernel/react/useCoreState.js'
import { type UseMutationParameters, withMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { swapMutationOptions } from '../query.js'
import type { SwapErrorType, SwapParameters, SwapReturnType } from '../swap.js'
import { getSwapStep, watchSwapStep } from '../swapStep.js'

export type UseSwapParameters = {
  /** TanStack mutation options, e.g. `onSuccess`; the function and key are Portico's. */
  mutation?: UseMutationParameters<SwapReturnType, SwapErrorType, SwapParameters> | undefined
}

/**
 * Swaps with the connected eip155 wallet: when the allowance is short of the source amount (in
 * token units) it first approves, by an EIP-2612 permit signature when the token takes one or an
 * approve transaction otherwise, then sends the swap at the spec's 1% slippage and waits for it.
 * Pass the reviewed quote's `minimumReceived` so the chain enforces what the user saw (a market
 * that moved below it ends in `SwapPriceChangedError` with the new quote, nothing sent); `data.received`
 * is what the receipt says arrived.
 * `step` names the step in progress ('allowance', 'approve', 'permit', 'swap'; undefined when
 * idle or done; the instance's `getSwapStep`), `data` holds the hashes. On success the wallet's
 * balances, allowances and quotes are refetched. Returns the TanStack mutation plus `step`.
 *
 * @example
 * const swap = useSwap()
 * swap.mutate({ from: usdc, to: ptk, amount: parseUnits('100', 6), minimumReceived: quote.minimumReceived })
 * swap.step === 'approve' // the wallet is asked to approve USDC first
 */
export function useSwap({ mutation }: UseSwapParameters = {}) {
  const { portico, queryClient } = usePortico('useSwap')
  const step = useCoreState(
    (onChange) => watchSwapStep(portico, { onChange }),
    () => getSwapStep(portico),
    [portico],
  )
  const options = swapMutationOptions(portico, { queryClient })
  const result = useMutation<SwapReturnType, SwapErrorType, SwapParameters>(
    withMutationParameters(options, mutation),
    queryClient,
  )
  return Object.assign(result, { step })
}
