'use client'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { getConnection } from '../../../kernel/actions/getConnection.js'
import type { UseMutationParameters } from '../../../kernel/react/useMutationParameters.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { singleFlightMutation } from '../../../kernel/state/singleFlight.js'
import { type SwapErrorType, type SwapParameters, type SwapReturnType, type SwapStep, swap } from '../swap.js'

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
 * idle or done), `data` holds the hashes. On success the wallet's balances, allowances and quotes
 * are refetched. Returns the TanStack mutation plus `step`.
 *
 * @example
 * const swap = useSwap()
 * swap.mutate({ from: usdc, to: ptk, amount: parseUnits('100', 6), minimumReceived: quote.minimumReceived })
 * swap.step === 'approve' // the wallet is asked to approve USDC first
 */
export function useSwap({ mutation }: UseSwapParameters = {}) {
  const { portico, queryClient } = usePortico('useSwap')
  const [step, setStep] = useState<SwapStep | undefined>(undefined)
  const result = useMutation<SwapReturnType, SwapErrorType, SwapParameters>(
    {
      ...mutation,
      mutationKey: ['portico', 'swap'],
      // A double click on Swap joins the swap in flight: one approval, one swap transaction.
      mutationFn: singleFlightMutation(portico, ['portico', 'swap'], (variables: SwapParameters) =>
        swap(portico, {
          ...variables,
          onStep(next) {
            setStep(next)
            variables.onStep?.(next)
          },
        }),
      ),
      async onSettled(...args) {
        setStep(undefined)
        // Whatever happened, an approval may have landed and the balances moved: read them again.
        const owner = getConnection(portico, { namespace: 'eip155' }).address?.toLowerCase()
        const ownedBy = ({ queryKey }: { queryKey: readonly unknown[] }) => {
          const params = queryKey[2] as { address?: string; userAddress?: string } | undefined
          return (params?.address ?? params?.userAddress)?.toLowerCase() === owner
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['portico', 'balance'], predicate: ownedBy }),
          queryClient.invalidateQueries({ queryKey: ['portico', 'swapAllowance'], predicate: ownedBy }),
          queryClient.invalidateQueries({ queryKey: ['portico', 'swapQuote'] }),
        ])
        return mutation?.onSettled?.(...args)
      },
    },
    queryClient,
  )
  return Object.assign(result, { step })
}
