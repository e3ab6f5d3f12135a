import type { SendTokenErrorType, SendTokenParameters, SendTokenReturnType } from '../actions/sendToken.js'
import { sendToken } from '../actions/sendToken.js'
import type { Portico } from '../config/createPortico.js'
import { singleFlightMutation } from '../state/singleFlight.js'
import type { PorticoMutationOptions } from './mutations.js'

/**
 * Mutation options for {@link sendToken}: `data` is the transaction hash or Solana signature.
 * Not in `mutations.ts` on purpose: that module is on every page's start, sending is not.
 *
 * @example
 * const mutation = useMutation(sendTokenMutationOptions(portico))
 * mutation.mutate({ token: usdc, amount: '5', receiver })
 */
export function sendTokenMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SendTokenReturnType, SendTokenErrorType, SendTokenParameters> {
  const mutationKey = ['portico', 'sendToken'] as const
  // A double click on Send joins the send in flight: one transaction (see `PorticoMutationOptions`).
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => sendToken(portico, variables)),
  }
}
