import type { Portico } from '../../kernel/portico.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { fetchOnrampQuote } from './client.js'

export type OnrampQuoteQueryKeyParameters = {
  purchaseCurrency?: string | undefined
  paymentCurrency?: string | undefined
  /** Fiat amount as a decimal string. */
  amount?: string | undefined
  network?: string | undefined
  paymentMethod?: string | undefined
}

/**
 * Query key of an on-ramp quote: `['portico', 'onrampQuote', { purchaseCurrency, paymentCurrency, amount, network, paymentMethod }]`.
 *
 * @example
 * queryClient.removeQueries({ queryKey: ['portico', 'onrampQuote'] }) // reset
 */
export function onrampQuoteQueryKey(parameters: OnrampQuoteQueryKeyParameters = {}) {
  const { purchaseCurrency, paymentCurrency, amount, network, paymentMethod } = parameters
  return ['portico', 'onrampQuote', { purchaseCurrency, paymentCurrency, amount, network, paymentMethod }] as const
}

/**
 * Query options for {@link fetchOnrampQuote}: idle until the currencies and a positive amount are
 * known; `isFetching` is the spec's quote loading flag; a failed call yields the placeholder quote
 * (never an error), so no retry.
 *
 * @example
 * const quote = await queryClient.fetchQuery(onrampQuoteQueryOptions(portico, { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100' }))
 */
export function onrampQuoteQueryOptions(
  portico: Portico,
  parameters: OnrampQuoteQueryKeyParameters & { query?: { enabled?: boolean | undefined; [key: string]: unknown } },
) {
  const { query, ...key } = parameters
  const amount = Number(key.amount)
  const options = {
    staleTime: 30_000,
    retry: false,
    ...query,
    queryKey: onrampQuoteQueryKey(key),
    enabled: Boolean(
      key.purchaseCurrency && key.paymentCurrency && Number.isFinite(amount) && amount > 0 && (query?.enabled ?? true),
    ),
    queryFn: ({ queryKey: [, , params] }: { queryKey: ReturnType<typeof onrampQuoteQueryKey> }) =>
      fetchOnrampQuote(portico, {
        purchaseCurrency: params.purchaseCurrency ?? '',
        paymentCurrency: params.paymentCurrency ?? '',
        amount: params.amount ?? '0',
        network: params.network,
        paymentMethod: params.paymentMethod,
      }),
  }
  return options as WithQueryError<typeof options, never>
}
