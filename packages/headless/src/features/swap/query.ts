import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions, PorticoQueryInvalidator } from '../../kernel/query/mutations.js'
import { singleFlightMutation } from '../../kernel/state/singleFlight.js'
import { type SwapErrorType, type SwapParameters, type SwapReturnType, swap } from './swap.js'
import { withSwapSteps } from './swapStep.js'

/**
 * Mutation options for {@link swap}: approve (or permit) when the allowance is short, then swap.
 * While it runs, its step is the instance's swap step (`getSwapStep` / `watchSwapStep`), and the
 * caller's own `onStep` in the variables is called too. Given the query client, once the swap
 * settles (sent or not: an approval may have gone through) the wallet's balances, allowances and
 * every quote are fetched again (`onSettled`).
 *
 * @example
 * const mutation = useMutation(swapMutationOptions(portico, { queryClient }))
 * mutation.mutate({ from: usdc, to: ptk, amount: parseUnits('100', 6), minimumReceived: quote.minimumReceived })
 */
export function swapMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<SwapReturnType, SwapErrorType, SwapParameters> {
  const mutationKey = ['portico', 'swap'] as const
  // A double click on Swap joins the swap in flight: one approval, one swap transaction.
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables: SwapParameters) =>
      withSwapSteps(portico, (publish) =>
        swap(portico, {
          ...variables,
          onStep(step) {
            publish(step)
            variables.onStep?.(step)
          },
        }),
      ),
    ),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSettled: () => refetchAfterSwap(portico, queryClient) }),
  }
}

/** The connected eip155 wallet's balances and allowances, and every quote (prices moved). */
async function refetchAfterSwap(portico: Portico, queryClient: PorticoQueryInvalidator): Promise<void> {
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
}
