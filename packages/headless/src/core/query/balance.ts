import { type GetBalanceReturnType, getBalance } from '../actions/getBalance.js'
import type { Portico } from '../config/createPortico.js'
import { balanceStaleTimeMs } from '../config/defaults.js'
import type { CaipNetworkId } from '../utils/caip.js'

export type BalanceQueryKeyParameters = { address?: string | undefined; caipNetworkId?: CaipNetworkId | undefined }

/**
 * Query key of a balance read: `['portico', 'balance', { address, caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: balanceQueryKey({ address }) })
 */
export function balanceQueryKey(parameters: BalanceQueryKeyParameters = {}) {
  const { address, caipNetworkId } = parameters
  return ['portico', 'balance', { address, caipNetworkId }] as const
}

export type BalanceQueryOptionsParameters = BalanceQueryKeyParameters & {
  /** TanStack Query overrides (`staleTime`, `refetchInterval`, `enabled`, …). */
  query?: { enabled?: boolean | undefined; staleTime?: number | undefined; [key: string]: unknown } | undefined
}

/**
 * TanStack Query options for {@link getBalance}: cached 30 s (spec section 9), disabled until an
 * address and network are known.
 *
 * @example
 * await queryClient.prefetchQuery(balanceQueryOptions(portico, { address, caipNetworkId: 'eip155:1' }))
 */
export function balanceQueryOptions(portico: Portico, parameters: BalanceQueryOptionsParameters = {}) {
  const { query, ...keyParameters } = parameters
  return {
    staleTime: balanceStaleTimeMs,
    ...query,
    queryKey: balanceQueryKey(keyParameters),
    enabled: Boolean(keyParameters.address && keyParameters.caipNetworkId && (query?.enabled ?? true)),
    queryFn: ({ queryKey: [, , { address, caipNetworkId }] }: { queryKey: ReturnType<typeof balanceQueryKey> }) =>
      getBalance(portico, { address, caipNetworkId }) as Promise<GetBalanceReturnType>,
  }
}
