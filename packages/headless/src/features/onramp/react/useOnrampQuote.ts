'use client'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { type OnrampQuoteQueryKeyParameters, onrampQuoteQueryOptions } from '../onrampQuoteQuery.js'

export type UseOnrampQuoteParameters = OnrampQuoteQueryKeyParameters & {
  query?: { enabled?: boolean | undefined; staleTime?: number | undefined }
}

/**
 * A quote for buying `purchaseCurrency` with `amount` of `paymentCurrency`
 * (`POST /v1/onramp/quote`). Idle until both currencies and a positive amount are set. A failed
 * call gives the placeholder quote (`quote.placeholder`), never an error. `isLoading` is the
 * spec's quote loading flag (set while fetching); `reset()` restores the defaults: no quote and
 * no fetch until the parameters change.
 *
 * @example
 * const { quote, isLoading, reset } = useOnrampQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'ethereum' })
 * quote?.purchaseAmount.amount // '98.00'
 */
export function useOnrampQuote({ query, ...parameters }: UseOnrampQuoteParameters = {}) {
  const { portico, queryClient } = usePortico('useOnrampQuote')
  const { purchaseCurrency, paymentCurrency, amount, network, paymentMethod } = parameters
  const key = JSON.stringify([purchaseCurrency, paymentCurrency, amount, network, paymentMethod])
  // The parameters a reset happened at: the quote stays cleared until they change.
  const [resetAt, setResetAt] = useState<string | undefined>(undefined)
  const options = onrampQuoteQueryOptions(portico, {
    purchaseCurrency,
    paymentCurrency,
    amount,
    network,
    paymentMethod,
    query: { ...query, enabled: (query?.enabled ?? true) && resetAt !== key },
  })
  const result = useQuery(options, queryClient)
  const reset = useCallback(() => {
    setResetAt(key)
    queryClient.removeQueries({ queryKey: ['portico', 'onrampQuote'] })
  }, [key, queryClient])
  const cleared = resetAt === key
  return {
    query: result,
    quote: cleared ? undefined : result.data,
    isLoading: !cleared && result.isFetching,
    reset,
  }
}
