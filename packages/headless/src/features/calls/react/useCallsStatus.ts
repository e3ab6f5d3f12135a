'use client'
import { useQuery } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { callsStatusQueryOptions } from '../query.js'

export type UseCallsStatusParameters = {
  /** The batch id from `useSendCalls`; the query waits until there is one. */
  id?: string | undefined
  query?: { enabled?: boolean | undefined; refetchInterval?: number | false | undefined } | undefined
}

/**
 * The status of a batch sent with {@link useSendCalls} (EIP-5792 `wallet_getCallsStatus`),
 * re-read every second while pending. Returns the TanStack query unchanged.
 *
 * @example
 * const { data } = useCallsStatus({ id: send.data?.id })
 * data?.status // 'pending' | 'success' | 'failure'
 */
export function useCallsStatus({ id, query }: UseCallsStatusParameters = {}) {
  const { portico, queryClient } = usePortico('useCallsStatus')
  return useQuery(callsStatusQueryOptions(portico, { id, query }), queryClient)
}
