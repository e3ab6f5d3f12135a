// @portico/headless/activity: an account's transaction history (the `fetchTransactions` client,
// its query options, its typed error), without React (hooks: '/activity/react'). Its own entry, not
// the main one: esbuild splits by file, so anything the main entry re-exports that a lazily loaded
// view uses lands on every page's start (see pageStart.test.ts in @portico/ui).

export {
  type FetchTransactionsReturnType,
  fetchTransactions,
  type Transaction,
  type TransactionHistoryErrorType,
} from '../features/activity/fetchTransactions.js'
export { transactionsInfiniteQueryOptions } from '../features/activity/query.js'
