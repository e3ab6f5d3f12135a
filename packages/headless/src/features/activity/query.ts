import { accountPagesQuery } from '../../kernel/query/accountPages.js'
import {
  type FetchTransactionsReturnType,
  fetchTransactions,
  type TransactionHistoryErrorType,
} from './fetchTransactions.js'

const transactions = accountPagesQuery<'transactions', FetchTransactionsReturnType, TransactionHistoryErrorType>(
  'transactions',
  fetchTransactions,
)

/**
 * Query key of a history: `['portico', 'transactions', { address, caipNetworkId }]`.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: transactionsQueryKey({ address }) })
 */
export const transactionsQueryKey = transactions.queryKey

/**
 * Infinite-query options for an account's history on one network, paged by the API's cursor.
 * The spec's list states follow: loading, then empty or filled; an error leaves it empty.
 *
 * @example
 * useInfiniteQuery(transactionsInfiniteQueryOptions(portico, { address, caipNetworkId }), queryClient)
 */
export const transactionsInfiniteQueryOptions = transactions.infiniteQueryOptions
