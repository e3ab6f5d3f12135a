/**
 * A query options factory's object, typed with the error its verb rejects with. TanStack infers a
 * query's `error` from the options' `throwOnError` (whose callback receives it), so typing that
 * option over the verb's `…ErrorType` union is what gives `useQuery(balanceQueryOptions(portico,
 * …)).error` the type `GetBalanceErrorType | null` instead of `Error | null`, in the React hooks and
 * for a host on another TanStack adapter alike. The option is only typed, never set: TanStack's
 * default (the error is returned, not thrown to an error boundary) stays, and a host that sets it
 * gets the typed error in its callback. The mutation factories carry theirs in `onError`
 * (`PorticoMutationOptions`).
 *
 * @example
 * const options = { queryKey, queryFn: () => getBalance(portico, parameters) }
 * return options as WithQueryError<typeof options, GetBalanceErrorType>
 */
export type WithQueryError<options, error> = options & {
  throwOnError?: boolean | ((error: error, query: unknown) => boolean) | undefined
}
