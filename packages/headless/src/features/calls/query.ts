import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions } from '../../kernel/query/mutations.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { singleFlightMutation } from '../../kernel/state/singleFlight.js'
import { type GetCallsStatusErrorType, type GetCallsStatusReturnType, getCallsStatus } from './getCallsStatus.js'
import { type GetCapabilitiesErrorType, type GetCapabilitiesReturnType, getCapabilities } from './getCapabilities.js'
import { type SendCallsErrorType, type SendCallsParameters, type SendCallsReturnType, sendCalls } from './sendCalls.js'

type QueryOverrides = { enabled?: boolean | undefined; [key: string]: unknown } | undefined

/**
 * Query key of a batch's status: `['portico', 'callsStatus', { id }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: callsStatusQueryKey({ id }) })
 */
export function callsStatusQueryKey({ id }: { id?: string | undefined } = {}) {
  return ['portico', 'callsStatus', { id }] as const
}

/**
 * TanStack Query options for {@link getCallsStatus}: disabled until an id is known, re-read every
 * second while the batch is pending (EIP-5792 has no event), then left alone.
 *
 * @example
 * const { data } = useQuery(callsStatusQueryOptions(portico, { id }))
 */
export function callsStatusQueryOptions(
  portico: Portico,
  { id, query }: { id?: string | undefined; query?: QueryOverrides } = {},
) {
  const options = {
    retry: false,
    refetchInterval: (q: { state: { data?: GetCallsStatusReturnType | undefined } }) =>
      q.state.data?.status === 'pending' ? 1000 : false,
    ...query,
    queryKey: callsStatusQueryKey({ id }),
    enabled: Boolean(id && (query?.enabled ?? true)),
    queryFn: ({ queryKey: [, , params] }: { queryKey: ReturnType<typeof callsStatusQueryKey> }) =>
      getCallsStatus(portico, { id: params.id as string }),
  }
  return options as WithQueryError<typeof options, GetCallsStatusErrorType>
}

/**
 * Query key of a wallet's capabilities: `['portico', 'capabilities', { address, chainIds }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: capabilitiesQueryKey({ address }) })
 */
export function capabilitiesQueryKey({
  address,
  chainIds,
}: {
  address?: string | undefined
  chainIds?: readonly number[] | undefined
} = {}) {
  return ['portico', 'capabilities', { address, chainIds }] as const
}

/**
 * TanStack Query options for {@link getCapabilities}: disabled until an address is known (the
 * spec: a capabilities request needs an address); a wallet's capabilities rarely change, so they
 * stay fresh for 5 minutes.
 *
 * @example
 * const { data } = useQuery(capabilitiesQueryOptions(portico, { address }))
 */
export function capabilitiesQueryOptions(
  portico: Portico,
  {
    address,
    chainIds,
    query,
  }: { address?: string | undefined; chainIds?: readonly number[] | undefined; query?: QueryOverrides } = {},
) {
  const options = {
    staleTime: 5 * 60_000,
    retry: false,
    ...query,
    queryKey: capabilitiesQueryKey({ address, chainIds }),
    enabled: Boolean(address && (query?.enabled ?? true)),
    queryFn: ({
      queryKey: [, , params],
    }: {
      queryKey: ReturnType<typeof capabilitiesQueryKey>
    }): Promise<GetCapabilitiesReturnType> => getCapabilities(portico, params),
  }
  return options as WithQueryError<typeof options, GetCapabilitiesErrorType>
}

/**
 * Mutation options for {@link sendCalls}: `data` is `{ id }`, the batch id for the status.
 *
 * @example
 * const mutation = useMutation(sendCallsMutationOptions(portico))
 */
export function sendCallsMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SendCallsReturnType, SendCallsErrorType, SendCallsParameters> {
  const mutationKey = ['portico', 'sendCalls'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, (variables) => sendCalls(portico, variables)),
  }
}
