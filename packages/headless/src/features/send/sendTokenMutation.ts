import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions } from '../../kernel/query/mutations.js'
import type { SendTokenErrorType, SendTokenParameters, SendTokenReturnType } from './sendToken.js'
import { sendToken } from './sendToken.js'

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
  return { mutationKey: ['portico', 'sendToken'], mutationFn: (variables) => sendToken(portico, variables) }
}
