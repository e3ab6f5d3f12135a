import { type GetBalanceErrorType, type GetBalanceReturnType, getBalance } from '../actions/getBalance.js'
import { balanceRetryLockoutMs } from '../api/blockchainApi.js'
import { balanceStaleTimeMs } from '../defaults.js'
import { HostedTimeoutError } from '../errors/http.js'
import { BalanceUnavailableError } from '../errors/network.js'
import type { Portico } from '../portico.js'
import type { CaipNetworkId } from '../utils/caip.js'
import type { WithQueryError } from './queryError.js'

/**
 * A balance read (hosted API or the chain's own JSON-RPC, with the transport's own retries) gets
 * 10 s in all (the spec's HTTP timeout): a reader always reaches an end state, even when an RPC
 * accepts the connection and never answers.
 */
export const balanceReadTimeoutMs = 10_000

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
 * TanStack Query options for {@link getBalance}: cached 30 s (the spec), disabled until an
 * address and network are known. A failure is final for the spec's 30 s lockout (no query-level
 * retries: the RPC transport already retried, and getBalance refuses during the lockout); the
 * query then refetches on its own when the lockout ends, so a balance comes back without a reload
 * or a user action once the service does. Across reloads, balances are kept 30 s in storage
 * (`state/balanceCache.ts`): the first read of a page load may be answered from there.
 *
 * @example
 * await queryClient.prefetchQuery(balanceQueryOptions(portico, { address, caipNetworkId: 'eip155:1' }))
 */
export function balanceQueryOptions(portico: Portico, parameters: BalanceQueryOptionsParameters = {}) {
  const { query, ...keyParameters } = parameters
  const options = {
    staleTime: balanceStaleTimeMs,
    retry: false,
    refetchInterval: (q: { state: { status: string } }) =>
      q.state.status === 'error' ? balanceLockoutRemainingMs(portico) + 250 : false,
    ...query,
    queryKey: balanceQueryKey(keyParameters),
    enabled: Boolean(keyParameters.address && keyParameters.caipNetworkId && (query?.enabled ?? true)),
    // The page's first read is answered without a request by balances read less than 30 s ago
    // before a reload (the spec's `@portico/portfolio_cache` and `@portico/native_balance_cache`).
    // The cache's code loads with that read: the account button is page start, the cache is not.
    queryFn: async ({ queryKey: [, , account] }: { queryKey: ReturnType<typeof balanceQueryKey> }) =>
      (await import('../state/balanceCache.js')).cachedBalances(portico, account, () =>
        readBalanceWithin(portico, account),
      ),
  }
  return options as WithQueryError<typeof options, GetBalanceErrorType>
}

/**
 * @internal
 * Milliseconds left of the spec's 30 s balance lockout (0 when none). A lockout that ends further
 * away than 30 s means the wall clock was set back after the failure: it is dropped rather than
 * refusing balances for the minutes the clock moved.
 */
export function balanceLockoutRemainingMs(portico: Portico, now = Date.now()): number {
  const until = portico._internal.balanceRetryAt
  if (until === undefined) return 0
  const remaining = until - now
  if (remaining > balanceRetryLockoutMs) {
    portico._internal.balanceRetryAt = now + balanceRetryLockoutMs
    return balanceRetryLockoutMs
  }
  return Math.max(0, remaining)
}

function readBalanceWithin(portico: Portico, parameters: BalanceQueryKeyParameters): Promise<GetBalanceReturnType> {
  balanceLockoutRemainingMs(portico) // re-bases a lockout the clock jumped away from
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The same end state as any failed read: the lockout starts and the alert is raised.
      const retryAt = Date.now() + balanceRetryLockoutMs
      portico._internal.balanceRetryAt = retryAt
      const cause = new HostedTimeoutError({ timeoutMs: balanceReadTimeoutMs })
      portico.alerts.emit('TOKEN_BALANCE_UNAVAILABLE', { cause })
      reject(new BalanceUnavailableError({ cause, retryAt }))
    }, balanceReadTimeoutMs)
  })
  const read = getBalance(portico, parameters)
  read.catch(() => {}) // a read that loses the race must not surface as unhandled
  return Promise.race([read, deadline]).finally(() => clearTimeout(timer))
}
