import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions, PorticoQueryInvalidator } from '../../kernel/query/mutations.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { singleFlightMutation } from '../../kernel/state/singleFlight.js'
import type { TokenBalance } from '../../kernel/types.js'
import { type EstimateSendFeeErrorType, type EstimateSendFeeParameters, estimateSendFee } from './estimateSendFee.js'
import { type SendTokenErrorType, type SendTokenParameters, type SendTokenReturnType, sendToken } from './sendToken.js'

/** A fee goes stale with the gas price and the blockhash: re-quoted every 15 s while shown. */
export const sendFeeStaleTimeMs = 15_000

export type EstimateSendFeeQueryKeyParameters = Partial<EstimateSendFeeParameters> & {
  /** The sender (the connected address): a new account gives a new quote. */
  address?: string | undefined
  caipNetworkId?: string | undefined
}

/**
 * Query key of a fee quote: `['portico', 'estimateSendFee', { address, caipNetworkId, token, amount, receiver, nativePrice }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: ['portico', 'estimateSendFee'] })
 */
export function estimateSendFeeQueryKey(parameters: EstimateSendFeeQueryKeyParameters = {}) {
  const { address, caipNetworkId, token, amount, receiver, nativePrice } = parameters
  return [
    'portico',
    'estimateSendFee',
    { address, caipNetworkId, token: token as TokenBalance | undefined, amount, receiver, nativePrice },
  ] as const
}

export type EstimateSendFeeQueryOptionsParameters = EstimateSendFeeQueryKeyParameters & {
  query?: { enabled?: boolean | undefined; staleTime?: number | undefined; [key: string]: unknown } | undefined
}

/**
 * TanStack Query options for {@link estimateSendFee}: disabled until a sender, token, amount and
 * receiver are known; an invalid input is a query error with the same typed error a send would
 * give, so a form can show it before the user presses Send.
 *
 * @example
 * useQuery(estimateSendFeeQueryOptions(portico, { address, caipNetworkId, token, amount, receiver }), queryClient)
 */
export function estimateSendFeeQueryOptions(portico: Portico, parameters: EstimateSendFeeQueryOptionsParameters = {}) {
  const { query, ...keyParameters } = parameters
  const { address, token, amount, receiver } = keyParameters
  const options = {
    staleTime: sendFeeStaleTimeMs,
    refetchInterval: sendFeeStaleTimeMs,
    retry: false,
    ...query,
    queryKey: estimateSendFeeQueryKey(keyParameters),
    enabled: Boolean(address && token && amount && receiver && (query?.enabled ?? true)),
    queryFn: ({ queryKey: [, , p] }: { queryKey: ReturnType<typeof estimateSendFeeQueryKey> }) =>
      estimateSendFee(portico, { token: p.token, amount: p.amount, receiver: p.receiver, nativePrice: p.nativePrice }),
  }
  return options as WithQueryError<typeof options, EstimateSendFeeErrorType>
}

/**
 * Mutation options for {@link sendToken}: `data` is the transaction hash or Solana signature. Given
 * the query client, once the chain confirmed the transfer the sender's balances and activity are
 * fetched again (`onSuccess`), so both show it at once.
 *
 * @example
 * const mutation = useMutation(sendTokenMutationOptions(portico, { queryClient }))
 * mutation.mutate({ token: usdc, amount: '5', receiver })
 */
export function sendTokenMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<SendTokenReturnType, SendTokenErrorType, SendTokenParameters> {
  const mutationKey = ['portico', 'sendToken'] as const
  // A double click on Send joins the send in flight: one transaction (see `PorticoMutationOptions`).
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => sendToken(portico, variables)),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: () => refetchAfterSendToken(portico, queryClient) }),
  }
}

/** The sender's balances and activity (the connected account's): the transfer is mined, so both now show it. */
async function refetchAfterSendToken(portico: Portico, queryClient: PorticoQueryInvalidator): Promise<void> {
  const sender = getConnection(portico).address?.toLowerCase()
  const senders = ({ queryKey }: { queryKey: readonly unknown[] }) =>
    (queryKey[2] as { address?: string } | undefined)?.address?.toLowerCase() === sender
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['portico', 'balance'], predicate: senders }),
    queryClient.invalidateQueries({ queryKey: ['portico', 'transactions'], predicate: senders }),
  ])
}
